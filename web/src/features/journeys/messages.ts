import { loadCatalogues } from "../../lib/i18n.ts";

// This feature's sentences in the page's language, loaded before its screens render (web/src/lib/i18n.ts).
await loadCatalogues(import.meta.glob("./locales/en.ts", { eager: true }), import.meta.glob(["./locales/*.ts", "!./locales/en.ts"]));

export { t, tWith } from "../../lib/i18n.ts";
