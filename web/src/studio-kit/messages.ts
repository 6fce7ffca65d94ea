import { loadCatalogues } from "../lib/i18n.ts";

// The studio kit's sentences in the page's language, loaded with the studio's screens that use it (web/src/lib/i18n.ts).
await loadCatalogues(import.meta.glob("./locales/en.ts", { eager: true }), import.meta.glob(["./locales/*.ts", "!./locales/en.ts"]));

export { pageLocale, t, tWith } from "../lib/i18n.ts";
