// The first date or amount a page formats makes the browser load its locale data: about 50 ms
// of a phone's main thread in one piece, during which she cannot scroll or tap (Lighthouse's total
// blocking time; docs/performance.md). The browser keeps that data for the whole tab, workers
// included, so a worker loads it beside the page while the page loads its own parts.
import { pageLocale } from "../lib/i18n.ts";

/** Starts loading the locale data of the reader's languages (and the page's own) in a worker. */
export function warmLocaleData(): void {
  if (typeof Worker === "undefined") return;
  try {
    const worker = new Worker(new URL("./locale-data.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = () => worker.terminate();
    worker.postMessage([...new Set([pageLocale(), ...navigator.languages])]);
  } catch {
    // Nothing is lost: the page loads the data itself the first time it formats.
  }
}
