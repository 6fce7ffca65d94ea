import { Link } from "react-router";
import { PageColumn } from "../../components/page-column.tsx";
import { t, tWith } from "./messages.ts";

/** The promotional banner, with its 'Register for Free!' button (docs/product.md, Screens). */
export function PromoBanner() {
  return (
    <div style={{ background: "var(--note)", borderRadius: 12, padding: 24, textAlign: "center", margin: "24px 0" }}>
      <h2 className="heading-2">{t("Start learning today")}</h2>
      <p style={{ margin: "0 0 16px" }}>{t("Membership is free during the beta. Optional plans unlock the specialist courses.")}</p>
      <Link to="/register" className="button button-contained button-large">
        {t("Register for Free!")}
      </Link>
    </div>
  );
}

export default function JoinPage() {
  return (
    <PageColumn title={t("Join the circle")}>
      <p style={{ margin: "0 0 16px" }}>
        {t(
          "Calm Birth Circle brings together a course library, a podcast and a doula who answers your questions. Learn on your phone, in short lessons, whenever you have a quiet moment.",
        )}
      </p>
      <h2 className="section-title" style={{ marginTop: 16 }}>
        {t("What members get")}
      </h2>
      <ul>
        <li>{t("Comprehensive childbirth education, free during the beta")}</li>
        <li>{t("Downloadable worksheets and notes for every lesson")}</li>
        <li>{t("A podcast with real birth stories")}</li>
        <li>
          {tWith("1:1 doula support, for a few families each month: {link}", {
            link: <Link to="/book">{t("see the free times and book")}</Link>,
          })}
        </li>
      </ul>
      <h2 className="section-title" style={{ marginTop: 16 }}>
        {t("The app")}
      </h2>
      <p style={{ margin: 0 }}>
        {tWith("This site installs as an app on your phone, with lessons you can save for the waiting room: {link}.", {
          link: <Link to="/app">{t("see how to get the app")}</Link>,
        })}
      </p>
      <PromoBanner />
    </PageColumn>
  );
}
