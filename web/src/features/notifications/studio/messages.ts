import { loadCatalogues } from "../../../lib/i18n.ts";

// Its studio page speaks from the capability's own catalogue (../locales), which `npm run messages`
// fills from every file of features/notifications/, this folder included.
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));

export { t } from "../../../lib/i18n.ts";
