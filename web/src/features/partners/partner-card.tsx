import { Link } from "react-router";
import type { PartnerLink } from "../../../../contract/partners.ts";
import type { HomeCardProps } from "../../lib/slots.tsx";
import { pageLocale } from "../../lib/i18n.ts";
import { t } from "./messages.ts";

/** Where she is in her pregnancy, as her linked partner reads it on /home, with what she shares. */
export function stageSentence(member: NonNullable<PartnerLink["member"]>): string | null {
  if (member.baby_arrived) return t("Her baby has arrived.");
  if (member.week !== null) return t("{week, plural, one {She is # week.} other {She is # weeks.}}", { week: member.week });
  return null;
}

/** /home on a partner's account: whose partner he is, her week, and the way to what she shares. */
export default function PartnerCard({ answer: link }: HomeCardProps<"partner">) {
  const member = link.member;
  if (!member) return null;
  const stage = stageSentence(member);
  const due = member.due_date
    ? new Date(`${member.due_date}T12:00:00Z`).toLocaleDateString(pageLocale(), { day: "numeric", month: "long", timeZone: "UTC" })
    : null;
  return (
    <section aria-labelledby="partner-card-heading" className="home-card">
      <h2 id="partner-card-heading" className="home-card-title">
        {member.first_name ? t("With {name}", { name: member.first_name }) : t("With your partner")}
      </h2>
      <p style={{ margin: "0 0 8px" }}>
        {stage ?? t("She has not given a due date yet.")}
        {due && !member.baby_arrived ? ` ${t("Her baby is due on {due}.", { due })}` : ""}
      </p>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>
          <Link to="/library">{t("The courses for partners")}</Link>
        </li>
        {member.shares_birth_plan ? (
          <li>
            <Link to="/birth-plan">{t("Her birth preferences")}</Link>
          </li>
        ) : null}
        {member.shares_timer ? (
          <li>
            <Link to="/timer">{t("Her contraction timer, live")}</Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
