import type { MyBooking } from "../../../../contract/bookings.ts";
import { whenLabel, zoneName } from "../../lib/time-labels.ts";

const stateText: Record<MyBooking["state"], string> = {
  awaiting_email: "Waiting for your confirmation by e-mail",
  awaiting_payment: "Waiting for your payment",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  expired: "Not confirmed in time",
  attended: "Took place",
  no_show: "Missed",
};

/** One booking's facts, in the reader's zone, named. */
export function BookingSummary({ booking, zone }: { booking: MyBooking; zone: string }) {
  const place =
    booking.location_kind === "phone"
      ? "By phone"
      : booking.location_kind === "address"
        ? booking.location || "In person (the address follows by mail)"
        : booking.location
          ? booking.location
          : "By video call (the link follows by mail)";
  return (
    <dl className="booking-facts">
      <dt>When</dt>
      <dd>
        {whenLabel(booking.start, zone)} ({zoneName(zone)} time)
      </dd>
      <dt>Status</dt>
      <dd>{stateText[booking.state]}</dd>
      <dt>Where</dt>
      <dd>
        {booking.location_kind === "video" && booking.location.startsWith("https://") ? (
          <a className="link" href={booking.location} rel="noreferrer">
            Join the video call
          </a>
        ) : (
          place
        )}
      </dd>
      {booking.due_date ? (
        <>
          <dt>Due date</dt>
          <dd>{booking.due_date}</dd>
        </>
      ) : null}
      {booking.note ? (
        <>
          <dt>Your note</dt>
          <dd style={{ whiteSpace: "pre-line" }}>{booking.note}</dd>
        </>
      ) : null}
    </dl>
  );
}
