import { Link } from "react-router";
import { useSession } from "../../lib/session.ts";
import { LinkTile } from "../../components/link-tile.tsx";
import { ImageGrid } from "../../components/image-grid.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useAnswers } from "../../lib/answers.ts";
import { shownTo, usePartsLoaded, useSlots } from "../../lib/slots.tsx";
import { t, tWith } from "./messages.ts";

const homeImages = Array.from({ length: 6 }, (_, index) => ({ src: `/art/home-${index + 1}.svg`, number: `0${index + 1}` }));

export default function HomePage() {
  const user = useSession().user;
  const { homeCards } = useSlots();
  // Every card's answer is asked at once (a card without one reads nothing).
  const answers = useAnswers(homeCards.flatMap((card) => (card.needs ? [card.needs] : [])));
  const answerOf = new Map(homeCards.flatMap((card) => (card.needs ? [card] : [])).map((card, index) => [card, answers[index]!]));
  const cards = shownTo(homeCards, user);
  const partsHere = usePartsLoaded(cards.map((card) => card.Card));
  // The cards arrive at the top of the page: the rest waits for them, so nothing she is reading
  // jumps down when they appear (and a card whose answer failed is left out).
  if (!partsHere || answers.some((card) => !card.answer && !card.failure)) {
    return (
      <PageColumn title={t("Welcome to the Beta")}>
        <Spinner label={t("Loading your home page")} />
      </PageColumn>
    );
  }
  return (
    <PageColumn title={t("Welcome to the Beta")}>
      {cards.map((card, index) => {
        if (!card.needs) return <card.Card key={index} />;
        const read = answerOf.get(card);
        return read?.answer ? <card.Card key={index} answer={read.answer} refresh={read.refresh} /> : null;
      })}
      <p style={{ margin: "0 0 16px" }}>
        {user?.first_name
          ? t("Thank you, {name}, for being one of our first members. Your time and trust mean a great deal.", { name: user.first_name })
          : t("Thank you for being one of our first members. Your time and trust mean a great deal.")}
      </p>
      <p style={{ margin: "0 0 24px" }}>
        {tWith(
          "Something confusing, missing or not working? Please tell us in the {section} section: every answer shapes what we build next.",
          {
            section: (
              <Link to="/feedback" style={{ color: "var(--accent)" }}>
                {t("Help Us Improve")}
              </Link>
            ),
          },
        )}
      </p>
      <LinkTile to="/gallery" title={t("Vector Art Gallery")} image="/art/gallery-1.svg">
        {t("The illustrations made for this course.")}
      </LinkTile>
      <ImageGrid images={homeImages.map(({ src, number }) => ({ src, label: t("Image {number}", { number }) }))} />
    </PageColumn>
  );
}
