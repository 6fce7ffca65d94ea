import "./payment-endpoints.ts";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { SubscriptionPlan } from "../../../../contract/catalogue.ts";
import type { MyPurchases } from "../../../../contract/payments.ts";
import { Notice } from "../../components/notice.tsx";
import { TierChoice } from "../../components/tier-choice.tsx";
import { CodeField } from "../../components/code-field.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { call, failureOf } from "../../lib/api.ts";
import { isCourseId, useSelectedCourse } from "../../lib/catalogue.ts";
import { useSiteDetails } from "../../lib/site-details.ts";
import { leaveFor } from "./payments-api.ts";
import { pageLocale } from "../../lib/i18n.ts";
import { t, tWith } from "./messages.ts";

export function formatPrice(plan: Pick<SubscriptionPlan, "price" | "currency" | "billing_interval">): string {
  const amount = new Intl.NumberFormat(pageLocale(), {
    style: "currency",
    currency: plan.currency,
    currencyDisplay: "narrowSymbol",
  }).format(plan.price / 100);
  if (plan.billing_interval === "once") return t("{amount} once", { amount });
  return plan.billing_interval === "year" ? t("{amount} a year", { amount }) : t("{amount} a month", { amount });
}

/** Buy or Subscribe for one plan: the server creates Stripe's checkout page, and the browser goes there. */
function PlanCard({ plan, courseId, online, code }: { plan: SubscriptionPlan; courseId: number; online: boolean; code: string }) {
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const tiers = plan.tiers ?? [];
  // Pay what you can: the plan's own price is chosen at first, when it is one of the tiers.
  const [tierName, setTierName] = useState(() => (tiers.find((tier) => tier.price === plan.price) ?? tiers[0])?.name);
  const tier = tiers.find((candidate) => candidate.name === tierName);
  const priced = tier ? { ...plan, price: tier.price } : plan;
  const action = plan.billing_interval === "once" ? t("Buy") : t("Subscribe");
  const headingId = `plan-${plan.id}-name`;
  const buy = async () => {
    setLeaving(true);
    setProblem(null);
    try {
      // The server checks the code and computes the price; Checkout shows the reduced line (docs/gifts.md).
      const { url } = await call("startCheckout", {
        body: { plan_id: plan.id, course_id: courseId, ...(code.trim() ? { code } : {}), ...(tier ? { tier: tier.name } : {}) },
      });
      // Stays busy while the browser leaves, so a second tap cannot start a second checkout.
      leaveFor(url);
    } catch (error) {
      setProblem(failureOf(error).error ?? t("We could not open the payment page just now. Nothing was charged. Please try again."));
      setLeaving(false);
    }
  };
  return (
    <section className="card" aria-labelledby={headingId}>
      <div style={{ padding: online ? "16px 16px 8px" : 16 }}>
        <h2 id={headingId} className="section-title">
          {plan.name}
        </h2>
        {tiers.length === 0 ? <p style={{ margin: "4px 0", fontWeight: 600 }}>{formatPrice(plan)}</p> : null}
        <p className="small-text" style={{ margin: 0 }}>
          {plan.description}
        </p>
        {tiers.length > 0 ? (
          <TierChoice
            legend={t("Choose what you pay")}
            name={`plan-${plan.id}-tier`}
            tiers={tiers}
            chosen={tierName}
            onChoose={setTierName}
            priceOf={(price) => formatPrice({ ...plan, price })}
          />
        ) : null}
      </div>
      {online ? (
        <div style={{ display: "flex", flexDirection: "column", gap: 8, padding: "0 16px 16px" }}>
          {problem ? (
            <Notice tone="error" role="alert">
              {problem}
            </Notice>
          ) : null}
          <button
            disabled={leaving}
            onClick={() => void buy()}
            aria-label={t("{action}: {plan}, {price}", { action, plan: plan.name, price: formatPrice(priced) })}
            type="button"
            className="button button-contained"
          >
            {leaving ? t("Opening the secure payment page…") : action}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** Her earlier payments, and Stripe's billing portal to change a card or cancel a subscription. */
function Billing({ purchases }: { purchases: MyPurchases }) {
  const [leaving, setLeaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!purchases.can_manage_billing) return null;
  const open = async () => {
    setLeaving(true);
    setProblem(null);
    try {
      leaveFor((await call("billingPortal", { body: {} })).url);
    } catch (error) {
      setProblem(failureOf(error).error ?? t("We could not open the billing page just now. Please try again."));
      setLeaving(false);
    }
  };
  return (
    <section aria-labelledby="billing-heading" style={{ marginTop: 24 }}>
      <h2 id="billing-heading" className="section-title" style={{ marginBottom: 8 }}>
        {t("Billing")}
      </h2>
      <p style={{ margin: "0 0 8px" }}>{t("Change your card, see your receipts or cancel a subscription on Stripe's secure page.")}</p>
      {problem ? (
        <Notice tone="error" role="alert" style={{ marginBottom: 8 }}>
          {problem}
        </Notice>
      ) : null}
      <button disabled={leaving} onClick={() => void open()} type="button" className="button button-outlined">
        {t("Manage billing")}
      </button>
    </section>
  );
}

export default function PurchasePage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get("course"));
  const cancelled = params.get("checkout") === "cancelled";
  const { courseObject: current, status } = useSelectedCourse(courseId);
  const site = useSiteDetails();
  const online = site?.online_payment ?? false;
  const purchases = useAnswer("myPurchases", undefined, { skip: !online }).answer ?? null;
  const [code, setCode] = useState(() => params.get("code") ?? "");

  if (!isCourseId(courseId)) {
    return (
      <PageColumn title={t("Choose a course first")}>
        <Link to="/library" className="button button-contained">
          {t("Go to the Library")}
        </Link>
      </PageColumn>
    );
  }
  if (!current) return status === "failed" ? <PageColumn title={t("This course could not be loaded")}>{null}</PageColumn> : <Spinner />;
  // The site details may be slow or fail on a poor connection; the plans show all the same.
  const contact = site ? <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a> : t("us");
  return (
    <PageColumn title={t("Unlock {course}", { course: current.courseTitle })}>
      {cancelled ? (
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          {t("No payment was taken. You can choose a plan whenever you are ready, or preview the course first.")}
        </Notice>
      ) : null}
      {current.subscription_plans.length === 0 ? (
        <p style={{ margin: "0 0 16px" }}>{t("No plan includes this course yet. You can preview it for free meanwhile.")}</p>
      ) : (
        <p style={{ margin: "0 0 16px" }}>
          {current.subscription_plans.length === 1
            ? t("This course is included in the plan below.")
            : t("This course is included in the plans below.")}{" "}
          {online
            ? t("Payment happens on Stripe's secure page; your card details never reach this site.")
            : t("Online payment is not open during the beta yet.")}
        </p>
      )}
      {online && current.subscription_plans.length > 0 ? (
        <div style={{ margin: "0 0 16px" }}>
          <CodeField
            summary={t("Have a code?")}
            label={t("Code")}
            value={code}
            onChange={setCode}
            helperText={t("The price with the code is shown on the payment page, before you pay.")}
          />
        </div>
      ) : null}
      {current.subscription_plans.map((plan) => (
        <PlanCard key={plan.id} plan={plan} courseId={courseId} online={online} code={code} />
      ))}
      {online ? (
        <p style={{ margin: "0 0 16px" }}>{tWith("Questions before you choose? Write to {contact}.", { contact })}</p>
      ) : (
        <>
          <h2 className="section-title" style={{ marginTop: 24, marginBottom: 8 }}>
            {t("How to get access")}
          </h2>
          <p style={{ margin: "0 0 16px" }}>
            {tWith(
              "Write to {contact} with the plan you would like, and the instructor will open the course on your account, usually within a day.",
              { contact },
            )}
          </p>
        </>
      )}
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Link to={`/course?course=${courseId}`} className="button button-outlined">
          {t("Preview the course")}
        </Link>
        <Link to="/library" className="button">
          {t("Back to Library")}
        </Link>
      </div>
      {purchases ? <Billing purchases={purchases} /> : null}
    </PageColumn>
  );
}
