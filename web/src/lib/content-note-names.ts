import { t } from "./i18n.ts";

/**
 * A content note's name in the page's language. The notes the site ships with (docs/product.md,
 * Content notes) are stored under their English names, which stay their keys (her choices, a
 * lesson's notes); they are shown in the reader's language. A note the doula added reads as she wrote it.
 */
export function contentNoteName(name: string): string {
  switch (name) {
    case "Pregnancy loss":
      return t("Pregnancy loss");
    case "Stillbirth":
      return t("Stillbirth");
    case "Emergency caesarean":
      return t("Emergency caesarean");
    case "Instrumental birth":
      return t("Instrumental birth");
    case "Heavy bleeding":
      return t("Heavy bleeding");
    case "NICU stay":
      return t("NICU stay");
    case "Birth trauma":
      return t("Birth trauma");
    case "Graphic birth footage":
      return t("Graphic birth footage");
    default:
      return name;
  }
}
