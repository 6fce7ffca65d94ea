import { useLeftOut } from "./progress/left-out.ts";
import { useSession } from "../../lib/session.ts";
import { ArrowBackIcon, CheckCircleIcon, ExpandMoreIcon, LockIcon } from "../../components/icons.tsx";
import { Suspense, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { Lesson } from "../../../../contract/catalogue.ts";
import { moduleTiming, type PacingStage, pacingStage } from "../../../../contract/pacing.ts";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { CertificateOffer } from "./progress/certificate-offer.tsx";
import { useCourseProgress } from "./progress/use-course-progress.ts";
import { isCourseId, useSelectedCourse } from "../../lib/catalogue.ts";
import { lessonCount, lessonTint, type ModuleNode } from "../../lib/module-tree.ts";
import { useSlots } from "../../lib/slots.tsx";
import { t } from "./messages.ts";
import { SaveCourseForOffline } from "./offline/save-course-for-offline.tsx";

const lessonTints = { long: "var(--lesson-long)", short: "var(--soon-surface)", absent: "var(--lesson-absent)" } as const;
const moduleTints = { 1: "var(--surface)", 2: "var(--module-second)", deeper: "var(--module-deeper)" } as const;

function LessonRow({
  lesson,
  index,
  courseId,
  done,
  leftOut,
}: {
  lesson: Lesson;
  index: number;
  courseId: number;
  done: boolean;
  leftOut: boolean;
}) {
  const tint = lesson.locked ? "absent" : lessonTint(lesson.video_description);
  // A link, so a lesson opens in a new tab too; the lesson page finds it in the course it was opened from.
  return (
    <li style={{ listStyle: "none", marginBottom: 8 }}>
      <Link
        to={`/lesson?course=${courseId}&lesson=${lesson.id}`}
        data-tint={tint}
        className="lesson-row"
        style={{ background: lessonTints[tint] }}
      >
        <span style={{ flexGrow: 1 }}>
          <span style={{ fontWeight: 700, marginInlineEnd: 8 }}>{t("Lesson {number}", { number: index + 1 })}</span>{" "}
          <span>{lesson.lesson_title}</span>
          {leftOut ? <span className="small-text quiet-text"> · {t("left out of your suggestions")}</span> : null}
        </span>
        {done ? (
          <span style={{ display: "flex", alignItems: "center", gap: 4, color: "var(--progress)", fontSize: "0.85rem" }}>
            <CheckCircleIcon /> {t("Completed")}
          </span>
        ) : null}
        {lesson.locked ? (
          <span style={{ display: "flex", alignItems: "center", gap: 4, color: "var(--ink-quiet)", fontSize: "0.85rem" }}>
            <LockIcon /> {t("Locked")}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function ModuleSection({
  node,
  courseId,
  done,
  leftOut,
  stage,
}: {
  node: ModuleNode;
  courseId: number;
  done: ReadonlySet<number>;
  leftOut: ReadonlySet<number>;
  stage: PacingStage;
}) {
  const [expanded, setExpanded] = useState(false);
  const contentId = useId();
  const lessons = Array.isArray(node.data.lessons) ? node.data.lessons : [];
  const subTopics = node.children.length;
  const tint = node.level === 1 ? moduleTints[1] : node.level === 2 ? moduleTints[2] : moduleTints.deeper;
  const Heading = `h${Math.min(node.level + 1, 6)}` as "h2";
  // Counted over the same lessons as the lesson count: its own and its direct children's.
  const counted = [...lessons, ...node.children.flatMap((child) => (Array.isArray(child.data.lessons) ? child.data.lessons : []))];
  const doneCount = counted.filter((lesson) => done.has(lesson.id)).length;
  const timing = moduleTiming(node.data.recommended_week ?? null, stage);
  return (
    <section data-level={node.level} className="module-section" style={{ background: tint }}>
      <Heading className="module-heading">
        <button
          type="button"
          onClick={() => setExpanded((was) => !was)}
          aria-expanded={expanded}
          aria-controls={contentId}
          className="module-toggle"
        >
          <span style={{ display: "block" }}>
            {node.level > 1 ? <span className="module-topic">{t("TOPIC:")}</span> : null}
            <span style={{ fontWeight: 600, display: "block" }}>{node.data.module_title}</span>
            <span style={{ display: "flex", gap: 8, marginTop: 4, flexWrap: "wrap" }}>
              {subTopics >= 1 ? (
                <span className="chip chip-filled">
                  {t("{count, plural, one {# sub-topic} other {# sub-topics}}", { count: subTopics })}
                </span>
              ) : null}
              <span className="chip chip-outlined">
                {t("{count, plural, one {# lesson} other {# lessons}}", { count: lessonCount(node) })}
              </span>
              {timing === "now" ? <span className="chip chip-now">{t("Recommended now")}</span> : null}
              {timing === "soon" ? <span className="chip chip-soon">{t("Coming up")}</span> : null}
              {doneCount > 0 ? (
                <span className="chip chip-done">
                  {t("{total, plural, one {{done} of # done} other {{done} of # done}}", { done: doneCount, total: counted.length })}
                </span>
              ) : null}
            </span>
          </span>
          <span className={expanded ? "turned" : undefined} style={{ display: "inline-flex" }}>
            <ExpandMoreIcon />
          </span>
        </button>
      </Heading>
      {/* Shown at once rather than animated open: nothing moves under a finger about to tap a lesson. */}
      {expanded ? (
        <div id={contentId} style={{ paddingInlineStart: 12, paddingInlineEnd: 12, paddingBottom: 12 }}>
          {lessons.length > 0 ? (
            <ul style={{ padding: 0, margin: 0 }}>
              {lessons.map((lesson, index) => (
                <LessonRow
                  key={lesson.id ?? index}
                  lesson={lesson}
                  index={index}
                  courseId={courseId}
                  done={done.has(lesson.id)}
                  leftOut={leftOut.has(lesson.id)}
                />
              ))}
            </ul>
          ) : null}
          {node.children.map((child) => (
            <ModuleSection key={child.data.id} node={child} courseId={courseId} done={done} leftOut={leftOut} stage={stage} />
          ))}
        </div>
      ) : null}
    </section>
  );
}

export default function CoursePage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get("course"));
  const { courseObject: current, selectedCourse, status, failure } = useSelectedCourse(courseId);
  const leftOut = useLeftOut(current?.course_id === courseId ? selectedCourse : null);
  const { progress, settled: progressSettled } = useCourseProgress(courseId);
  const user = useSession().user;
  const stage = user ? pacingStage(user) : ({ kind: "unknown" } as const);
  const { courseExtras } = useSlots();
  const done = new Set(progress?.lessons.filter((lesson) => lesson.completed).map((lesson) => lesson.lesson_id));

  const back = (
    <Link to="/library" className="button" style={{ marginBottom: 16 }}>
      <ArrowBackIcon />
      {t("Back to Library")}
    </Link>
  );
  if (!isCourseId(courseId)) {
    return (
      <PageColumn>
        {back}
        <p style={{ margin: 0 }}>{t("Choose a course in the library to see its modules.")}</p>
      </PageColumn>
    );
  }
  // The course and her progress in it appear together: the progress line and the ticks never push
  // the modules down after they are drawn.
  if (!current || !progressSettled) {
    return (
      <PageColumn>
        {back}
        {!current && status === "failed" ? (
          <p role="alert" style={{ margin: 0 }}>
            {failure}
          </p>
        ) : (
          <Spinner label={t("Loading the course")} />
        )}
      </PageColumn>
    );
  }
  return (
    <PageColumn>
      {back}
      <h1 className="page-title" style={{ marginBottom: 16 }}>
        {current.courseTitle}
      </h1>
      {!current.course_access ? (
        <div style={{ background: "var(--warning-surface)", borderRadius: 24, padding: 16, marginBottom: 16 }}>
          <p style={{ margin: "0 0 8px" }}>
            {t("You are previewing this course. Lessons with a lock open once the course is part of your plan.")}
          </p>
          <Link to={`/purchase?course=${courseId}`} className="button button-contained button-small">
            {t("See plans")}
          </Link>
        </div>
      ) : null}
      {progress && progress.total > 0 && current.course_access ? (
        <p style={{ margin: "0 0 16px" }}>
          {t("{total, plural, one {{done} of # lesson done.} other {{done} of # lessons done.}}", {
            done: progress.completed,
            total: progress.total,
          })}
        </p>
      ) : null}
      {progress?.certificate_available ? <CertificateOffer courseId={courseId} /> : null}
      {current.nestedData.length === 0 ? <p style={{ margin: 0 }}>{t("This course has no modules yet.")}</p> : null}
      {current.nestedData.map((node) => (
        <ModuleSection key={node.data.id} node={node} courseId={courseId} done={done} leftOut={leftOut} stage={stage} />
      ))}
      {selectedCourse ? (
        <SaveCourseForOffline
          courseId={courseId}
          courseTitle={current.courseTitle}
          modules={selectedCourse}
          access={current.course_access}
        />
      ) : null}
      {/* What other capabilities add to a course she may open (its knowledge checks), in chunks of their own. */}
      {current.course_access
        ? courseExtras.map((Extra, index) => (
            <Suspense key={index} fallback={null}>
              <Extra courseId={courseId} />
            </Suspense>
          ))
        : null}
    </PageColumn>
  );
}
