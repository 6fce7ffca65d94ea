import type { MyBooking } from "../../../../contract/bookings.ts";
import { calendarDayOnUse } from "../../lib/formats.ts";
import { whenLabel, zoneName } from "../../lib/time-labels.ts";
import { sentence } from "../../../../contract/languages.ts";
import { t } from "./messages.ts";

const stateText: Record<MyBooking["state"], string> = {
  awaiting_email: sentence("Waiting for your confirmation by e-mail"),
  awaiting_payment: sentence("Waiting for your payment"),
  confirmed: sentence("Confirmed"),
  cancelled: sentence("Cancelled"),
  expired: sentence("Not confirmed in time"),
  attended: sentence("Took place"),
  no_show: sentence("Missed"),
};

const dueDateLabel = calendarDayOnUse();

/** One booking's facts, in the reader's zone, named. */
export function BookingSummary({ booking, zone }: { booking: MyBooking; zone: string }) {
  const place =
    booking.location_kind === "phone"
      ? t("By phone")
      : booking.location_kind === "address"
        ? booking.location || t("In person (the address follows by mail)")
        : booking.location
          ? booking.location
          : t("By video call (the link follows by mail)");
  return (
    <dl className="booking-facts">
      <dt>{t("When")}</dt>
      <dd>{t("{when} ({zone} time)", { when: whenLabel(booking.start, zone), zone: zoneName(zone) })}</dd>
      <dt>{t("Status")}</dt>
      <dd>{t(stateText[booking.state])}</dd>
      <dt>{t("Where")}</dt>
      <dd>
        {booking.location_kind === "video" && booking.location.startsWith("https://") ? (
          <a className="link" href={booking.location} rel="noreferrer">
            {t("Join the video call")}
          </a>
        ) : (
          place
        )}
      </dd>
      {booking.due_date ? (
        <>
          <dt>{t("Due date")}</dt>
          <dd>{dueDateLabel(booking.due_date)}</dd>
        </>
      ) : null}
      {booking.note ? (
        <>
          <dt>{t("Your note")}</dt>
          <dd style={{ whiteSpace: "pre-line" }}>{booking.note}</dd>
        </>
      ) : null}
    </dl>
  );
}
