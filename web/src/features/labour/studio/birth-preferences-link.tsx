import { addressOf } from "../../../lib/api.ts";
import { t } from "./messages.ts";

/** Her birth preferences for her doulas, while she shares them (the PDF the server keeps to her doula and her backup). */
export function BirthPreferencesLink({ recordId, shared }: { recordId: number; shared: boolean }) {
  if (!shared) return <>{t("Not shared with you")}</>;
  return (
    <a href={addressOf("careBirthPlanPdf", { params: { id: recordId }, query: { size: "a4" } })} download>
      {t("Her birth preferences (PDF)")}
    </a>
  );
}
