import { Link } from "react-router";
import { useSession } from "../../lib/session.ts";
import { LinkTile } from "../../components/link-tile.tsx";
import { ImageGrid } from "../../components/image-grid.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { ContinueCard } from "./continue-card.tsx";
import { NextClassCard } from "./next-class-card.tsx";
import { NextSessionCard } from "./next-session-card.tsx";
import { PacingCard } from "./pacing-card.tsx";
import { SavedForLaterCard } from "./saved-for-later-card.tsx";
import { BirthToolsCard, PartnerCard } from "./partner-card.tsx";
import { AnnouncementsList } from "./announcements-list.tsx";
import { useAnswer } from "../../lib/answers.ts";

const homeImages = Array.from({ length: 6 }, (_, index) => ({ src: `/art/home-${index + 1}.svg`, label: `Image 0${index + 1}` }));

export default function HomePage() {
  const user = useSession().user;
  const { answer: summary, failure } = useAnswer("progressSummary");
  const bookings = useAnswer("myBookings");
  const announcements = useAnswer("myAnnouncements");
  const classes = useAnswer("listClasses");
  const saved = useAnswer("savedLessons");
  const partner = useAnswer("partner");
  // The cards arrive at the top of the page: the rest waits for them, so nothing she is reading
  // jumps down when they appear (and a failed summary shows the page without them).
  if ((!summary && !failure) || [bookings, announcements, classes, saved, partner].some((card) => !card.answer && !card.failure)) {
    return (
      <PageColumn title="Welcome to the Beta">
        <Spinner label="Loading your home page" />
      </PageColumn>
    );
  }
  return (
    <PageColumn title="Welcome to the Beta">
      {partner.answer ? <PartnerCard link={partner.answer} /> : null}
      {announcements.answer ? <AnnouncementsList announcements={announcements.answer.announcements} /> : null}
      {bookings.answer ? <NextSessionCard bookings={bookings.answer.bookings} /> : null}
      {classes.answer ? <NextClassCard classes={classes.answer.upcoming} refresh={classes.refresh} /> : null}
      {summary ? <ContinueCard summary={summary} /> : null}
      {saved.answer ? <SavedForLaterCard lessons={saved.answer.lessons} /> : null}
      {summary ? <PacingCard pacing={summary.pacing} /> : null}
      {partner.answer?.joined_as === "partner" ? null : <BirthToolsCard />}
      <p style={{ margin: "0 0 16px" }}>
        Thank you{user?.first_name ? `, ${user.first_name},` : ""} for being one of our first members. Your time and trust mean a great
        deal.
      </p>
      <p style={{ margin: "0 0 24px" }}>
        Something confusing, missing or not working? Please tell us in the{" "}
        <Link to="/feedback" style={{ color: "var(--accent)" }}>
          Help Us Improve
        </Link>{" "}
        section: every answer shapes what we build next.
      </p>
      <LinkTile to="/gallery" title="Vector Art Gallery" image="/art/gallery-1.svg">
        The illustrations made for this course.
      </LinkTile>
      <ImageGrid images={homeImages} />
    </PageColumn>
  );
}
