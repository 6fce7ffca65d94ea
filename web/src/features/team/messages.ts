import { loadCatalogues } from "../../lib/i18n.ts";

// This capability's sentences outside the studio (its invitation's words), from its own catalogue.
await loadCatalogues(import.meta.glob("./locales/en.ts", { eager: true }), import.meta.glob(["./locales/*.ts", "!./locales/en.ts"]));

export { t } from "../../lib/i18n.ts";
