// The first date or amount a page formats makes the browser load its locale data: about 50 ms
// of a phone's main thread in one piece, during which she cannot scroll or tap (Lighthouse's total
// blocking time; docs/performance.md). The browser keeps that data for the whole tab, workers
// included, so a worker loads it beside the page while the page loads its own parts.

/** Starts loading the locale data of the reader's languages (and the app's own en-GB) in a worker. */
export function warmLocaleData(): void {
  if (typeof Worker === "undefined") return;
  try {
    const worker = new Worker(new URL("./locale-data.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = () => worker.terminate();
    worker.postMessage([...new Set([...navigator.languages, "en-GB"])]);
  } catch {
    // Nothing is lost: the page loads the data itself the first time it formats.
  }
}
