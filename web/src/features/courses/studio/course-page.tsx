import "./courses-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { TRASH_KEPT_DAYS } from "../../../../../contract/constants.ts";
import type { StudioCourse, StudioTreeModule } from "../../../../../contract/studio/courses.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { studioCourseQuery } from "../../../lib/first-answers.ts";

import { courseLogo } from "../../../lib/course-logos.ts";
import { CourseDetailsForm } from "./course-details-form.tsx";
import type { CoursesNotice } from "./courses-page.tsx";
import {
  ButtonRow,
  CreateByTitle,
  DeleteWithConfirmation,
  Loading,
  StudioPage,
  studioNoticeStyle,
} from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

// Fetched when the page draws it: the course editor's first visit stays within its budget.
const PictureUpload = lazy(() => import("../../../studio-kit/picture-upload.tsx").then((module) => ({ default: module.PictureUpload })));
// dnd-kit comes only when she asks to arrange lessons by dragging.
const LessonDragAndDrop = lazy(() => import("./lesson-drag-and-drop.tsx"));

type Branch = { module: StudioTreeModule; topics: Branch[] };

/** The depth-first list the server sends, as nested branches, so the page can nest its lists the same way. */
function branchesOf(modules: StudioTreeModule[]): Branch[] {
  const roots: Branch[] = [];
  const path: Branch[] = [];
  for (const module of modules) {
    const branch = { module, topics: [] };
    path.length = module.depth;
    (path.at(-1)?.topics ?? roots).push(branch);
    path.push(branch);
  }
  return roots;
}

type Direction = "up" | "down";
type TreeLesson = StudioTreeModule["lessons"][number];
/** What the tree's buttons do; each answer is reported at the top of the page and the tree is read again. */
type TreeActions = {
  courseId: number;
  /** The whole tree, depth first: where a module may be moved to. */
  modules: StudioTreeModule[];
  busy: boolean;
  move: (module: StudioTreeModule, direction: Direction) => void;
  moveLesson: (lesson: TreeLesson, direction: Direction) => void;
  /** A lesson moved elsewhere: the sentence is shown and the focus follows the lesson to its new place. */
  lessonPlaced: (lesson: TreeLesson, message: string) => void;
  remove: (what: { module: number } | { lesson: number }, revision: number) => void;
  added: (message: string) => void;
};
const moveButtonId = (moduleId: number, direction: Direction) => `move-${moduleId}-${direction}`;
const lessonMoveButtonId = (lessonId: number, direction: Direction) => `move-lesson-${lessonId}-${direction}`;
const lessonLinkId = (lessonId: number) => `lesson-${lessonId}`;
const other = (direction: Direction): Direction => (direction === "up" ? "down" : "up");

/** A Delete button that asks once more, in place, before anything goes to the Trash. */
/** A module's title, whether visitors see it in the course preview, and the week it is suggested for. */
function ModuleForm({ module, onSaved, onCancel }: { module: StudioTreeModule; onSaved: (message: string) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(module.title);
  const [preview, setPreview] = useState(module.visible_in_preview);
  const [week, setWeek] = useState(module.recommended_week === null ? "" : String(module.recommended_week));
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title,
      visible_in_preview: preview,
      recommended_week: week.trim() === "" ? null : Number(week),
      revision: module.revision,
    };
    const saved = await run(
      () => send("saveModule", { params: { moduleId: module.id }, body }),
      (answer) => answer.message,
    );
    if (saved) onSaved(saved.message);
  };
  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      aria-label={t("Edit {title}", { title: module.title })}
      sx={{ display: "grid", gap: 1.5, my: 1, p: 1.5, border: "1px solid var(--border)", borderRadius: 2, maxWidth: 560 }}
    >
      <TextField
        label={t("Title")}
        name="title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(details?.title)}
        helperText={details?.title}
      />
      <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        <input
          type="checkbox"
          name="visible_in_preview"
          checked={preview}
          onChange={(event) => setPreview(event.target.checked)}
          style={{ width: 20, height: 20 }}
        />
        {t("Shown in the preview to members without access")}
      </Box>
      <TextField
        label={t("Suggested week (optional)")}
        name="recommended_week"
        type="number"
        value={week}
        onChange={(event) => setWeek(event.target.value)}
        error={Boolean(details?.recommended_week)}
        helperText={details?.recommended_week ?? t("The week of pregnancy it suits, 1 to 42; 43 and above are weeks after the birth.")}
      />
      {outcome?.tone === "error" && !details ? <OutcomeNotice outcome={outcome} /> : null}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save")}
        </Button>
        <Button onClick={onCancel}>{t("Cancel")}</Button>
      </Box>
    </Box>
  );
}

/** Where a module may go: inside any module that is not itself or one of its own topics, or to the top of the course. */
function destinationsFor(module: StudioTreeModule, modules: StudioTreeModule[]): StudioTreeModule[] {
  const start = modules.findIndex((candidate) => candidate.id === module.id);
  let end = start + 1;
  while (end < modules.length && modules[end]!.depth > module.depth) end += 1;
  return [...modules.slice(0, start), ...modules.slice(end)];
}

/** A choice of place and a Move button; the server's sentence about the place shows under the choice. */
function PlaceForm({
  purpose,
  choiceLabel,
  choices,
  field,
  send,
  onMoved,
  onCancel,
}: {
  purpose: string;
  choiceLabel: string;
  /** value "" means the top of the course. */
  choices: { value: string; label: string }[];
  field: string;
  send: (value: string) => Promise<{ message: string }>;
  onMoved: (message: string) => void;
  onCancel?: () => void;
}) {
  const [destination, setDestination] = useState(choices[0]?.value ?? "");
  const { outcome, busy, run } = useAction();
  const fieldError = outcome?.tone === "error" ? (outcome.details?.[field] ?? outcome.text) : undefined;
  const move = async (event: FormEvent) => {
    event.preventDefault();
    const moved = await run(
      () => send(destination),
      (answer) => answer.message,
    );
    if (moved) onMoved(moved.message);
  };
  return (
    <Box
      component="form"
      onSubmit={move}
      noValidate
      aria-label={purpose}
      sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap", my: 1, maxWidth: 560 }}
    >
      <Box component="label" sx={{ display: "flex", flexDirection: "column", flex: "1 1 240px", fontWeight: 600 }}>
        {choiceLabel}
        <select
          value={destination}
          onChange={(event) => setDestination(event.target.value)}
          aria-invalid={Boolean(fieldError)}
          style={{ font: "inherit", fontWeight: 400, padding: 8, borderRadius: 8 }}
          autoFocus={Boolean(onCancel)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Box>
      <Button type="submit" variant="outlined" disabled={busy}>
        {t("Move")}
      </Button>
      {onCancel ? <Button onClick={onCancel}>{t("Cancel")}</Button> : null}
      {fieldError ? (
        <Box role="alert" sx={{ flexBasis: "100%", color: "var(--error-ink)" }}>
          {fieldError}
        </Box>
      ) : null}
    </Box>
  );
}

const indented = (module: StudioTreeModule) => ({ value: String(module.id), label: `${"— ".repeat(module.depth)}${module.title}` });

/** Move up and Move down for a row; the one at its end is disabled. */
function MoveButtons({
  name,
  idOf,
  first,
  last,
  busy,
  onMove,
}: {
  name: string;
  idOf: (direction: Direction) => string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: Direction) => void;
}) {
  return (["up", "down"] as const).map((direction) => (
    <button
      key={direction}
      type="button"
      id={idOf(direction)}
      className="button button-small button-outlined"
      disabled={busy || (direction === "up" ? first : last)}
      aria-label={direction === "up" ? t("Move {name} up", { name }) : t("Move {name} down", { name })}
      onClick={() => onMove(direction)}
    >
      {direction === "up" ? t("Move up") : t("Move down")}
    </button>
  ));
}

function LessonRow({
  lesson,
  module,
  first,
  last,
  actions,
}: {
  lesson: TreeLesson;
  module: StudioTreeModule;
  first: boolean;
  last: boolean;
  actions: TreeActions;
}) {
  const [placing, setPlacing] = useState(false);
  const send = useSend();
  const otherModules = actions.modules.filter((candidate) => candidate.id !== module.id);
  return (
    <li style={{ marginBottom: 4 }}>
      <Link to={`/studio/lessons/${lesson.id}`} id={lessonLinkId(lesson.id)}>
        {lesson.title}
      </Link>
      {lesson.has_video ? "" : " (no video)"}
      <ButtonRow actionsOf={lesson.title}>
        <MoveButtons
          name={lesson.title}
          idOf={(direction) => lessonMoveButtonId(lesson.id, direction)}
          first={first}
          last={last}
          busy={actions.busy}
          onMove={(direction) => actions.moveLesson(lesson, direction)}
        />
        <button
          type="button"
          className="button button-small"
          aria-label={t("Move {title} to another module", { title: lesson.title })}
          aria-expanded={placing}
          onClick={() => setPlacing((was) => !was)}
        >
          {t("Move to…")}
        </button>
        <DeleteWithConfirmation
          name={lesson.title}
          what={t("the lesson “{title}”", { title: lesson.title })}
          busy={actions.busy}
          onDelete={() => actions.remove({ lesson: lesson.id }, lesson.revision)}
        />
      </ButtonRow>
      {placing && otherModules.length === 0 ? (
        <p style={{ margin: "4px 0" }}>{t("This course has no other module yet: add one, then move the lesson into it.")}</p>
      ) : placing ? (
        <PlaceForm
          purpose={t("Move {title} to another module", { title: lesson.title })}
          choiceLabel="Move it to the end of"
          choices={otherModules.map(indented)}
          field="module_id"
          send={(moduleId) =>
            send("placeLesson", { params: { lessonId: lesson.id }, body: { module_id: Number(moduleId), revision: lesson.revision } })
          }
          onMoved={(message) => {
            setPlacing(false);
            actions.lessonPlaced(lesson, message);
          }}
          onCancel={() => setPlacing(false)}
        />
      ) : null}
    </li>
  );
}

function ModuleBranch({ branch, first, last, actions }: { branch: Branch; first: boolean; last: boolean; actions: TreeActions }) {
  const { module } = branch;
  const label = branch.module.depth === 0 ? t("Module") : t("Topic");
  const [adding, setAdding] = useState<"topic" | "lesson" | "edit" | null>(null);
  const send = useSend();
  const added = (message: string) => {
    setAdding(null);
    actions.added(message);
  };
  return (
    <li style={{ marginBottom: 12 }}>
      <strong>
        {label}: {module.title}
      </strong>
      <span style={{ color: "var(--ink-soft)" }}>
        {module.visible_in_preview ? ` · ${t("shown in the preview")}` : ""}
        {module.recommended_week ? ` · ${t("suggested in week {week}", { week: module.recommended_week })}` : ""}
      </span>
      {/* Plain buttons, not MUI's: a course has a row of them per module, and MUI's styled buttons
          made drawing the tree a long task on a laptop's slower cousins. */}
      <ButtonRow actionsOf={module.title}>
        <MoveButtons
          name={module.title}
          idOf={(direction) => moveButtonId(module.id, direction)}
          first={first}
          last={last}
          busy={actions.busy}
          onMove={(direction) => actions.move(module, direction)}
        />
        <button
          type="button"
          className="button button-small"
          onClick={() => setAdding("edit")}
          aria-label={t("Edit {title}", { title: module.title })}
          aria-expanded={adding === "edit"}
        >
          {t("Edit")}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => setAdding("lesson")}
          aria-label={t("Add a lesson to {title}", { title: module.title })}
          aria-expanded={adding === "lesson"}
        >
          {t("Add lesson")}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => setAdding("topic")}
          aria-label={t("Add a topic inside {title}", { title: module.title })}
          aria-expanded={adding === "topic"}
        >
          {t("Add topic")}
        </button>
        <DeleteWithConfirmation
          name={module.title}
          what={
            branch.topics.length > 0 || module.lessons.length > 0
              ? t("“{title}” with everything in it", { title: module.title })
              : t("“{title}”", { title: module.title })
          }
          busy={actions.busy}
          onDelete={() => actions.remove({ module: module.id }, module.revision)}
        />
      </ButtonRow>
      {adding === "edit" ? (
        <>
          <ModuleForm module={module} onSaved={added} onCancel={() => setAdding(null)} />
          <PlaceForm
            purpose={t("Move {title} elsewhere", { title: module.title })}
            choiceLabel="Move it, with everything in it, into"
            choices={[
              { value: "", label: t("The top of the course (a module)") },
              ...destinationsFor(module, actions.modules).map(indented),
            ]}
            field="parent_module_id"
            send={(parentId) =>
              send("placeModule", {
                params: { moduleId: module.id },
                body: { parent_module_id: parentId === "" ? null : Number(parentId), revision: module.revision },
              })
            }
            onMoved={added}
          />
        </>
      ) : adding === "lesson" ? (
        <CreateByTitle
          purpose={t("Add a lesson to {title}", { title: module.title })}
          label={t("New lesson in {title}", { title: module.title })}
          button={t("Add lesson")}
          create={(send, title) => send("createLesson", { body: { module_id: module.id, title } })}
          onCreated={(created) => added(created.message)}
          onCancel={() => setAdding(null)}
        />
      ) : adding === "topic" ? (
        <CreateByTitle
          purpose={t("Add a topic inside {title}", { title: module.title })}
          label={t("New topic inside {title}", { title: module.title })}
          button={t("Add topic")}
          create={(send, title) => send("createModule", { body: { course_id: actions.courseId, parent_module_id: module.id, title } })}
          onCreated={(created) => added(created.message)}
          onCancel={() => setAdding(null)}
        />
      ) : null}
      {module.lessons.length > 0 ? (
        <ul aria-label={t("Lessons of {title}", { title: module.title })}>
          {module.lessons.map((lesson, index) => (
            <LessonRow
              key={lesson.id}
              lesson={lesson}
              module={module}
              first={index === 0}
              last={index === module.lessons.length - 1}
              actions={actions}
            />
          ))}
        </ul>
      ) : null}
      {branch.topics.length > 0 ? (
        <ul aria-label={t("Topics of {title}", { title: module.title })}>
          {branch.topics.map((topic, index) => (
            <ModuleBranch
              key={topic.module.id}
              branch={topic}
              first={index === 0}
              last={index === branch.topics.length - 1}
              actions={actions}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** A draft is hers alone; publishing shows it to members, and she can take it back to draft. */
function PublishCourse({ course, busy, onChange }: { course: StudioCourse; busy: boolean; onChange: (published: boolean) => void }) {
  return (
    <Box component="section" aria-labelledby="publication-heading" sx={{ mb: 3, p: 2, border: "1px solid var(--border)", borderRadius: 2 }}>
      <h2 id="publication-heading" style={{ fontSize: "1.2rem", margin: "0 0 8px" }}>
        {course.published ? t("Published") : t("Draft")}
      </h2>
      <p style={{ margin: "0 0 12px" }}>
        {course.published
          ? t("Members see this course in their library, as its access and plans allow.")
          : t("Only you see this course. No member sees it, and no plan sells it, until you publish it.")}{" "}
        <Link to={`/course?course=${course.id}`}>{t("Preview it as a member would")}</Link>.
      </p>
      <Button variant={course.published ? "outlined" : "contained"} disabled={busy} onClick={() => onChange(!course.published)}>
        {course.published ? t("Back to draft") : t("Publish the course")}
      </Button>
    </Box>
  );
}

/** Deleting a course asks her to type its title; the server checks it too. */
function DeleteCourse({ course }: { course: StudioCourse }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const navigate = useNavigate();
  const fieldError = outcome?.tone === "error" ? outcome.details?.confirm_title : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const deleted = await run(
      () => send("deleteCourse", { params: { courseId: course.id }, body: { confirm_title: typed, revision: course.revision } }),
      (answer) => answer.message,
    );
    if (deleted) void navigate("/studio/courses", { state: { notice: deleted.message } satisfies CoursesNotice });
  };
  return (
    <Box component="section" aria-labelledby="delete-course" sx={{ mt: 4, pt: 2, borderTop: "1px solid var(--border)" }}>
      <h2 id="delete-course" style={{ fontSize: "1.2rem" }}>
        {t("Delete this course")}
      </h2>
      {!open ? (
        <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
          {t("Delete “{title}”…", { title: course.title })}
        </Button>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: "grid", gap: 1.5, maxWidth: 520 }}>
          <p style={{ margin: 0 }}>
            {t("Members lose it at once. It stays in the Trash for {days} days, with its lessons, files and the members who had it.", {
              days: TRASH_KEPT_DAYS,
            })}
          </p>
          <TextField
            label={t("Type “{title}” to confirm", { title: course.title })}
            name="confirm_title"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={Boolean(fieldError)}
            helperText={fieldError}
            autoComplete="off"
          />
          {outcome?.tone === "error" && !fieldError ? <OutcomeNotice outcome={outcome} /> : null}
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button type="submit" color="error" variant="contained" disabled={busy}>
              {t("Delete the course")}
            </Button>
            <Button onClick={() => setOpen(false)}>{t("Keep it")}</Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}

export default function CoursePage() {
  const { id } = useParams();
  const { answer: latest, failure, refresh } = useAnswer("studioCourse", studioCourseQuery(id ?? ""));
  // A course of many modules is a long render; deferred, React draws it in short slices between
  // which the page still answers a tap or a key (a store update alone would draw it in one go).
  const answer = useDeferredValue(latest);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [notice, setNotice] = useState<string | null>(null);
  const [detailsReloads, setDetailsReloads] = useState(0);
  const [detailsSaved, setDetailsSaved] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  // After a move the tree is read again; the keyboard focus goes back to the button she pressed
  // (or its pair, when the row reached the first or last place), or to the lesson in its new module.
  const refocus = useRef<{ ids: string[]; before: StudioCourse | undefined } | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || !answer || answer === wanted.before) return;
    refocus.current = null;
    const target = wanted.ids
      .map((elementId) => document.getElementById(elementId) as HTMLButtonElement | null)
      .find((element) => element && !element.disabled && element.offsetParent !== null);
    target?.focus();
  }, [answer]);
  const reload = refresh;
  // One sentence on the page at a time: the latest action's.
  const forgetNotices = () => {
    setNotice(null);
    setDetailsSaved(null);
  };
  const actions: TreeActions = {
    courseId: Number(id),
    modules: answer?.modules ?? [],
    busy,
    move: (module, direction) => {
      forgetNotices();
      void run(
        () => send("moveModule", { params: { moduleId: module.id }, body: { direction, revision: module.revision } }),
        (answer) => answer.message,
      ).then(() => {
        refocus.current = { ids: [moveButtonId(module.id, direction), moveButtonId(module.id, other(direction))], before: answer };
        reload();
      });
    },
    moveLesson: (lesson, direction) => {
      forgetNotices();
      void run(
        () => send("moveLesson", { params: { lessonId: lesson.id }, body: { direction, revision: lesson.revision } }),
        (answer) => answer.message,
      ).then(() => {
        refocus.current = {
          ids: [lessonMoveButtonId(lesson.id, direction), lessonMoveButtonId(lesson.id, other(direction)), lessonLinkId(lesson.id)],
          before: answer,
        };
        reload();
      });
    },
    lessonPlaced: (lesson, message) => {
      forgetNotices();
      setNotice(message);
      refocus.current = { ids: [lessonLinkId(lesson.id)], before: answer };
      reload();
    },
    remove: (what, revision) => {
      forgetNotices();
      void run(
        () =>
          "module" in what
            ? send("deleteModule", { params: { moduleId: what.module }, body: { revision } })
            : send("deleteLesson", { params: { lessonId: what.lesson }, body: { revision } }),
        (answer) => answer.message,
      ).then(() => {
        // The button she pressed is gone; the page (whose notice says what happened) takes the focus.
        document.getElementById("main")?.focus();
        reload();
      });
    },
    added: (message) => {
      forgetNotices();
      setNotice(message);
      reload();
    },
  };
  const roots = answer ? branchesOf(answer.modules) : [];
  return (
    <StudioPage title={answer?.title ?? t("Course")} intro={<Link to="/studio/courses">{t("All courses")}</Link>}>
      <OutcomeNotice outcome={notice ? { tone: "success", text: notice } : outcome} style={studioNoticeStyle} />
      {!answer ? (
        <Loading failure={failure} what={t("the course")} />
      ) : (
        <>
          <PublishCourse
            course={answer}
            busy={busy}
            onChange={(published) => {
              forgetNotices();
              void run(
                () => send("publishCourse", { params: { courseId: answer.id }, body: { published, revision: answer.revision } }),
                (answer) => answer.message,
              ).then(reload);
            }}
          />
          <PageSection title={t("Modules and lessons")} id="tree-heading">
            {answer.modules.length === 0 ? (
              <p>{t("This course has no modules yet.")}</p>
            ) : (
              <ul aria-label={t("Modules of {title}", { title: answer.title })} style={{ paddingInlineStart: 20 }}>
                {roots.map((branch, index) => (
                  <ModuleBranch
                    key={branch.module.id}
                    branch={branch}
                    first={index === 0}
                    last={index === roots.length - 1}
                    actions={actions}
                  />
                ))}
              </ul>
            )}
            {answer.modules.some((module) => module.lessons.length > 0) ? (
              <Box sx={{ my: 2 }}>
                <Button variant="outlined" aria-expanded={dragging} onClick={() => setDragging((was) => !was)}>
                  {dragging ? t("Done arranging") : t("Arrange lessons by dragging")}
                </Button>
                {dragging ? (
                  <Box
                    component="section"
                    aria-label={t("Arrange lessons")}
                    sx={{ mt: 1, p: 2, border: "1px solid var(--border)", borderRadius: 2 }}
                  >
                    <Suspense fallback={<p>{t("Loading…")}</p>}>
                      <LessonDragAndDrop
                        modules={answer.modules}
                        busy={busy}
                        onPlace={(lesson, moduleId, index) => {
                          forgetNotices();
                          void run(
                            () =>
                              send("placeLesson", {
                                params: { lessonId: lesson.id },
                                body: { module_id: moduleId, index, revision: lesson.revision },
                              }),
                            (answer) => answer.message,
                          ).then(reload);
                        }}
                      />
                    </Suspense>
                  </Box>
                ) : null}
              </Box>
            ) : null}
            <CreateByTitle
              purpose="Add a module"
              label={t("New module title")}
              button={t("Add module")}
              create={(send, title) => send("createModule", { body: { course_id: answer.id, title } })}
              onCreated={(created) => actions.added(created.message)}
            />
          </PageSection>
          <PageSection title={t("Course details")} id="details-heading">
            <CourseDetailsForm
              key={`${answer.revision}-${detailsReloads}`}
              course={answer}
              savedMessage={detailsSaved}
              onSaved={(message) => {
                setDetailsSaved(message);
                reload();
              }}
              onReload={() => {
                setDetailsSaved(null);
                setDetailsReloads((current) => current + 1);
                reload();
              }}
            />
          </PageSection>
          <PageSection title={t("Cover picture")} id="cover-heading">
            <Suspense fallback={<p>{t("Loading…")}</p>}>
              <PictureUpload
                label={t("Cover picture")}
                picture={answer.cover_picture}
                target={{ upload: "uploadCourseCover", remove: "removeCourseCover", courseId: answer.id }}
                fallback={
                  <img src={courseLogo(answer.logo)} alt={t("The built-in picture chosen in the details")} width={48} height={48} />
                }
                onChanged={reload}
              />
            </Suspense>
          </PageSection>
          <DeleteCourse course={answer} />
        </>
      )}
    </StudioPage>
  );
}
