import type { HomeCardProps } from "../../lib/slots.tsx";
import { dateFormatOnUse } from "../../lib/formats.ts";
import { t } from "./messages.ts";

const sentOn = dateFormatOnUse({ day: "numeric", month: "long" });

/** /home's word from the instructor: her announcements meant for this member, until she removes them. */
export default function AnnouncementsCard({ answer: { announcements } }: HomeCardProps<"myAnnouncements">) {
  if (announcements.length === 0) return null;
  return (
    <section aria-labelledby="announcements-heading" className="home-card">
      <h2 id="announcements-heading" className="home-card-title">
        {t("From your doula")}
      </h2>
      {announcements.map((announcement) => (
        <article key={announcement.id} aria-labelledby={`announcement-${announcement.id}`} style={{ marginBottom: 12 }}>
          <h3 id={`announcement-${announcement.id}`} style={{ fontSize: "1.05rem", margin: "0 0 2px" }}>
            {announcement.title}
          </h3>
          <p className="small-text quiet-text" style={{ margin: "0 0 6px" }}>
            {sentOn.format(new Date(announcement.sent_at))}
          </p>
          {announcement.body.split(/\n\s*\n/).map((paragraph, index) => (
            <p key={index} style={{ margin: "0 0 8px", whiteSpace: "pre-wrap" }}>
              {paragraph.trim()}
            </p>
          ))}
        </article>
      ))}
    </section>
  );
}
