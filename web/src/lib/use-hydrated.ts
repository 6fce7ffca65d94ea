import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React adopts a page rendered at build time (web/src/app/prerender.tsx), true once
 * the page's handlers are attached, and true at once when the app renders on its own. A form
 * submitted before its handler exists would be sent by the browser itself, fields and all.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
