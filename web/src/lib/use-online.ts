import { useEffect, useRef, useSyncExternalStore } from "react";

/** Whether the browser believes it has a network, kept current by its online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener("online", listener);
      window.addEventListener("offline", listener);
      return () => {
        window.removeEventListener("online", listener);
        window.removeEventListener("offline", listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** Runs `whenBack` each time the browser goes from offline to online (not on the first render). */
export function useBackOnline(whenBack: () => void): boolean {
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) whenBack();
    wasOnline.current = online;
  }, [online, whenBack]);
  return online;
}
