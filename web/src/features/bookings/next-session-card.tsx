import { Link } from "react-router";
import type { HomeCardProps } from "../../lib/slots.tsx";
import { browserTimeZone, whenLabel, zoneName } from "../../lib/time-labels.ts";
import { t } from "./messages.ts";

/** /home's "Your next session": her next confirmed 1:1 booking, when she has one. */
export default function NextSessionCard({ answer: { bookings } }: HomeCardProps<"myBookings">) {
  const now = Date.now();
  const next = bookings.find((booking) => booking.state === "confirmed" && new Date(booking.end).getTime() > now);
  if (!next) return null;
  const zone = browserTimeZone();
  return (
    <section aria-labelledby="next-session-heading" className="home-card">
      <h2 id="next-session-heading" className="home-card-title">
        {t("Your next session")}
      </h2>
      <p style={{ marginBottom: 4 }}>
        <strong>{next.service_name}</strong>
      </p>
      <p className="small-text quiet-text">{t("{when} ({zone} time)", { when: whenLabel(next.start, zone), zone: zoneName(zone) })}</p>
      <Link to={`/booking/${next.token}`} className="button button-outlined">
        {t("See or change it")}
      </Link>
    </section>
  );
}
