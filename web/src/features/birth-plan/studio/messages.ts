import { loadCatalogues } from "../../../lib/i18n.ts";

// The birth preferences' studio page speaks from the capability's own catalogue (../locales), which
// `npm run messages` fills from every file of features/birth-plan/, this folder's included.
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));

export { t, tWith } from "../../../lib/i18n.ts";
