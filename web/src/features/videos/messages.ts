import { loadCatalogues } from "../../lib/i18n.ts";

// The member's side of her own videos speaks from the capability's catalogue (./locales), loaded
// with its parts only.
await loadCatalogues(import.meta.glob("./locales/en.ts", { eager: true }), import.meta.glob(["./locales/*.ts", "!./locales/en.ts"]));

export { t } from "../../lib/i18n.ts";
