import { Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useOpenedOffline } from "../../lib/offline-state.ts";
import { useSession } from "../../lib/session.ts";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { Link as RouterLink, useSearchParams } from "react-router";
import type { OpenLesson } from "../../../../contract/catalogue.ts";
import { MarkComplete, PreviousNext } from "./progress/lesson-controls.tsx";
import { LessonVideo, linkFrame, VideoPlace } from "./progress/lesson-video.tsx";
import { useLessonProgress } from "./progress/use-lesson-progress.ts";
import { ArrowBackIcon, ArrowUpwardIcon, LockIcon } from "../../components/icons.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { useAfterFirstPaint } from "../../lib/use-after-first-paint.ts";
import { useSelectedCourse } from "../../lib/catalogue.ts";
import { SaveForOffline } from "./offline/save-for-offline.tsx";
import { removeSavedLesson, type SavedLesson, savedLesson } from "../../lib/saved-lessons.ts";
import { useOnline } from "../../lib/use-online.ts";
import { downloadTexts, readDownloads } from "../../lib/lesson-downloads.ts";
import { videoLineText } from "../../lib/video-players.ts";
import { useSlots } from "../../lib/slots.tsx";
import { type LessonPlayer, LessonPlayerHub, type VideoFrame } from "../../lib/lesson-player.ts";
import { pageLocale, t } from "./messages.ts";
import { contentNoteName } from "../../lib/content-note-names.ts";

// The lesson page is plain markup styled in web/index.html: MUI's styled components recomputed
// their styles on every render, about a third of this page's JavaScript on a phone.

function Downloads({ videoDescription }: { videoDescription: unknown }) {
  const view = readDownloads(videoDescription);
  return (
    <section aria-labelledby="downloads-heading" style={{ margin: "24px 0" }}>
      <h2 id="downloads-heading" className="section-title">
        {t("DOWNLOADS")}
      </h2>
      {view.kind === "message" ? (
        <p style={{ margin: 0 }}>{t(view.text)}</p>
      ) : (
        <ul style={{ paddingInlineStart: 24, margin: 0 }}>
          {view.files.map((file, index) => (
            <li key={`${file.label}-${index}`}>
              {file.url ? (
                <a href={file.url} download={file.label} style={{ color: "var(--accent)" }}>
                  {file.label}
                </a>
              ) : file.label === downloadTexts.noFilename ? (
                t(file.label)
              ) : (
                file.label
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The summary's first sentence, as plain text, to open the lesson with; nothing when it has none. */
export function firstSentence(html: string | null): string {
  if (!html) return "";
  const text = (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "").replace(/\s+/g, " ").trim();
  return text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text;
}

function HtmlPanel({ title, html }: { title: string; html: string | null }) {
  return (
    <section className="panel">
      <h2 className="section-title">{title}</h2>
      {html ? <SafeHtml html={html} /> : <p style={{ margin: 0 }}>{t("No notes available.")}</p>}
    </section>
  );
}

type LessonPlace = { courseId: number; courseTitle: string; moduleTitle: string };

type Meeting = "ask" | "continue" | "summary";

/**
 * A lesson with a content note she asked to be told about opens with this calm word, and nothing
 * of it loads until she chooses: the lesson, its summary and notes only, or keeping it for later.
 */
function ContentNoteNotice({ notes, lessonId, onChoose }: { notes: string[]; lessonId: number; onChoose: (meeting: Meeting) => void }) {
  const send = useSend();
  const [saved, setSaved] = useState<string | null>(null);
  const keep = async () => {
    const answer = await send("saveLessonForLater", { params: { lessonId }, body: { saved: true } }).catch(() => null);
    setSaved(answer ? answer.message : t("It could not be saved just now. Please try again in a moment."));
  };
  return (
    <section aria-labelledby="content-note-heading" className="content-note" style={{ marginBottom: 16 }}>
      <h2 id="content-note-heading" className="section-title" style={{ marginTop: 0 }}>
        {t("Before you begin")}
      </h2>
      <p>
        {t(
          "This lesson talks about {notes}. You can watch it now, read only its summary and notes, or keep it for another day. Nothing plays by itself.",
          {
            notes: new Intl.ListFormat(pageLocale(), { type: "conjunction" }).format(
              notes.map((note) => contentNoteName(note).toLocaleLowerCase(pageLocale())),
            ),
          },
        )}
      </p>
      <div className="row">
        <button type="button" className="button button-contained" onClick={() => onChoose("continue")}>
          {t("Continue")}
        </button>
        <button type="button" className="button button-outlined" onClick={() => onChoose("summary")}>
          {t("Read the summary instead")}
        </button>
        <button type="button" className="button button-outlined" onClick={() => void keep()}>
          {t("Save for later")}
        </button>
      </div>
      {saved ? (
        <p role="status" style={{ marginBottom: 0 }}>
          {saved}
        </p>
      ) : null}
    </section>
  );
}

/** How she meets this lesson: at once, or after the notice when it carries a note she asked to be told about. */
function useMeeting(lesson: OpenLesson): [Meeting | "loading", (meeting: Meeting) => void] {
  // A copy saved on the phone before content notes existed has none.
  const notes = lesson.content_notes ?? [];
  const noted = notes.length > 0;
  const choices = useAnswer("myContentNotes", undefined, { skip: !noted });
  const [chosen, setChosen] = useState<Meeting | null>(null);
  if (!noted || chosen) return [chosen ?? "continue", setChosen];
  if (!choices.answer && !choices.failure) return ["loading", setChosen];
  const tell = lesson.content_notes.some(
    (note) => (choices.answer?.notes.find((entry) => entry.name === note)?.choice ?? "tell") === "tell",
  );
  return [tell ? "ask" : "continue", setChosen];
}

function OpenLessonView({ lesson, place }: { lesson: OpenLesson; place: LessonPlace }) {
  const [meeting, choose] = useMeeting(lesson);
  if (meeting === "loading") return <Spinner label={t("Loading the lesson")} />;
  if (meeting === "ask") return <ContentNoteNotice notes={lesson.content_notes} lessonId={lesson.id} onChoose={choose} />;
  if (meeting === "summary") {
    return (
      <>
        <HtmlPanel title={t("Lesson summary")} html={lesson.content_summary} />
        <HtmlPanel title={t("Notes")} html={lesson.html_note_content} />
        <VideoExtras lessonId={lesson.id} player={null} />
        <button type="button" className="button button-outlined" onClick={() => choose("continue")}>
          {t("Open the whole lesson")}
        </button>
      </>
    );
  }
  return <WholeLesson lesson={lesson} place={place} />;
}

/**
 * What other capabilities show right under the video (its transcript), in chunks of their own;
 * offline too, from what "Save for offline" kept (the `savedWithLesson` slot), with no video to follow.
 */
function VideoExtras({ lessonId, player }: { lessonId: number; player: LessonPlayer | null }) {
  const { lessonVideoExtras } = useSlots();
  const online = useOnline();
  if (!online) player = null;
  return lessonVideoExtras.map((Extra, index) => (
    <Suspense key={index} fallback={null}>
      <Extra lessonId={lessonId} player={player} />
    </Suspense>
  ));
}

/** Whether, without a network, this lesson's own video was saved on this phone (it then plays from the copy). */
function useSavedVideo(courseId: number, lessonId: number, offline: boolean): boolean {
  const member = useSession().user;
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (!offline || !member) return;
    let current = true;
    void savedLesson(member.id, courseId, lessonId).then((copy) => current && setSaved(copy?.video === true));
    return () => {
      current = false;
    };
  }, [offline, member, courseId, lessonId]);
  return offline && saved;
}

function WholeLesson({ lesson, place }: { lesson: OpenLesson; place: LessonPlace }) {
  const online = useOnline();
  // The lesson's words first; the player and her progress a frame later (use-after-first-paint.ts).
  const painted = useAfterFirstPaint();
  const { lessonExtras, lessonVideoSources } = useSlots();
  const OwnVideo = lessonVideoSources[0];
  const { progress, update } = useLessonProgress(place.courseId, lesson.id, { ask: painted });
  const savedVideo = useSavedVideo(place.courseId, lesson.id, !online);
  // One per lesson: Previous and Next keep this page, and a new lesson's video starts afresh.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const hub = useMemo(() => new LessonPlayerHub(), [lesson.id]);
  // Opened from a search at the moment its transcript says the words (?at=272): the video starts there.
  const [params] = useSearchParams();
  const at = Number(params.get("at"));
  useEffect(() => {
    if (at > 0) hub.seekTo(at);
  }, [hub, at]);
  const linked = useMemo(() => (lesson.video ? linkFrame(lesson.video) : null), [lesson.video]);
  const playerOf = (own: VideoFrame | null) => {
    const frame = own ?? linked;
    if (!frame) return <p style={{ margin: "0 0 8px" }}>{t("This lesson has no video.")}</p>;
    return (
      <LessonVideo
        lessonId={lesson.id}
        title={lesson.lesson_title}
        frame={frame}
        progress={progress}
        update={update}
        showPlayer={painted}
        hub={hub}
      />
    );
  };
  return (
    <>
      {firstSentence(lesson.content_summary) ? <p style={{ margin: "0 0 16px" }}>{firstSentence(lesson.content_summary)}</p> : null}
      {OwnVideo && (online || savedVideo) ? (
        // Her own video, when the lesson has one, plays in place of its link (the `lessonVideoSources`
        // slot); offline, from the copy "Save for offline" kept.
        <Suspense fallback={<VideoPlace />}>
          <OwnVideo lessonId={lesson.id}>{(frame) => (frame === undefined ? <VideoPlace /> : playerOf(frame))}</OwnVideo>
        </Suspense>
      ) : lesson.video && !online ? (
        <div role="note" style={{ background: "var(--note)", borderRadius: 12, padding: 24, marginBottom: 8 }}>
          <p style={{ margin: 0 }}>
            {t(
              "You are offline, so the video cannot play just now. It will be here when you are back online; the notes and downloads below are ready.",
            )}
          </p>
        </div>
      ) : (
        playerOf(null)
      )}
      {lesson.video && videoLineText(lesson.video) ? (
        <p className="small-text quiet-text" style={{ margin: "0 0 8px" }}>
          {videoLineText(lesson.video)}
        </p>
      ) : null}
      {painted ? <VideoExtras lessonId={lesson.id} player={lesson.video || OwnVideo ? hub : null} /> : null}
      <MarkComplete progress={progress} update={update} />
      <SaveForOffline courseId={place.courseId} courseTitle={place.courseTitle} moduleTitle={place.moduleTitle} lesson={lesson} />
      <Downloads videoDescription={lesson.video_description} />
      <HtmlPanel title={t("Notes")} html={lesson.html_note_content} />
      <HtmlPanel title={t("Lesson summary")} html={lesson.content_summary} />
      {/* What other capabilities add (its questions) comes after the lesson's own words, in chunks of their own: the lesson opens without them. */}
      {painted && online
        ? lessonExtras.map((Extra, index) => (
            <Suspense key={index} fallback={null}>
              <Extra lessonId={lesson.id} />
            </Suspense>
          ))
        : null}
    </>
  );
}

export default function LessonPage() {
  const [params] = useSearchParams();
  const courseId = Number(params.get("course"));
  const lessonId = Number(params.get("lesson"));
  const { courseObject, selectedCourse, status } = useSelectedCourse(courseId);
  const user = useSession().user;
  const offline = useOpenedOffline();
  const online = useOnline();
  const loaded = useMemo(() => {
    for (const module of selectedCourse ?? []) {
      const lesson = module.lessons.find((candidate) => candidate.id === lessonId);
      if (lesson) return { ...lesson, course_id: courseId, module_title: module.module_title };
    }
    return null;
  }, [selectedCourse, courseId, lessonId]);
  // Without a network, the copy saved on this phone, if she saved this lesson.
  const [savedCopy, setSavedCopy] = useState<SavedLesson | null | undefined>(undefined);
  const lookInSavedCopies = !loaded && user !== null && (offline || status === "failed");
  useEffect(() => {
    if (!lookInSavedCopies || !user) return;
    let current = true;
    void savedLesson(user.id, courseId, lessonId).then((saved) => current && setSavedCopy(saved));
    return () => {
      current = false;
    };
  }, [lookInSavedCopies, user, courseId, lessonId]);
  // Her access ended (a plan that lapsed): the server now locks the lesson, and its saved copy leaves the phone.
  const lockedNow = loaded?.locked === true;
  useEffect(() => {
    if (lockedNow && user) void removeSavedLesson(user.id, courseId, lessonId);
  }, [lockedNow, user, courseId, lessonId]);
  const found = loaded ?? (savedCopy ? { ...savedCopy.lesson, course_id: courseId, module_title: savedCopy.moduleTitle } : null);
  // The lesson's first render (video, downloads, notes) is the heaviest of the page: deferred, React
  // renders it in slices between which the phone stays responsive, instead of one long task.
  const lesson = useDeferredValue(found);
  // Previous and Next keep the page's address (only the lesson changes): the new lesson opens at
  // its top, with focus on its title, as a new page would.
  const shownLessonId = lesson?.id;
  const firstLesson = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (shownLessonId === undefined) return;
    if (firstLesson.current === undefined) {
      firstLesson.current = shownLessonId;
      return;
    }
    window.scrollTo(0, 0);
    document.querySelector<HTMLElement>("main h1")?.focus({ preventScroll: true });
  }, [shownLessonId]);

  const back = (
    <RouterLink to={`/course?course=${courseId}`} className="button" style={{ marginBottom: 16 }}>
      <ArrowBackIcon />
      {t("Back to Modules")}
    </RouterLink>
  );
  if (!lesson) {
    const courseLoaded = courseObject?.course_id === courseId && status === "loaded";
    // Only once the saved copies were looked through (null: not saved here) is there nothing to show.
    const nothingSaved = lookInSavedCopies && savedCopy === null;
    const problem = found
      ? null
      : courseLoaded
        ? t("This lesson could not be found. It may have moved; please choose it again from the course.")
        : nothingSaved && (offline || !online)
          ? t("You are offline, and this lesson is not saved on this phone. It will open when you are back online.")
          : nothingSaved
            ? t("This lesson could not be found. It may have moved; please choose it again from the course.")
            : null;
    return (
      <PageColumn>
        {back}
        {problem ? <p role="alert">{problem}</p> : <Spinner label={t("Loading the lesson")} />}
      </PageColumn>
    );
  }
  return (
    <PageColumn>
      <span id="lesson-top" />
      {back}
      <h1 className="page-title" tabIndex={-1} style={{ outline: "none" }}>
        {lesson.lesson_title}
      </h1>
      {lesson.locked ? (
        <div className="locked-notice">
          <LockIcon />
          <p style={{ margin: "8px 0" }}>{t("This lesson is part of the full course. Unlock it to watch the video and read the notes.")}</p>
          <RouterLink to={`/purchase?course=${courseId}`} className="button button-contained">
            {t("Unlock this course")}
          </RouterLink>
        </div>
      ) : (
        <OpenLessonView
          lesson={lesson}
          place={{
            courseId,
            courseTitle: savedCopy?.courseTitle ?? courseObject?.courseTitle ?? t("Course"),
            moduleTitle: lesson.module_title,
          }}
        />
      )}
      <PreviousNext courseId={courseId} modules={courseObject?.course_id === courseId ? selectedCourse : null} lessonId={lessonId} />
      <div style={{ textAlign: "center", marginTop: 24 }}>
        <button type="button" className="button" onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
          <ArrowUpwardIcon />
          {t("GO TO TOP")}
        </button>
      </div>
    </PageColumn>
  );
}
