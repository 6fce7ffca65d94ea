import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import type { StudioPlan } from "../../../../../contract/studio/plans.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { LabelledSelect, Loading, ScrollingTable } from "../../../studio-kit/studio-parts.tsx";
import { pageLocale, t } from "./messages.ts";

// Community places (docs/gifts.md): what Supporter tiers paid beyond the standard prices is a fund;
// the doula gives a family who asks a membership from it, with one press. The server keeps the
// account, so a place is never paid twice from the same money.

const money = (cents: number, currency: string) => new Intl.NumberFormat(pageLocale(), { style: "currency", currency }).format(cents / 100);

/** The months a plan is given for: a monthly one 1 to 12, a yearly one in whole years, a one-time one for good. */
const monthChoices = (plan: StudioPlan | undefined): number[] =>
  !plan || plan.billing_interval === "once"
    ? []
    : plan.billing_interval === "year"
      ? [12, 24, 36]
      : Array.from({ length: 12 }, (_, index) => index + 1);

/** What a place of this plan costs the fund, as the server counts it: the plan's price for each period given. */
const costOf = (plan: StudioPlan, months: number) =>
  plan.billing_interval === "once" ? plan.price_minor : plan.price_minor * (plan.billing_interval === "year" ? months / 12 : months);

export function CommunityPlacesSection() {
  const { answer, failure } = useAnswer("communityPlaces");
  const plans = useAnswer("studioPlans").answer?.plans ?? [];
  const send = useSend();
  const giving = useAction();
  const [email, setEmail] = useState("");
  const [planId, setPlanId] = useState("");
  const [months, setMonths] = useState("");
  const plan = plans.find((candidate) => String(candidate.id) === planId) ?? plans[0];
  const choices = monthChoices(plan);
  const chosenMonths = choices.includes(Number(months)) ? Number(months) : choices[0];
  const details = giving.outcome?.tone === "error" ? giving.outcome.details : undefined;
  const give = (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    void giving
      .run(
        () =>
          send("giveCommunityPlace", {
            body: { email, plan_id: plan.id, ...(chosenMonths !== undefined ? { months: chosenMonths } : {}) },
          }),
        (given) => given.message,
      )
      .then((given) => given && setEmail(""));
  };
  return (
    <section aria-labelledby="community-places-heading" style={{ marginTop: 32 }}>
      <h2 id="community-places-heading">{t("Community places")}</h2>
      <p>
        {t(
          "What members paid beyond the standard price when they chose a higher tier. Give a family who asks a membership from it: her courses open at once, and nobody else sees who received it.",
        )}
      </p>
      {!answer ? (
        <Loading failure={failure} what={t("the community fund")} />
      ) : answer.funds.length === 0 ? (
        <p>{t("Nothing in the fund yet: it grows when a member chooses a tier above the standard price.")}</p>
      ) : (
        <ul>
          {answer.funds.map((fund) => {
            const places = plans
              .filter((offered) => offered.currency.toUpperCase() === fund.currency && offered.price_minor > 0)
              .map((offered) => {
                const count = Math.floor(Math.max(0, fund.left) / offered.price_minor);
                if (offered.billing_interval === "month")
                  return t("{count, plural, one {# month} other {# months}} of {plan}", { count, plan: offered.name });
                if (offered.billing_interval === "year")
                  return t("{count, plural, one {# year} other {# years}} of {plan}", { count, plan: offered.name });
                return t("{count, plural, one {# place} other {# places}} in {plan}", { count, plan: offered.name });
              });
            return (
              <li key={fund.currency}>
                <strong>{t("{left} left", { left: money(fund.left, fund.currency) })}</strong>
                {" · "}
                {t("{raised} raised, {given} given as places", {
                  raised: money(fund.raised, fund.currency),
                  given: money(fund.given, fund.currency),
                })}
                {places.length > 0 ? (
                  <Box component="span" sx={{ display: "block" }}>
                    {t("Enough for {places}.", { places: new Intl.ListFormat(pageLocale(), { type: "disjunction" }).format(places) })}
                  </Box>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {plans.length > 0 ? (
        <Box
          component="form"
          noValidate
          aria-label={t("Give a community place")}
          onSubmit={give}
          sx={{ display: "grid", gap: 1.5, maxWidth: 520 }}
        >
          <TextField
            label={t("Her e-mail address (her account's)")}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            autoComplete="off"
            error={Boolean(details?.email)}
            helperText={details?.email ?? t("She makes an account first, if she has none.")}
          />
          <LabelledSelect
            label={t("Plan")}
            value={String(plan?.id ?? "")}
            onChange={setPlanId}
            options={plans.map((offered) => ({ value: String(offered.id), label: offered.name }))}
          />
          {choices.length > 0 ? (
            <LabelledSelect
              label={t("For how long")}
              value={String(chosenMonths)}
              onChange={setMonths}
              options={choices.map((count) => ({
                value: String(count),
                label: t("{count, plural, one {# month} other {# months}}", { count }),
              }))}
            />
          ) : null}
          {plan ? (
            <p style={{ margin: 0 }}>{t("From the fund: {cost}.", { cost: money(costOf(plan, chosenMonths ?? 1), plan.currency) })}</p>
          ) : null}
          <Box>
            <Button type="submit" variant="contained" disabled={giving.busy}>
              {t("Give the place")}
            </Button>
          </Box>
          <OutcomeNotice outcome={giving.outcome} />
        </Box>
      ) : null}
      {answer && answer.given.length > 0 ? (
        <ScrollingTable label={t("Places given")}>
          <table aria-label={t("Places given")} style={{ minWidth: 560 }}>
            <thead>
              <tr>
                <th scope="col">{t("To")}</th>
                <th scope="col">{t("Plan")}</th>
                <th scope="col">{t("From the fund")}</th>
                <th scope="col">{t("Given on")}</th>
              </tr>
            </thead>
            <tbody>
              {answer.given.map((place) => (
                <tr key={place.id}>
                  <th scope="row">
                    {place.member
                      ? `${place.member.name} (${place.member.email})`
                      : place.waiting_for
                        ? t("{email}, waiting for her to confirm her address", { email: place.waiting_for })
                        : t("An account deleted since")}
                  </th>
                  <td>
                    {place.months === null
                      ? place.plan_name
                      : t("{plan}, {count, plural, one {# month} other {# months}}", { plan: place.plan_name, count: place.months })}
                  </td>
                  <td>{money(place.cost, place.currency)}</td>
                  <td>{new Intl.DateTimeFormat(pageLocale(), { dateStyle: "medium" }).format(new Date(place.given_at))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      ) : null}
    </section>
  );
}
