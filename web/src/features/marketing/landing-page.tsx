import { Link } from "react-router";
import { LinkTile } from "../../components/link-tile.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { sentence } from "../../../../contract/languages.ts";
import { t } from "./messages.ts";

const offers = [
  {
    // What membership brings, with its own Register Now (docs/product.md: the landing page's tiles
    // go to /register, /join and /login).
    to: "/join",
    title: sentence("Membership: complete childbirth education"),
    text: sentence("Every course, step by step, at your own pace. Free to join, no credit card."),
    image: "/art/home-1.svg",
  },
  {
    to: "/app",
    title: sentence("Get the app"),
    text: sentence("Lessons and notes in your pocket, for the waiting room and the 3 a.m. questions."),
    image: "/art/home-2.svg",
  },
  {
    to: "/book",
    title: sentence("1:1 doula support"),
    text: sentence("Personal support before, during and after your birth. Limited availability each month."),
    image: "/art/home-3.svg",
  },
  {
    to: "/register",
    title: sentence("For dads and husbands"),
    text: sentence("A course for partners: how to help, what to say, and how to look after yourself too."),
    image: "/art/home-4.svg",
  },
  {
    to: "/register",
    title: sentence("Pushing and avoiding tearing"),
    text: sentence("Evidence-based ways to push with your body and protect your perineum."),
    image: "/art/home-5.svg",
  },
];

export default function LandingPage() {
  return (
    <PageColumn>
      <div className="fade-in">
        <h1 className="page-title" style={{ marginBottom: 8 }}>
          {t("Feel calm, informed and supported for your birth")}
        </h1>
        <p style={{ margin: "0 0 24px" }}>
          {t(
            "Childbirth education from a doula who has walked beside hundreds of families: for first-time mothers, for those healing from a hard birth, and for everyone planning a hospital birth.",
          )}{" "}
          <Link to="/about">{t("Meet your doula")}</Link>.
        </p>
      </div>
      {offers.map((offer, index) => (
        <div key={offer.title} className="fade-in" style={{ animationDelay: `${0.1 * (index + 1)}s` }}>
          <LinkTile to={offer.to} title={t(offer.title)} image={offer.image}>
            {t(offer.text)}
          </LinkTile>
        </div>
      ))}
      <div className="fade-in" style={{ animationDelay: "0.7s" }}>
        <LinkTile to="/login" title={t("Already a member? Log in")}>
          {t("Pick up where you left off.")}
        </LinkTile>
      </div>
    </PageColumn>
  );
}
