import type { ReactNode } from "react";
import { Provider } from "react-redux";
import type { AppStore } from "./store.ts";

// MUI's theme is not provided here: only the studio uses MUI, and provides it (features/studio/themed.tsx).
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
