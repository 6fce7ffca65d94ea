import { ExpandMoreIcon, LockIcon } from "../../components/icons.tsx";
import { Suspense, useCallback, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useAppDispatch } from "../../lib/store-hooks.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { SavedLessonsList } from "./offline/saved-lessons-list.tsx";
import { useBackOnline } from "../../lib/use-online.ts";
import { CourseProgressBar } from "./progress/course-progress-bar.tsx";
import { ask, useAnswer } from "../../lib/answers.ts";
import { courseLogo } from "../../lib/course-logos.ts";
import { pictureSources } from "../../../../contract/picture-sources.ts";
import { type LibraryCourse, useLibrary } from "../../lib/catalogue.ts";
import type { ProgressSummary } from "../../../../contract/progress.ts";
import { useSlots } from "../../lib/slots.tsx";
import { t } from "./messages.ts";

function CourseCard({ course, progress }: { course: LibraryCourse; progress: ProgressSummary["courses"][number] | undefined }) {
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
    if (result === "kept" || result.ok) await navigate(`${target}?course=${course.id}`);
    else
      setProblem(
        result.failure.status === 404 ? t("This course no longer exists.") : t("We could not open this course just now. Please try again."),
      );
  };
  const detailsId = `course-${course.id}-details`;
  return (
    <article className={locked ? "card card-locked" : "card"} aria-labelledby={`course-${course.id}-title`}>
      <div className="card-header">
        <div style={{ position: "relative", width: 48, height: 48, flexShrink: 0 }}>
          <img
            {...(course.course_cover ? { ...pictureSources(course.course_cover), sizes: "48px" } : { src: courseLogo(course.course_logo) })}
            alt=""
            width={48}
            height={48}
            style={{
              objectFit: "cover",
              borderRadius: course.course_cover ? 8 : undefined,
              filter: locked ? "grayscale(1)" : undefined,
              opacity: locked ? 0.7 : 1,
            }}
          />
          {locked ? (
            <img src="/art/lock.svg" alt="" width={22} height={22} style={{ position: "absolute", insetInlineEnd: -4, bottom: -4 }} />
          ) : null}
        </div>
        <h2 id={`course-${course.id}-title`} className={locked ? "card-title quiet-text" : "card-title"}>
          {/* One tap on the title opens the course (a locked one in its preview). */}
          <Link to={`/course?course=${course.id}`} style={{ color: "inherit" }}>
            {course.course_title}
          </Link>
          {locked ? <span className="visually-hidden"> {t("(locked)")}</span> : null}
          {course.draft ? (
            <span className="small-text quiet-text" style={{ display: "block", fontWeight: 400 }}>
              {t("Draft: only you see it until you publish it in the studio.")}
            </span>
          ) : null}
        </h2>
        <button
          type="button"
          className={expanded ? "icon-button-plain turned" : "icon-button-plain"}
          onClick={() => setExpanded((was) => !was)}
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={
            expanded
              ? t("Hide details of {title}", { title: course.course_title })
              : t("Show details of {title}", { title: course.course_title })
          }
        >
          <ExpandMoreIcon />
        </button>
      </div>
      {!locked && progress ? (
        <CourseProgressBar completed={progress.completed} total={progress.total} courseTitle={course.course_title} />
      ) : null}
      {!locked && progress && progress.checks_total > 0 ? (
        <p className="small-text quiet-text" style={{ margin: 0, padding: "0 16px 12px" }}>
          {t(
            "{total, plural, one {{done} of # knowledge check answered with full marks.} other {{done} of # knowledge checks answered with full marks.}}",
            {
              done: progress.checks_passed,
              total: progress.checks_total,
            },
          )}
        </p>
      ) : null}
      {/* Shown at once rather than animated open, so a tap on Purchase or View Course never lands on a moving button. */}
      {expanded ? (
        <div id={detailsId}>
          <div className="card-content">
            <SafeHtml html={course.course_description} />
            {locked ? (
              <p className="small-text quiet-text" style={{ margin: "8px 0 0", display: "flex", alignItems: "center", gap: 4 }}>
                <LockIcon /> {planSentence(course.subscription_plans)}
              </p>
            ) : null}
          </div>
          {problem ? (
            <p role="alert" className="error-text" style={{ margin: 0, padding: "0 16px 8px" }}>
              {problem}
            </p>
          ) : null}
          <div className="card-actions">
            {locked ? (
              <>
                <button disabled={busy} onClick={() => void go("/course")} type="button" className="button button-outlined">
                  {t("Course Preview")}
                </button>
                <button disabled={busy} onClick={() => void go("/purchase")} type="button" className="button button-contained">
                  {t("Purchase")}
                </button>
              </>
            ) : (
              <button disabled={busy} onClick={() => void go("/course")} type="button" className="button button-contained">
                {t("View Course")}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </article>
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
  const { libraryTop } = useSlots();
  const ready = summarySettled && (courseListArray.length > 0 || status === "loaded" || status === "failed");
  return (
    <PageColumn title={t("COURSE LIBRARY")}>
      {libraryTop.map((Part, index) => (
        <Suspense key={index} fallback={null}>
          <Part />
        </Suspense>
      ))}
      <SavedLessonsList />
      {ready ? null : <Spinner label={t("Loading the courses")} />}
      {ready && status === "failed" && courseListArray.length === 0 ? (
        <p style={{ margin: 0 }}>
          {online
            ? t("The courses could not be loaded just now. Please try again in a moment.")
            : t("You are offline. The courses will appear when you are back online; the lessons you saved open now.")}
        </p>
      ) : null}
      {ready ? (
        <div className="course-grid">
          {courseListArray.map((course) => (
            <CourseCard key={course.id} course={course} progress={summary?.courses.find((entry) => entry.course_id === course.id)} />
          ))}
        </div>
      ) : null}
    </PageColumn>
  );
}

/** What the locked card says about buying it: only what is true of the plans that include it. */
function planSentence(plans: LibraryCourse["subscription_plans"]): string {
  if (plans.length === 0) return t("Not in a plan yet. You can preview it for free.");
  if (plans.length === 1) return t("Included in the plan “{plan}”. Preview it first, free.", { plan: plans[0]!.name });
  return t("Included in {count} plans. Preview it first, free.", { count: plans.length });
}
