import calendarEndpoints from "virtual:endpoint-table/calendar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { lazy, Suspense } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PageSection } from "../../../components/page-section.tsx";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { addEndpoints } from "../../../lib/api.ts";
import { useAction } from "../../../lib/use-action.ts";
import { StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { useStudioSlots } from "../../../lib/studio-slots.tsx";
import { pageLocale, t } from "../messages.ts";

// Her calendar's endpoints travel with this screen (web/endpoint-table.ts).
addEndpoints(calendarEndpoints);

// Each section loads when she opens it (the week of bookings at once): the page itself stays light.
const BookingsWeek = lazy(() => import("./bookings-week.tsx").then((module) => ({ default: module.BookingsWeek })));
const ServicesEditor = lazy(() => import("./services-editor.tsx").then((module) => ({ default: module.ServicesEditor })));
const HoursEditor = lazy(() => import("./hours-editor.tsx").then((module) => ({ default: module.HoursEditor })));
const ClassesEditor = lazy(() => import("./classes-editor.tsx").then((module) => ({ default: module.ClassesEditor })));
const DueMonthsEditor = lazy(() => import("./due-months-editor.tsx").then((module) => ({ default: module.DueMonthsEditor })));

const sections = () =>
  [
    { id: "bookings", label: t("Bookings"), content: () => <BookingsWeek /> },
    { id: "services", label: t("Services"), content: () => <ServicesEditor /> },
    { id: "classes", label: t("Live classes"), content: () => <ClassesEditor /> },
    { id: "hours", label: t("Your hours"), content: () => <HoursEditor /> },
    { id: "due-months", label: t("Places by due month"), content: () => <DueMonthsEditor /> },
    { id: "feed", label: t("Calendar feed"), content: () => <FeedAddress /> },
  ] as const;
type SectionId = ReturnType<typeof sections>[number]["id"];

function FeedAddress() {
  const { answer } = useAnswer("calendarFeedAddress");
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const renew = () =>
    void run(
      () => send("renewCalendarFeed", { body: {} }),
      () => t("A new address is ready. Subscribe to it on your phone; the old one no longer works."),
    );
  return (
    <Box sx={{ display: "grid", gap: 1.5, maxWidth: 720 }}>
      <p style={{ margin: 0 }}>
        {t(
          "Subscribe to this address in your phone's calendar (Add calendar, From URL, or Subscribe) to see your bookings beside the rest of your life. Keep it to yourself: anyone with it can read your bookings. Making a new one ends the old.",
        )}
      </p>
      {answer?.url ? (
        <Box component="code" sx={{ p: 1.5, bgcolor: "var(--tint)", borderRadius: 1, overflowWrap: "anywhere" }}>
          {answer.url}
        </Box>
      ) : (
        <p style={{ margin: 0 }}>{t("No address yet.")}</p>
      )}
      <OutcomeNotice outcome={outcome} />
      <Box>
        <Button variant="outlined" disabled={busy} onClick={renew}>
          {answer?.url ? t("Make a new address") : t("Make my feed address")}
        </Button>
      </Box>
    </Box>
  );
}

/** /studio/calendar: her 1:1 bookings, her services, her hours, her places per due month and her feed, one at a time. */
export default function CalendarPage() {
  // The section is the address's (#hours, #services…): a link or her browser's Back opens it.
  const { hash } = useLocation();
  const navigate = useNavigate();
  const shown: SectionId = sections().find((section) => `#${section.id}` === hash)?.id ?? "bookings";
  const section = sections().find((candidate) => candidate.id === shown)!;
  const show = (id: SectionId) => void navigate({ hash: id }, { replace: true });
  const { calendarLinks } = useStudioSlots();
  return (
    <StudioPage title={t("Calendar")} intro={t("Your 1:1 sessions: who booked what and when, what you offer, and when you are available.")}>
      <Box component="nav" aria-label={t("Calendar sections")} sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 3 }}>
        {sections().map((candidate) => (
          <Button
            key={candidate.id}
            variant={candidate.id === shown ? "contained" : "outlined"}
            aria-pressed={candidate.id === shown}
            onClick={() => show(candidate.id)}
          >
            {candidate.label}
          </Button>
        ))}
        {calendarLinks.map((link) => (
          <Button key={link.page} variant="outlined" component={Link} to={link.page}>
            {t(link.label)}
          </Button>
        ))}
      </Box>
      <PageSection key={section.id} title={section.label} id={`calendar-${section.id}`}>
        <Suspense fallback={<Spinner label={t("Loading {section}", { section: section.label.toLocaleLowerCase(pageLocale()) })} />}>
          {section.content()}
        </Suspense>
      </PageSection>
    </StudioPage>
  );
}
