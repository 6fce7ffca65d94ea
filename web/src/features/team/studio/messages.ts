import { loadCatalogues } from "../../../lib/i18n.ts";

// Studio → Team speaks from the capability's own catalogue (../locales).
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));

export { t, tWith } from "../../../lib/i18n.ts";
