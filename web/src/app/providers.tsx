import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { SlotsContext } from "../lib/slots.tsx";
import { slots } from "./slots.ts";
import type { AppStore } from "./store.ts";

// MUI's theme is not provided here: only the studio uses MUI, and provides it (features/studio/themed.tsx).
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <SlotsContext.Provider value={slots}>{children}</SlotsContext.Provider>
    </Provider>
  );
}
