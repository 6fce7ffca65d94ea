import { Link } from "react-router";
import { useSession } from "../lib/session.ts";
import { t } from "../lib/i18n.ts";

/**
 * /home for the doula (and her team): the way into the studio, first thing after she signs in,
 * rather than only inside the menu. Its words are the shared catalogue's, as the menu's "Studio" is.
 */
export default function StudioCard() {
  const role = useSession().user?.role;
  const team = role === "team";
  return (
    <section aria-labelledby="studio-card-heading" className="home-card">
      <h2 id="studio-card-heading" className="home-card-title">
        {t("Your studio")}
      </h2>
      <p style={{ margin: "0 0 8px" }}>
        {team
          ? t("The clients you back up, the on-call calendar and the labour alerts that come to you.")
          : t("Your clients, calendar, courses, members and messages.")}
      </p>
      <Link to={team ? "/studio/on-call" : "/studio"} className="button button-contained">
        {t("Open the studio")}
      </Link>
    </section>
  );
}
