import { loadCatalogues } from "../../../lib/i18n.ts";

// The course editor speaks from the courses' own catalogue (../locales), which `npm run messages`
// fills from every file of features/courses/, this folder's included.
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));

export { pageLocale, t, tWith } from "../../../lib/i18n.ts";
