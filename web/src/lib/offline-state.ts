import { type Store, useShared } from "./store-hooks.ts";

/** Whether the app was opened without a network, as the member whose lessons are saved here. */
export type OfflineState = { openedOffline: boolean };

declare module "./store-hooks.ts" {
  interface SharedState {
    offline: OfflineState;
  }
}

export const initialOfflineState: OfflineState = { openedOffline: false };

/** Whether the app opened without a network, as the member whose lessons are saved here. */
export function useOpenedOffline(): boolean {
  return useShared((state) => state.offline.openedOffline);
}

/** Records whether the app runs on the lessons saved here; a reader renders again only when it changes. */
export function markOpenedOffline(store: Store, openedOffline: boolean): void {
  store.update((state) => (state.offline.openedOffline === openedOffline ? {} : { offline: { openedOffline } }));
}
