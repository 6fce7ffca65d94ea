import "./gift-endpoints.ts";
import { type FormEvent, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import type { RegistryPage as Registry } from "../../../../contract/gifts.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { CodeField } from "../../components/code-field.tsx";
import { TierChoice } from "../../components/tier-choice.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { call } from "../../lib/api.ts";
import { browserTimeZone, whenLabel } from "../../lib/time-labels.ts";
import { goToCheckout, money, type Problem } from "./to-checkout.ts";
import { pageLocale, t } from "./messages.ts";

// Her birth registry's page (/registry/NAME, docs/gifts.md): for anyone with the link. Her first
// name, her line, the due month if she chose; friends give towards her doula care or a course.

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat(pageLocale(), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-15T12:00:00Z`));

export default function RegistryPage() {
  const { name = "" } = useParams();
  const [params] = useSearchParams();
  const { answer: registry, failure } = useAnswer("registryPage", { params: { name } });
  if (failure)
    return (
      <PageColumn title={t("A birth registry")}>
        <Notice tone="error" role="alert">
          {failure.error ?? t("This registry could not be loaded. Please try again.")}
        </Notice>
      </PageColumn>
    );
  if (!registry) return <Spinner />;
  const title = registry.first_name ? t("{name}'s birth registry", { name: registry.first_name }) : t("A birth registry");
  return (
    <PageColumn title={title}>
      {registry.line ? <p style={{ margin: "0 0 8px", whiteSpace: "pre-line" }}>{registry.line}</p> : null}
      {registry.due_month ? (
        <p className="quiet-text" style={{ margin: "0 0 16px" }}>
          {t("Baby due in {month}.", { month: monthLabel(registry.due_month) })}
        </p>
      ) : null}
      {params.get("given") === "1" ? (
        <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
          {t("Thank you. She is told of your gift as soon as the payment is through.")}
        </Notice>
      ) : null}
      {params.get("checkout") === "cancelled" ? (
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          {t("No payment was taken. You can give whenever you are ready.")}
        </Notice>
      ) : null}
      <Given registry={registry} />
      {registry.open ? (
        <GiveForm name={name} registry={registry} />
      ) : (
        <Notice tone="info" role="status">
          {t("This registry is closed, so it takes nothing more. Thank you for thinking of her.")}
        </Notice>
      )}
    </PageColumn>
  );
}

function Given({ registry }: { registry: Registry }) {
  if (registry.given.count === 0) return null;
  return (
    <section aria-labelledby="given-heading" style={{ marginBottom: 24 }}>
      <h2 id="given-heading" className="section-title">
        {t("Given so far")}
      </h2>
      <p style={{ margin: "4px 0 8px" }}>
        {t("{total}, from {count, plural, one {# person} other {# people}}.", {
          total: registry.given.totals.map((total) => money(total.amount, total.currency)).join(", "),
          count: registry.given.count,
        })}
      </p>
      {registry.given.givers.length > 0 ? (
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {registry.given.givers.map((giver, index) => (
            <li key={index}>
              <strong>{giver.name}</strong>
              {giver.message ? `: “${giver.message}”` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function GiveForm({ name, registry }: { name: string; registry: Registry }) {
  const choices = [
    ...(registry.care ? ["care"] : []),
    ...registry.plans.map((plan) => String(plan.id)),
    // A full class is shown, but cannot be chosen until a place opens.
    ...registry.classes.filter((live) => live.places_left > 0).map((live) => `class-${live.id}`),
  ];
  const [choice, setChoice] = useState(choices[0] ?? "");
  const [tierName, setTierName] = useState<string | null>(null);
  const [fields, setFields] = useState({ amount: "", giver_name: "", giver_email: "", message: "", code: "" });
  const [shown, setShown] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  if (choices.length === 0) return null;
  // Pay what you can: the tiers of the plan or class chosen, the standard price chosen at first.
  const item = choice.startsWith("class-")
    ? registry.classes.find((live) => `class-${live.id}` === choice)
    : registry.plans.find((plan) => String(plan.id) === choice);
  const tiers = item?.tiers ?? [];
  const tier = tiers.find((candidate) => candidate.name === tierName) ?? tiers.find((candidate) => candidate.price === item?.price);
  const choose = (next: string) => {
    setChoice(next);
    setTierName(null);
  };
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const field = (key: keyof typeof fields) => ({
    name: key,
    value: fields[key],
    onChange: set(key),
    error: Boolean(problem?.details?.[key]),
    helperText: problem?.details?.[key],
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    const amount = Math.round(Number(fields.amount.replace(",", ".")) * 100);
    await goToCheckout(
      () =>
        call("contributeToRegistry", {
          params: { name },
          body: {
            ...(choice === "care"
              ? { amount: Number.isFinite(amount) ? amount : 0 }
              : {
                  ...(choice.startsWith("class-") ? { class_id: Number(choice.slice("class-".length)) } : { plan_id: Number(choice) }),
                  ...(tier ? { tier: tier.name } : {}),
                  ...(fields.code.trim() ? { code: fields.code } : {}),
                }),
            giver_name: fields.giver_name,
            giver_email: fields.giver_email,
            message: fields.message,
            public: shown,
          },
        }),
      (refused) => {
        setProblem(refused);
        setBusy(false);
      },
    );
  };
  return (
    <section aria-labelledby="give-heading">
      <h2 id="give-heading" className="section-title">
        {t("Give")}
      </h2>
      <form method="post" onSubmit={(event) => void submit(event)} className="stack" aria-busy={busy}>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, padding: 0 }}>{t("What you give")}</legend>
          {registry.care ? (
            <label style={{ display: "flex", gap: 10, alignItems: "center", minHeight: 44 }}>
              <input
                type="radio"
                name="gift"
                checked={choice === "care"}
                onChange={() => choose("care")}
                style={{ width: 20, height: 20 }}
              />
              {t("A contribution to her doula care")}
            </label>
          ) : null}
          {registry.plans.map((plan) => (
            <label key={plan.id} style={{ display: "flex", gap: 10, alignItems: "flex-start", minHeight: 44 }}>
              <input
                type="radio"
                name="gift"
                checked={choice === String(plan.id)}
                onChange={() => choose(String(plan.id))}
                style={{ width: 20, height: 20, marginTop: 2 }}
              />
              <span>
                <strong>{plan.name}</strong>: {money(plan.price, plan.currency)}
                {plan.billing_interval === "once" ? "" : ` (${t("one month")})`}
                <span className="small-text quiet-text" style={{ display: "block" }}>
                  {plan.description}
                </span>
              </span>
            </label>
          ))}
          {registry.classes.map((live) => (
            <label key={`class-${live.id}`} style={{ display: "flex", gap: 10, alignItems: "flex-start", minHeight: 44 }}>
              <input
                type="radio"
                name="gift"
                checked={choice === `class-${live.id}`}
                disabled={live.places_left === 0}
                onChange={() => choose(`class-${live.id}`)}
                style={{ width: 20, height: 20, marginTop: 2 }}
              />
              <span>
                <strong>{t("A place in “{title}”", { title: live.title })}</strong>: {money(live.price, live.currency)}
                <span className="small-text quiet-text" style={{ display: "block" }}>
                  {live.places_left === 0
                    ? t("A live class, {when}. It is full just now, so a place in it cannot be given.", {
                        when: whenLabel(live.starts_at, browserTimeZone()),
                      })
                    : t("A live class, {when}. The place is held in her name while you pay.", {
                        when: whenLabel(live.starts_at, browserTimeZone()),
                      })}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {item && tiers.length > 0 ? (
          <TierChoice
            legend={t("Choose what you pay")}
            name="tier"
            tiers={tiers}
            chosen={tier?.name}
            onChoose={setTierName}
            priceOf={(price) => money(price, item.currency)}
          />
        ) : null}
        {choice === "care" && registry.care ? (
          <TextField
            label={t("Amount ({currency})", { currency: registry.care.currency })}
            type="text"
            autoComplete="off"
            required
            {...field("amount")}
            helperText={problem?.details?.amount ?? t("From {least}.", { least: money(registry.care.least, registry.care.currency) })}
          />
        ) : null}
        {choice !== "care" ? (
          <CodeField
            summary={t("Have a code?")}
            label={t("Code")}
            value={fields.code}
            onChange={(code) => setFields((current) => ({ ...current, code }))}
            error={Boolean(problem?.details?.code)}
            helperText={problem?.details?.code}
          />
        ) : null}
        <TextField label={t("Your name")} autoComplete="name" required {...field("giver_name")} />
        <TextField label={t("Your e-mail address")} type="email" autoComplete="email" required {...field("giver_email")} />
        <TextField label={t("Your message (optional)")} multiline minRows={3} {...field("message")} />
        <label style={{ display: "flex", gap: 10, alignItems: "center", minHeight: 44 }}>
          <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} />
          {t("Show my first name and message on this page")}
        </label>
        {problem ? (
          <Notice tone="error" role="alert">
            {problem.text}
          </Notice>
        ) : null}
        <div>
          <button type="submit" className="button button-contained" disabled={busy}>
            {busy ? t("Opening the secure payment page…") : t("Go to payment")}
          </button>
        </div>
        <p className="small-text quiet-text" style={{ margin: 0 }}>
          {t("She sees your name and message in the mail we send her. Payment happens on Stripe's secure page.")}
        </p>
      </form>
    </section>
  );
}
