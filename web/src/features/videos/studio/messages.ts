import { loadCatalogues } from "../../../lib/i18n.ts";

// The videos' studio part speaks from the capability's own catalogue (../locales), which
// `npm run messages` fills from every file of features/videos/, these included.
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));

export { pageLocale, t } from "../../../lib/i18n.ts";
