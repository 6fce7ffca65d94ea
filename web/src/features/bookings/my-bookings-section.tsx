import { Link } from "react-router";
import { useAnswer } from "../../lib/answers.ts";
import { browserTimeZone, whenLabel, zoneName } from "../../lib/time-labels.ts";
import { sentence } from "../../../../contract/languages.ts";
import { t, tWith } from "./messages.ts";

const stateText = {
  awaiting_email: sentence("waiting for your confirmation by e-mail"),
  awaiting_payment: sentence("waiting for your payment"),
  confirmed: sentence("confirmed"),
  cancelled: sentence("cancelled"),
  expired: sentence("not confirmed in time"),
  attended: sentence("took place"),
  no_show: sentence("missed"),
} as const;

/** My bookings on /account: the sessions to come first, each with its page to reschedule or cancel. */
export default function MyBookings() {
  const { answer, failure } = useAnswer("myBookings");
  if (failure && !answer) return <p className="error-text">{failure.error ?? t("We could not load your bookings.")}</p>;
  if (!answer) return <p className="quiet-text">{t("Loading your bookings…")}</p>;
  const zone = browserTimeZone();
  const now = Date.now();
  const upcoming = answer.bookings.filter((booking) => new Date(booking.end).getTime() > now && booking.state !== "cancelled");
  const past = answer.bookings.filter((booking) => !upcoming.includes(booking)).reverse();
  if (answer.bookings.length === 0) {
    return <p>{tWith("No bookings yet. {link} whenever you would like it.", { link: <Link to="/book">{t("Book 1:1 support")}</Link> })}</p>;
  }
  const list = (bookings: typeof answer.bookings) => (
    <ul className="spaced-list" style={{ paddingInlineStart: 20 }}>
      {bookings.map((booking) => (
        <li key={booking.id}>
          <Link to={`/booking/${booking.token}`}>{booking.service_name}</Link>, {whenLabel(booking.start, zone)}:{" "}
          {t(stateText[booking.state])}
        </li>
      ))}
    </ul>
  );
  return (
    <>
      <p className="small-text quiet-text">{t("Times in {zone} time.", { zone: zoneName(zone) })}</p>
      {upcoming.length > 0 ? list(upcoming) : <p>{t("No sessions to come.")}</p>}
      {past.length > 0 ? (
        <details>
          <summary>{t("Past and cancelled")}</summary>
          {list(past.slice(0, 20))}
        </details>
      ) : null}
      <p>
        <Link to="/book">{t("Book another session")}</Link>
      </p>
    </>
  );
}
