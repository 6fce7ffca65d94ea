import "./payment-endpoints.ts";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { CheckoutOutcome } from "../../../../contract/payments.ts";
import { useAppDispatch } from "../../lib/store-hooks.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { answersInvalidated, ask } from "../../lib/answers.ts";
import { call, failureOf } from "../../lib/api.ts";
import { t, tWith } from "./messages.ts";

// Stripe tells this site about the payment by webhook, usually within seconds of the redirect here.
const POLL_EVERY_MS = 2_000;
const GIVE_UP_AFTER_MS = 60_000;

type View =
  | { kind: "waiting" }
  | { kind: "open"; outcome: CheckoutOutcome }
  | { kind: "needs-help"; outcome: CheckoutOutcome }
  | { kind: "slow" }
  | { kind: "unknown" };

/** Polls the purchase behind a finished checkout until its courses are open, for a minute at most. */
function useCheckoutOutcome(sessionId: string | null): View {
  const [view, setView] = useState<View>({ kind: "waiting" });
  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    const check = async () => {
      try {
        const outcome = await call("checkoutOutcome", { params: { sessionId } });
        if (stopped) return;
        if (outcome.courses_open) return setView({ kind: "open", outcome });
        if (outcome.status !== "pending" && outcome.status !== "paid") return setView({ kind: "needs-help", outcome });
      } catch (error) {
        if (stopped) return;
        if (failureOf(error).status === 404 || failureOf(error).status === 400) return setView({ kind: "unknown" });
        // A dropped connection on a phone is no reason to stop: try again on the next tick.
      }
      if (Date.now() - startedAt >= GIVE_UP_AFTER_MS) return setView({ kind: "slow" });
      timer = setTimeout(() => void check(), POLL_EVERY_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId]);
  return sessionId ? view : { kind: "unknown" };
}

export default function PurchaseSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get("session_id");
  const courseId = Number(params.get("course"));
  const view = useCheckoutOutcome(sessionId);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const support = <Link to="/support">{t("the Support page")}</Link>;

  if (view.kind === "unknown") {
    return (
      <PageColumn title={t("We could not find this payment")}>
        <p style={{ margin: "0 0 16px" }}>
          {tWith("If you have just paid, please write to us on {support} and we will open your course by hand.", { support })}
        </p>
        <Link to="/library" className="button button-contained">
          {t("Go to the Library")}
        </Link>
      </PageColumn>
    );
  }

  const target = view.kind === "open" ? (view.outcome.course_ids.includes(courseId) ? courseId : view.outcome.course_ids[0]!) : courseId;
  const viewCourse = async () => {
    setOpening(true);
    setProblem(null);
    // The library and the course were read before the payment, still locked: read them again.
    dispatch(answersInvalidated(["getCourses", "getUserAccess", "getCourseModules", "progressSummary"]));
    const result = await dispatch(ask({ name: "getCourseModules", args: { body: { query: target } }, force: true }));
    if (result !== "kept" && result.ok) await navigate(`/course?course=${target}`);
    else {
      setProblem(
        result !== "kept" && result.failure.status === 404
          ? t("This course no longer exists.")
          : t("We could not open this course just now. Please try again."),
      );
      setOpening(false);
    }
  };

  return (
    <PageColumn title={t("Payment received")}>
      {view.kind === "waiting" ? (
        <>
          <p style={{ margin: 0 }}>{t("Thank you! We are opening your course; this usually takes a few seconds.")}</p>
          <Spinner label={t("Opening your course")} />
        </>
      ) : null}
      {view.kind === "open" ? (
        <>
          <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
            {t("Thank you! {plan_name} is now part of your account, and your course is open.", { plan_name: view.outcome.plan_name })}
          </Notice>
          {problem ? (
            <Notice tone="error" role="alert" style={{ marginBottom: 16 }}>
              {problem}
            </Notice>
          ) : null}
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
            <button disabled={opening} onClick={() => void viewCourse()} type="button" className="button button-contained">
              {t("View Course")}
            </button>
            <Link to="/library" className="button">
              {t("Back to Library")}
            </Link>
          </div>
        </>
      ) : null}
      {view.kind === "slow" ? (
        <Notice tone="info" role="status">
          {tWith(
            "Your payment went through and your course will open shortly. If it is not open within the hour, please write to us on {support}.",
            { support },
          )}
        </Notice>
      ) : null}
      {view.kind === "needs-help" ? (
        <Notice tone="info" role="status">
          {view.outcome.status === "amount_mismatch"
            ? tWith("Your payment needs a quick look from the instructor before your course opens. Please write to us on {support}.", {
                support,
              })
            : tWith(
                "This payment was refunded or cancelled, so the course is not open. If that is a surprise, please write to us on {support}.",
                {
                  support,
                },
              )}
        </Notice>
      ) : null}
    </PageColumn>
  );
}
