import type { careStages } from "../../../../../contract/care.ts";
import { dateFormatOnUse } from "../../../lib/formats.ts";
import { t } from "./messages.ts";

/** Where a client is, as the doula reads it. */
export function stageLabel(stage: (typeof careStages)[number]): string {
  switch (stage) {
    case "invited":
      return t("Invited");
    case "signed":
      return t("Agreement signed");
    case "deposit_paid":
      return t("Deposit paid");
    case "active":
      return t("Active");
    case "on_call":
      return t("On call");
    case "birth":
      return t("Birth");
    case "postpartum":
      return t("Postpartum");
    case "closed":
      return t("Closed");
  }
}

// A care record's dates are calendar days: formatted in UTC so no zone moves one to the day before.
const dayFormat = dateFormatOnUse({ year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

export const clientName = (client: { first_name: string | null; last_name: string | null; email: string | null; id: number }) =>
  [client.first_name, client.last_name].filter(Boolean).join(" ") || client.email || t("Client {id}", { id: client.id });

/** An amount typed in whole units ("1200.50", or "1200,50") in cents, as the services' editor reads prices; NaN when it is not one. */
export function centsOf(typed: string): number {
  const amount = Number(typed.trim().replace(",", "."));
  return typed.trim() !== "" && Number.isFinite(amount) ? Math.round(amount * 100) : Number.NaN;
}
