import type { ReactNode } from "react";
import { StoreContext } from "../lib/store-hooks.ts";
import type { Store } from "../lib/store-hooks.ts";

// The slots are provided by the member frame (member-layout.tsx), the only one whose screens have any.
// MUI's theme is not provided here: only the studio uses MUI, and provides it (features/studio/themed.tsx).
export function Providers({ store, children }: { store: Store; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}
