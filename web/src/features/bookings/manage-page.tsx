import "./booking-endpoints.ts";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { tokenParams } from "../../lib/first-answers.ts";
import { browserTimeZone, whenLabel, zoneName } from "../../lib/time-labels.ts";
import { useAction } from "../../lib/use-action.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { TimePicker, ZoneChoice } from "./time-picker.tsx";
import { t, tWith } from "./messages.ts";

/** One booking, opened from the link in its mails or from My bookings: see it, move it, cancel it. */
export default function ManageBookingPage() {
  const { id: token = "" } = useParams();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const { answer: booking, failure, refresh } = useAnswer("manageBooking", tokenParams(token));
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const [zone, setZone] = useState("UTC");
  const [mode, setMode] = useState<"view" | "reschedule" | "cancel">("view");
  const [newStart, setNewStart] = useState<string | null>(null);
  useEffect(() => setZone(browserTimeZone()), []);

  // Back from Stripe: the payment is confirmed by Stripe's word to the server, a moment later.
  const waitingForPayment = searchParams.get("paid") === "1" && booking?.state === "awaiting_payment";
  useEffect(() => {
    if (!waitingForPayment) return;
    const timer = setInterval(refresh, 2000);
    return () => clearInterval(timer);
  }, [waitingForPayment, refresh]);

  if (failure && !booking) {
    return (
      <PageColumn title={t("Your booking")}>
        <Notice tone="error" role="alert">
          {failure.error ?? t("We could not load this booking. Please try again in a moment.")}
        </Notice>
      </PageColumn>
    );
  }
  if (!booking) {
    return (
      <PageColumn title={t("Your booking")}>
        <ProgressRing size={32} label={t("Loading your booking")} />
      </PageColumn>
    );
  }

  const move = async () => {
    if (!newStart) return;
    const moved = await run(
      () => send("rescheduleBooking", { params: { token }, body: { start: newStart } }),
      (answer) =>
        t("Done: your session is now {when} ({zone} time). An updated invitation is on its way.", {
          when: whenLabel(answer.start, zone),
          zone: zoneName(zone),
        }),
    );
    if (moved) {
      setMode("view");
      setNewStart(null);
    }
  };
  const cancel = async () => {
    const cancelled = await run(
      () => send("cancelBooking", { params: { token }, body: {} }),
      () =>
        booking.refund_on_cancel
          ? t("Your booking is cancelled. Your payment is refunded in full. We have sent you a note for your calendar.")
          : t("Your booking is cancelled. We have sent you a note for your calendar."),
    );
    if (cancelled) setMode("view");
  };

  return (
    <PageColumn title={booking.service_name}>
      {waitingForPayment ? (
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          {t("Thank you: we are confirming your payment. This takes a few seconds.")}
        </Notice>
      ) : null}
      <BookingSummary booking={booking} zone={zone} />
      <OutcomeNotice outcome={outcome} style={{ marginBottom: 16 }} />
      {booking.state === "confirmed" && !booking.can_change ? (
        <p>
          {tWith("It is now too close to the session to change it here. Please write to {address}, and we will sort it out together.", {
            address: (
              <a className="link" href={`mailto:${booking.contact_email}`}>
                {booking.contact_email}
              </a>
            ),
          })}
        </p>
      ) : null}
      {booking.can_change && mode === "view" ? (
        <>
          <p className="small-text quiet-text">
            {t("You can reschedule or cancel until {when}.", { when: whenLabel(booking.change_until, zone) })}
          </p>
          <div className="row">
            <button type="button" className="button button-outlined" onClick={() => setMode("reschedule")}>
              {t("Reschedule")}
            </button>
            <button type="button" className="button button-error" onClick={() => setMode("cancel")}>
              {t("Cancel booking")}
            </button>
          </div>
        </>
      ) : null}
      {booking.can_change && mode === "reschedule" ? (
        <section aria-labelledby="reschedule-heading">
          <h2 id="reschedule-heading" className="page-section-title">
            {t("Choose a new time")}
          </h2>
          <ZoneChoice zone={zone} onChange={setZone} />
          {hydrated ? (
            <TimePicker serviceId={booking.service_id} zone={zone} chosen={newStart} onChoose={setNewStart} label={t("Free times")} />
          ) : null}
          <div className="row" style={{ marginTop: 16 }}>
            <button type="button" className="button button-contained" disabled={!newStart || busy} onClick={() => void move()}>
              {newStart ? t("Move to {when}", { when: whenLabel(newStart, zone) }) : t("Choose a time above")}
            </button>
            <button type="button" className="button" onClick={() => setMode("view")}>
              {t("Keep the current time")}
            </button>
          </div>
        </section>
      ) : null}
      {booking.can_change && mode === "cancel" ? (
        <section aria-labelledby="cancel-heading" className="panel">
          <h2 id="cancel-heading" className="page-section-title">
            {t("Cancel this booking?")}
          </h2>
          <p>
            {booking.refund_on_cancel
              ? t("Your payment is refunded in full.")
              : booking.paid
                ? t("This booking is not refunded when cancelled.")
                : t("The time is freed for someone else.")}
          </p>
          <div className="row">
            <button type="button" className="button button-contained button-danger" disabled={busy} onClick={() => void cancel()}>
              {t("Yes, cancel it")}
            </button>
            <button type="button" className="button" onClick={() => setMode("view")}>
              {t("Keep my booking")}
            </button>
          </div>
        </section>
      ) : null}
      {booking.state === "cancelled" || booking.state === "expired" ? (
        <p>
          <Link to="/book" className="link">
            {t("Book another time")}
          </Link>
        </p>
      ) : null}
    </PageColumn>
  );
}
