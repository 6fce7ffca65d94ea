import { supportServices } from "../../../contract/constants.ts";
import { t } from "./i18n.ts";

export type SupportService = (typeof supportServices)[number];

/** A service of the contact and support forms as she reads it: the form sends its English value (contract/constants.ts). */
export const serviceName = (service: SupportService): string =>
  ({
    "Fertility Support": t("Fertility Support"),
    "Birth Support": t("Birth Support"),
    "Postpartum Support": t("Postpartum Support"),
    "Birth and Postpartum Support": t("Birth and Postpartum Support"),
    "Virtual Services": t("Virtual Services"),
  })[service];

export { supportServices };
