import { loadCatalogues } from "../../../lib/i18n.ts";

// The labour line's studio pages speak from the capability's own catalogue (../locales).
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));

export { pageLocale, t, tWith } from "../../../lib/i18n.ts";
