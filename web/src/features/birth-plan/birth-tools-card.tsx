import { Link } from "react-router";
import { t, tWith } from "./messages.ts";

/** /home on her account: the two birth tools, one tap from the app's first page (the installed app opens /home). */
export default function BirthToolsCard() {
  return (
    <section aria-labelledby="birth-tools-heading" className="home-card">
      <h2 id="birth-tools-heading" className="home-card-title">
        {t("For the birth")}
      </h2>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{tWith("{link}: your wishes, to print or share", { link: <Link to="/birth-plan">{t("Birth preferences")}</Link> })}</li>
        <li>{tWith("{link}: works with no signal", { link: <Link to="/timer">{t("Contraction timer")}</Link> })}</li>
      </ul>
    </section>
  );
}
