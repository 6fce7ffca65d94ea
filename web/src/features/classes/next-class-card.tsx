import { Link } from "react-router";
import type { HomeCardProps } from "../../lib/slots.tsx";
import { browserTimeZone, whenLabel, zoneName } from "../../lib/time-labels.ts";
import { useRefreshAt } from "../../lib/use-refresh-at.ts";
import { t } from "./messages.ts";

/** /home's "Your next class": the next live class she has a place in, with its join link from 15 minutes before. */
export default function NextClassCard({ answer, refresh }: HomeCardProps<"listClasses">) {
  const next = answer.upcoming.find((live) => live.my_state === "registered");
  useRefreshAt([next?.join_opens_at, next?.ends_at], refresh);
  if (!next) return null;
  const zone = browserTimeZone();
  return (
    <section aria-labelledby="next-class-heading" className="home-card">
      <h2 id="next-class-heading" className="home-card-title">
        {t("Your next class")}
      </h2>
      <p style={{ marginBottom: 4 }}>
        <strong>{next.title}</strong>
      </p>
      <p className="small-text quiet-text">{t("{when} ({zone} time)", { when: whenLabel(next.starts_at, zone), zone: zoneName(zone) })}</p>
      {next.join_url ? (
        <a href={next.join_url} className="button button-contained" rel="noopener noreferrer">
          {t("Join the class")}
        </a>
      ) : (
        <>
          <p className="small-text">{t("The link to join shows here on {when}.", { when: whenLabel(next.join_opens_at, zone) })}</p>
          <Link to="/classes" className="button button-outlined">
            {t("See your classes")}
          </Link>
        </>
      )}
    </section>
  );
}
