import { Link } from "react-router";
import type { PartnerCareRecord } from "../../../../contract/care.ts";
import type { HomeCardProps } from "../../lib/slots.tsx";
import { dayHasPassed, dayLabel } from "./care-dates.ts";
import { t } from "./messages.ts";

/** /home for her doula's birth clients: her client space, and the one thing it asks of her next. */
export default function CareCard({ answer: { records, partner_of } }: HomeCardProps<"myCare">) {
  const record = [...records].reverse().find((one) => one.stage !== "closed");
  if (!record) {
    const shared = partner_of.at(-1);
    return shared ? <PartnerCareCard record={shared} /> : null;
  }
  const unpaid = record.payments.find((payment) => !payment.paid && !payment.waived);
  const next = !record.agreement.signed
    ? t("Your agreement is waiting for you to read and sign.")
    : record.questionnaires.some((questionnaire) => !questionnaire.done)
      ? t("A questionnaire from your doula is waiting for you.")
      : unpaid && (dayHasPassed(unpaid.due_on) || unpaid.kind === "deposit")
        ? t("A payment is due.")
        : null;
  return (
    <CardFrame
      title={t("Your client space")}
      onCall={t("Your doula is on call for you from {from} to {until}.", {
        from: dayLabel(record.on_call_from),
        until: dayLabel(record.on_call_until),
      })}
      next={next}
      link={t("Open your client space")}
    />
  );
}

/** The same card on her partner's account: the weeks her doula is on call, and the way to her visits. */
function PartnerCareCard({ record }: { record: PartnerCareRecord }) {
  return (
    <CardFrame
      title={t("Her doula")}
      onCall={t("Her doula is on call from {from} to {until}.", {
        from: dayLabel(record.on_call_from),
        until: dayLabel(record.on_call_until),
      })}
      next={null}
      link={t("Her visits and on-call weeks")}
    />
  );
}

function CardFrame({ title, onCall, next, link }: { title: string; onCall: string; next: string | null; link: string }) {
  return (
    <section aria-labelledby="care-card-heading" className="home-card">
      <h2 id="care-card-heading" className="home-card-title">
        {title}
      </h2>
      <p>{onCall}</p>
      {next ? <p>{next}</p> : null}
      <Link to="/care" className="button button-outlined">
        {link}
      </Link>
    </section>
  );
}
