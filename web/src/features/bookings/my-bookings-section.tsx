import { Link } from "react-router";
import { useAnswer } from "../../lib/answers.ts";
import { browserTimeZone, whenLabel, zoneName } from "../../lib/time-labels.ts";

const stateText = {
  awaiting_email: "waiting for your confirmation by e-mail",
  awaiting_payment: "waiting for your payment",
  confirmed: "confirmed",
  cancelled: "cancelled",
  expired: "not confirmed in time",
  attended: "took place",
  no_show: "missed",
} as const;

/** My bookings on /account: the sessions to come first, each with its page to reschedule or cancel. */
export default function MyBookings() {
  const { answer, failure } = useAnswer("myBookings");
  if (failure && !answer) return <p className="error-text">{failure.error ?? "We could not load your bookings."}</p>;
  if (!answer) return <p className="quiet-text">Loading your bookings…</p>;
  const zone = browserTimeZone();
  const now = Date.now();
  const upcoming = answer.bookings.filter((booking) => new Date(booking.end).getTime() > now && booking.state !== "cancelled");
  const past = answer.bookings.filter((booking) => !upcoming.includes(booking)).reverse();
  if (answer.bookings.length === 0) {
    return (
      <p>
        No bookings yet. <Link to="/book">Book 1:1 support</Link> whenever you would like it.
      </p>
    );
  }
  const list = (bookings: typeof answer.bookings) => (
    <ul className="spaced-list" style={{ paddingInlineStart: 20 }}>
      {bookings.map((booking) => (
        <li key={booking.id}>
          <Link to={`/booking/${booking.token}`}>{booking.service_name}</Link>, {whenLabel(booking.start, zone)}: {stateText[booking.state]}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <p className="small-text quiet-text">Times in {zoneName(zone)} time.</p>
      {upcoming.length > 0 ? list(upcoming) : <p>No sessions to come.</p>}
      {past.length > 0 ? (
        <details>
          <summary>Past and cancelled</summary>
          {list(past.slice(0, 20))}
        </details>
      ) : null}
      <p>
        <Link to="/book">Book another session</Link>
      </p>
    </>
  );
}
