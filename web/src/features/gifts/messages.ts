import { loadCatalogues } from "../../lib/i18n.ts";

// The gift pages' sentences in the page's language, loaded before they render (web/src/lib/i18n.ts).
await loadCatalogues(import.meta.glob("./locales/en.ts", { eager: true }), import.meta.glob(["./locales/*.ts", "!./locales/en.ts"]));

export { pageLocale, t, tWith } from "../../lib/i18n.ts";
