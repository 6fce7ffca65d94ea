import "./booking-endpoints.ts";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { MyBooking } from "../../../../contract/bookings.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useSend } from "../../lib/answers.ts";
import { failureOf } from "../../lib/api.ts";
import { browserTimeZone } from "../../lib/time-labels.ts";
import { BookingSummary } from "./booking-summary.tsx";
import { t } from "./messages.ts";

/** The link mailed to a visitor who booked a free session: opening it confirms the held time. */
export default function ConfirmBookingPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const send = useSend();
  const asked = useRef(false);
  const [booking, setBooking] = useState<MyBooking | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    if (!token) {
      setProblem(t("This confirmation link is not complete. Please open the link from the mail again."));
      return;
    }
    send("confirmBooking", { body: { token } }).then(setBooking, (error: unknown) =>
      setProblem(failureOf(error).error ?? t("We could not confirm the booking just now. Please open the link again in a moment.")),
    );
  }, [send, token]);

  return (
    <PageColumn title={booking ? t("Your booking is confirmed") : t("Confirming your booking")}>
      {problem ? (
        <Notice tone="error" role="alert">
          {problem} <Link to="/book">{t("Choose a time")}</Link>
        </Notice>
      ) : null}
      {!booking && !problem ? <ProgressRing size={32} label={t("Confirming")} /> : null}
      {booking ? (
        <>
          <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
            {t("Thank you. {service} is booked; a confirmation with a calendar invitation is on its way to you.", {
              service: booking.service_name,
            })}
          </Notice>
          <BookingSummary booking={booking} zone={browserTimeZone()} />
          <Link className="button button-outlined" to={`/booking/${booking.token}`}>
            {t("Reschedule or cancel")}
          </Link>
        </>
      ) : null}
    </PageColumn>
  );
}
