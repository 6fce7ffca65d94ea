import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import LockIcon from "@mui/icons-material/LockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardHeader from "@mui/material/CardHeader";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useAppDispatch } from "../../lib/store-hooks.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { SavedLessonsList } from "./offline/saved-lessons-list.tsx";
import { useBackOnline } from "../../lib/use-online.ts";
import { CourseProgressBar } from "./progress/course-progress-bar.tsx";
import { ask, useAnswer } from "../../lib/answers.ts";
import { courseLogo } from "../../lib/course-logos.ts";
import { type LibraryCourse, useLibrary } from "../../lib/catalogue.ts";

function CourseCard({ course, progress }: { course: LibraryCourse; progress: { completed: number; total: number } | undefined }) {
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const locked = !course.course_access;
  const go = async (target: "/course" | "/purchase") => {
    setBusy(true);
    setProblem(null);
    // The course's modules first, then its page (docs/product.md, "States"): the page opens with them.
    const result = await dispatch(ask({ name: "getCourseModules", args: { body: { query: course.id } } }));
    setBusy(false);
    // The product description only logs this failure; a button that silently does nothing would leave a member stuck.
    // Aborted by its condition: the same course is already here or on its way, and the page waits for it.
    if (ask.fulfilled.match(result) || result.meta.condition) await navigate(`${target}?course=${course.id}`);
    else
      setProblem(
        result.payload?.status === 404 ? "This course no longer exists." : "We could not open this course just now. Please try again.",
      );
  };
  const detailsId = `course-${course.id}-details`;
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ mb: 2, bgcolor: locked ? "#f1eeee" : "background.paper" }}
      aria-labelledby={`course-${course.id}-title`}
    >
      <CardHeader
        avatar={
          <Box sx={{ position: "relative", width: 48, height: 48 }}>
            <img
              src={courseLogo(course.course_logo)}
              alt=""
              width={48}
              height={48}
              style={{ filter: locked ? "grayscale(1)" : undefined, opacity: locked ? 0.7 : 1 }}
            />
            {locked ? (
              <img src="/art/lock.svg" alt="" width={22} height={22} style={{ position: "absolute", right: -4, bottom: -4 }} />
            ) : null}
          </Box>
        }
        title={
          <Typography
            id={`course-${course.id}-title`}
            component="h2"
            variant="h3"
            sx={{ color: locked ? "text.secondary" : "text.primary" }}
          >
            {course.course_title}
            {locked ? (
              <Box component="span" sx={{ position: "absolute", left: -9999 }}>
                {" "}
                (locked)
              </Box>
            ) : null}
          </Typography>
        }
        action={
          <IconButton
            onClick={() => setExpanded((was) => !was)}
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={`${expanded ? "Hide" : "Show"} details of ${course.course_title}`}
            sx={{ transform: expanded ? "rotate(180deg)" : "none", transition: "transform 0.2s" }}
          >
            <ExpandMoreIcon />
          </IconButton>
        }
      />
      {!locked && progress ? (
        <CourseProgressBar completed={progress.completed} total={progress.total} courseTitle={course.course_title} />
      ) : null}
      {/* Shown at once rather than animated open, so a tap on Purchase or View Course never lands on a moving button. */}
      {expanded ? (
        <div id={detailsId}>
          <CardContent sx={{ pt: 0 }}>
            <SafeHtml html={course.course_description} />
            {locked ? (
              <Typography variant="body2" sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "text.secondary", mt: 1 }}>
                <LockIcon fontSize="small" aria-hidden /> Included in a plan. Preview it first, free.
              </Typography>
            ) : null}
          </CardContent>
          {problem ? (
            <Typography role="alert" sx={{ px: 2, color: "error.main" }}>
              {problem}
            </Typography>
          ) : null}
          <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: "wrap" }}>
            {locked ? (
              <>
                <Button variant="outlined" disabled={busy} onClick={() => void go("/course")}>
                  Course Preview
                </Button>
                <Button variant="contained" disabled={busy} onClick={() => void go("/purchase")}>
                  Purchase
                </Button>
              </>
            ) : (
              <Button variant="contained" disabled={busy} onClick={() => void go("/course")}>
                View Course
              </Button>
            )}
          </CardActions>
        </div>
      ) : null}
    </Card>
  );
}

export default function LibraryPage() {
  const { courseListArray, status, refresh: askCoursesAgain } = useLibrary();
  const { answer: summary, failure: summaryFailure, refresh: askSummaryAgain } = useAnswer("progressSummary");
  const summarySettled = summary !== undefined || summaryFailure !== undefined;
  // Back online: what could not come while offline is asked again.
  const online = useBackOnline(
    useCallback(() => {
      askSummaryAgain();
      askCoursesAgain();
    }, [askSummaryAgain, askCoursesAgain]),
  );
  // The cards wait for her progress too: bars arriving later pushed the cards below them down,
  // under a finger about to press Purchase (and counted as layout shift).
  const ready = summarySettled && (courseListArray.length > 0 || status === "loaded" || status === "failed");
  return (
    <PageColumn title="COURSE LIBRARY">
      <SavedLessonsList />
      {ready ? null : <Spinner label="Loading the courses" />}
      {ready && status === "failed" && courseListArray.length === 0 ? (
        <Typography>
          {online
            ? "The courses could not be loaded just now. Please try again in a moment."
            : "You are offline. The courses will appear when you are back online; the lessons you saved open now."}
        </Typography>
      ) : null}
      {ready
        ? courseListArray.map((course) => (
            <CourseCard key={course.id} course={course} progress={summary?.courses.find((entry) => entry.course_id === course.id)} />
          ))
        : null}
    </PageColumn>
  );
}
