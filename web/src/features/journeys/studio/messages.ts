import { loadCatalogues } from "../../../lib/i18n.ts";

// Studio → Journeys speaks from the capability's own catalogue (../locales), which `npm run messages`
// fills from every file of features/journeys/, this folder's included.
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));

export { t, tWith } from "../../../lib/i18n.ts";
