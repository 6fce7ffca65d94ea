import { useEffect } from "react";
import { addressOf } from "../../../lib/api.ts";

/** Reads the alerts again whenever one comes to her or changes, on any server (the studio's event stream). */
export function useAlertsLive(refresh: () => void): void {
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const events = new EventSource(addressOf("studioLabourEvents"));
    events.addEventListener("changed", () => refresh());
    return () => events.close();
  }, [refresh]);
}
