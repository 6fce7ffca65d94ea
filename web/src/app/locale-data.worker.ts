// Formats a date and an amount in each language it is sent, then says so: see warm-locale-data.ts.
onmessage = (event: MessageEvent<string[]>) => {
  const moment = new Date();
  for (const locale of event.data) {
    try {
      new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short" }).format(moment);
      new Intl.DateTimeFormat(locale, { day: "numeric", month: "long" }).format(moment);
      new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(1);
    } catch {
      // A language the browser cannot format in: the page finds that out on its own.
    }
  }
  postMessage("ready");
};

// A module, so its names stay its own.
export {};
