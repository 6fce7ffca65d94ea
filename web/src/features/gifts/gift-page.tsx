import "./gift-endpoints.ts";
import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { SubscriptionPlan } from "../../../../contract/catalogue.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { TextField } from "../../components/text-field.tsx";
import { TierChoice } from "../../components/tier-choice.tsx";
import { CodeField } from "../../components/code-field.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { call } from "../../lib/api.ts";
import { dayKey } from "../../lib/calendar-days.ts";
import { useSession } from "../../lib/session.ts";
import { useSiteDetails } from "../../lib/site-details.ts";
import { browserTimeZone } from "../../lib/time-labels.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { goToCheckout, money, type Problem } from "./to-checkout.ts";
import { t, tWith } from "./messages.ts";

// Give a course or a membership (docs/gifts.md): anyone chooses a plan, the person it is for, a
// message and the day it arrives, and pays through Checkout. The server sets the price.

/** The months a plan may be given for: a monthly plan by months, a yearly one by whole years. */
const monthChoices = (plan: SubscriptionPlan): number[] =>
  plan.billing_interval === "month" ? [1, 2, 3, 6, 9, 12] : plan.billing_interval === "year" ? [12, 24, 36] : [];

function monthsLabel(months: number, interval: SubscriptionPlan["billing_interval"]): string {
  if (interval === "year") return months === 12 ? t("1 year") : t("{years} years", { years: months / 12 });
  return months === 1 ? t("1 month") : t("{months} months", { months });
}

/** What the gift costs, as the server will price it: the plan's (or tier's) price, once, times the periods given. */
function totalOf(plan: SubscriptionPlan, tierPrice: number | undefined, months: number): number {
  const unit = tierPrice ?? plan.price;
  if (plan.billing_interval === "once") return unit;
  return plan.billing_interval === "year" ? unit * (months / 12) : unit * months;
}

const emptyFields = { recipient_name: "", recipient_email: "", deliver_on: "", message: "", giver_name: "", giver_email: "", code: "" };

export default function GiftPage() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const site = useSiteDetails();
  const { user } = useSession();
  const catalogue = useAnswer("getCourses").answer;
  const plans = (catalogue?.subscription_plans ?? []).filter((plan) =>
    catalogue?.courses.some((course) => course.subscription_plans.some((offered) => offered.id === plan.id)),
  );
  const [planId, setPlanId] = useState<number | null>(() => Number(params.get("plan")) || null);
  const plan = plans.find((candidate) => candidate.id === planId) ?? plans[0];
  const [months, setMonths] = useState<number | null>(null);
  const [tierName, setTierName] = useState<string | null>(null);
  const [fields, setFields] = useState(emptyFields);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const today = hydrated ? dayKey(new Date().toISOString(), browserTimeZone()) : "";

  useEffect(() => {
    if (today) setFields((current) => (current.deliver_on ? current : { ...current, deliver_on: today }));
  }, [today]);
  useEffect(() => {
    if (user)
      setFields((current) => ({
        ...current,
        giver_email: current.giver_email || user.email,
        giver_name: current.giver_name || [user.first_name, user.last_name].filter(Boolean).join(" "),
      }));
  }, [user]);

  if (params.get("given") === "1") {
    return (
      <PageColumn title={t("Thank you for your gift")}>
        <Notice tone="success" role="status">
          {t(
            "Your receipt is on its way to your inbox, with a link to change the day, her address or your message until the gift is sent. We send it on the day you chose.",
          )}
        </Notice>
      </PageColumn>
    );
  }

  const online = site?.online_payment ?? true;
  const tiers = plan?.tiers ?? [];
  const tier = tiers.find((candidate) => candidate.name === tierName) ?? tiers.find((candidate) => candidate.price === plan?.price);
  const choices = plan ? monthChoices(plan) : [];
  const chosenMonths = months !== null && choices.includes(months) ? months : (choices[0] ?? 1);
  const set = (field: keyof typeof emptyFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const field = (name: keyof typeof emptyFields) => ({
    name,
    value: fields[name],
    onChange: set(name),
    disabled: !hydrated,
    error: Boolean(problem?.details?.[name]),
    helperText: problem?.details?.[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!plan) return;
    setBusy(true);
    setProblem(null);
    const { code, ...rest } = fields;
    await goToCheckout(
      () =>
        call("giftCheckout", {
          body: {
            ...rest,
            plan_id: plan.id,
            ...(choices.length > 0 ? { months: chosenMonths } : {}),
            ...(tier ? { tier: tier.name } : {}),
            ...(code.trim() ? { code } : {}),
          },
        }),
      (refused) => {
        setProblem(refused);
        setBusy(false);
      },
    );
  };

  return (
    <PageColumn title={t("Give a course")}>
      <p style={{ margin: "0 0 16px" }}>
        {t(
          "A course for a first baby, or a membership for the months ahead: choose it, tell us who it is for and the day it should arrive (today, or the day of the shower). We send her your message and a link that opens it on her account.",
        )}
      </p>
      {params.get("checkout") === "cancelled" ? (
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          {t("No payment was taken. Your gift is not sent; you can try again whenever you are ready.")}
        </Notice>
      ) : null}
      {!online ? (
        <Notice tone="info" role="status">
          {site
            ? tWith("Gifts are paid online, which is not open yet. Write to {contact} and the instructor will arrange it with you.", {
                contact: <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a>,
              })
            : null}
        </Notice>
      ) : (
        <form method="post" onSubmit={(event) => void submit(event)} className="stack" aria-busy={busy}>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className="section-title" style={{ padding: 0, marginBottom: 4 }}>
              {t("What to give")}
            </legend>
            {plans.length === 0 ? <p style={{ margin: 0 }}>{catalogue ? t("There is nothing to give yet.") : t("Loading…")}</p> : null}
            {plans.map((candidate) => (
              <label key={candidate.id} style={{ display: "flex", gap: 10, alignItems: "flex-start", padding: "8px 0", minHeight: 44 }}>
                <input
                  type="radio"
                  name="plan"
                  checked={candidate.id === plan?.id}
                  disabled={!hydrated}
                  onChange={() => {
                    setPlanId(candidate.id);
                    setTierName(null);
                  }}
                  style={{ width: 20, height: 20, marginTop: 2 }}
                />
                <span>
                  <strong>{candidate.name}</strong>
                  <span className="small-text quiet-text" style={{ display: "block" }}>
                    {candidate.description}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          {plan && choices.length > 0 ? (
            <div>
              <label htmlFor="gift-months" className="text-field-label">
                {t("For how long")}
              </label>
              <select
                id="gift-months"
                className="text-field-input"
                value={chosenMonths}
                disabled={!hydrated}
                onChange={(event) => setMonths(Number(event.target.value))}
              >
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {monthsLabel(choice, plan.billing_interval)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {plan && tiers.length > 0 ? (
            <TierChoice
              legend={t("Choose what you pay")}
              name="tier"
              tiers={tiers}
              chosen={tier?.name}
              onChoose={setTierName}
              priceOf={(price) => money(price, plan.currency)}
              disabled={!hydrated}
            />
          ) : null}
          <TextField label={t("Her name")} autoComplete="off" required {...field("recipient_name")} />
          <TextField
            label={t("Her e-mail address")}
            type="email"
            autoComplete="off"
            required
            {...field("recipient_email")}
            helperText={problem?.details?.recipient_email ?? t("The gift and its link go here.")}
          />
          <TextField
            label={t("The day it arrives")}
            type="date"
            min={today || undefined}
            required
            {...field("deliver_on")}
            helperText={problem?.details?.deliver_on ?? t("Today, or a day within the coming year.")}
          />
          <TextField label={t("Your message (optional)")} multiline minRows={3} {...field("message")} />
          <TextField label={t("Your name")} autoComplete="name" required {...field("giver_name")} />
          <TextField
            label={t("Your e-mail address")}
            type="email"
            autoComplete="email"
            required
            {...field("giver_email")}
            helperText={problem?.details?.giver_email ?? t("Your receipt goes here.")}
          />
          <CodeField
            summary={t("Have a code?")}
            label={t("Code")}
            value={fields.code}
            onChange={(code) => setFields((current) => ({ ...current, code }))}
            disabled={!hydrated}
            error={Boolean(problem?.details?.code)}
            helperText={problem?.details?.code}
          />
          {plan ? (
            <p style={{ margin: 0, fontWeight: 600 }} aria-live="polite">
              {t("Total: {amount}, paid once.", { amount: money(totalOf(plan, tier?.price, chosenMonths), plan.currency) })}
            </p>
          ) : null}
          {problem ? (
            <Notice tone="error" role="alert">
              {problem.text}
            </Notice>
          ) : null}
          <div>
            <button type="submit" className="button button-contained" disabled={!hydrated || busy || !plan}>
              {busy ? t("Opening the secure payment page…") : t("Go to payment")}
            </button>
          </div>
          <p className="small-text quiet-text" style={{ margin: 0 }}>
            {t(
              "Payment happens on Stripe's secure page; your card details never reach this site. A code comes off on that page, before you pay.",
            )}
          </p>
        </form>
      )}
    </PageColumn>
  );
}
