import "./courses-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import type { LessonVideo } from "../../../../../contract/catalogue.ts";
import { staleRevisionMessage } from "../../../../../contract/constants.ts";
import type { StudioLesson } from "../../../../../contract/studio/courses.ts";
import { parseVideoLength, parseVideoLink, videoLinkProblem } from "../../../../../contract/video-link.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { Spinner } from "../../../components/spinner.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { clockTime } from "../../../lib/clock-time.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { studioLessonQuery } from "../../../lib/first-answers.ts";
import { useStudioSlots } from "../../../lib/studio-slots.tsx";

import { LessonFiles } from "./lesson-files.tsx";
import { RichTextField } from "../../../studio-kit/rich-text-field.tsx";
import { Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { useLeaveWarning } from "../../../studio-kit/use-leave-warning.ts";
import { t, tWith } from "./messages.ts";
import { contentNoteName } from "../../../lib/content-note-names.ts";

// The preview embeds the player and cleans the HTML as a lesson page does; loaded after the form, it
// keeps that code out of the editor's first visit.
const LessonPreview = lazy(() => import("./lesson-preview.tsx"));

type Draft = Pick<
  StudioLesson,
  "title" | "video_link" | "video_length" | "video_line" | "content_summary_html" | "note_html" | "content_notes"
>;
const draftOf = (lesson: StudioLesson): Draft => ({
  title: lesson.title,
  video_link: lesson.video_link,
  video_length: lesson.video_length,
  video_line: lesson.video_line,
  content_summary_html: lesson.content_summary_html,
  note_html: lesson.note_html,
  content_notes: lesson.content_notes,
});

/** The content notes a member who asked is told of before the lesson opens (the list is in Studio → Community). */
function ContentNotesField({ value, onChange, error }: { value: string[]; onChange: (notes: string[]) => void; error?: string }) {
  const notes = useAnswer("contentNotes").answer?.notes ?? [];
  return (
    <Box component="fieldset" sx={{ border: "1px solid var(--border-soft)", borderRadius: 2, display: "flex", flexWrap: "wrap", gap: 1.5 }}>
      <legend>{t("Content notes")}</legend>
      {notes.map((note) => (
        <label key={note.id} style={{ display: "flex", gap: 6, alignItems: "center" }}>
          <input
            type="checkbox"
            checked={value.includes(note.name)}
            onChange={(event) => onChange(event.target.checked ? [...value, note.name] : value.filter((name) => name !== note.name))}
          />
          {contentNoteName(note.name)}
        </label>
      ))}
      {error ? <Box sx={{ color: "var(--error-ink)", width: "100%" }}>{error}</Box> : null}
    </Box>
  );
}

/** What the video link will play, said as she types: the same check the server makes on saving. */
function VideoLinkCheck({ link, video }: { link: string; video: LessonVideo | null }) {
  if (link.trim() === "") return <>{t("No video: members read this lesson without one.")}</>;
  if (!video) return <>{videoLinkProblem}</>;
  return (
    <>
      {video.provider === "youtube"
        ? video.start
          ? t("The YouTube video {id}, from {start}.", { id: video.id, start: clockTime(video.start) })
          : t("The YouTube video {id}.", { id: video.id })
        : video.hash
          ? t("The Vimeo video {id} (unlisted).", { id: video.id })
          : t("The Vimeo video {id}.", { id: video.id })}
    </>
  );
}

function LessonForm({ lesson, onReload }: { lesson: StudioLesson; onReload: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(lesson));
  const [savedDraft, setSavedDraft] = useState<Draft>(() => draftOf(lesson));
  useLeaveWarning(JSON.stringify(draft) !== JSON.stringify(savedDraft), t("This lesson"));
  const [revision, setRevision] = useState(lesson.revision);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const set = (field: Exclude<keyof Draft, "content_notes">, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const video = parseVideoLink(draft.video_link);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () => send("saveLesson", { params: { lessonId: lesson.id }, body: { ...draft, revision } }),
      (answer) => answer.message,
    );
    if (saved) {
      setRevision(saved.lesson.revision);
      setDraft(draftOf(saved.lesson));
      setSavedDraft(draftOf(saved.lesson));
    }
  };

  return (
    <>
      <Box component="form" onSubmit={save} noValidate aria-label={t("Lesson")} sx={{ display: "grid", gap: 2 }}>
        <TextField
          label={t("Title")}
          name="title"
          required
          value={draft.title}
          onChange={(event) => set("title", event.target.value)}
          error={Boolean(details?.title)}
          helperText={details?.title}
        />
        <TextField
          label={t("Video link (YouTube or Vimeo)")}
          name="video_link"
          value={draft.video_link}
          placeholder="https://youtu.be/…"
          onChange={(event) => set("video_link", event.target.value)}
          error={Boolean(details?.video_link) || (draft.video_link.trim() !== "" && !video)}
          helperText={<VideoLinkCheck link={draft.video_link} video={video} />}
        />
        {video ? (
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { sm: "10rem 1fr" } }}>
            <TextField
              label={t("Length (optional)")}
              name="video_length"
              value={draft.video_length}
              placeholder="12:30"
              onChange={(event) => set("video_length", event.target.value)}
              error={Boolean(details?.video_length) || (draft.video_length.trim() !== "" && parseVideoLength(draft.video_length) === null)}
              helperText={details?.video_length ?? t("Minutes:seconds.")}
            />
            <TextField
              label={t("A line about the video (optional)")}
              name="video_line"
              value={draft.video_line}
              onChange={(event) => set("video_line", event.target.value)}
              error={Boolean(details?.video_line)}
              helperText={details?.video_line ?? t("Shown under the player, like “Filmed with Maya at 38 weeks”. Empty: nothing is shown.")}
            />
          </Box>
        ) : null}
        <ContentNotesField
          value={draft.content_notes}
          onChange={(notes) => setDraft((current) => ({ ...current, content_notes: notes }))}
          error={details?.content_notes}
        />
        <RichTextField
          label={t("Lesson summary")}
          name="content_summary_html"
          value={draft.content_summary_html}
          onChange={(html) => set("content_summary_html", html)}
          error={details?.content_summary_html}
          help={t("Shown under the video, after the notes.")}
        />
        <RichTextField
          label={t("Notes")}
          name="note_html"
          minRows={6}
          value={draft.note_html}
          onChange={(html) => set("note_html", html)}
          error={details?.note_html}
          help={t("Shown first under the video.")}
        />
        <OutcomeNotice outcome={outcome} />
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("Save lesson")}
          </Button>
          {outcome?.tone === "error" && outcome.text === staleRevisionMessage ? <Button onClick={onReload}>{t("Reload")}</Button> : null}
        </Box>
      </Box>
      <PageSection title={t("Preview")} id="preview-heading">
        <p>
          {tWith("As members will see it once saved. {link}", {
            link: (
              <Link to={`/lesson?course=${lesson.course_id}&lesson=${lesson.id}`}>{t("Open the saved lesson in the member area")}</Link>
            ),
          })}
        </p>
        <Suspense fallback={<Spinner label={t("Loading the preview")} />}>
          <LessonPreview
            title={draft.title}
            video={video ? { ...video, length: parseVideoLength(draft.video_length) ?? undefined, line: draft.video_line.trim() } : null}
            noteHtml={draft.note_html}
            summaryHtml={draft.content_summary_html}
            files={lesson.files}
          />
        </Suspense>
      </PageSection>
    </>
  );
}

export default function LessonEditorPage() {
  const { id } = useParams();
  const { answer, failure, refresh: reload } = useAnswer("studioLesson", studioLessonQuery(id ?? ""));
  const { lessonEditorParts } = useStudioSlots();
  return (
    <StudioPage
      title={answer ? t("Lesson: {title}", { title: answer.title }) : t("Lesson")}
      intro={
        answer ? <Link to={`/studio/courses/${answer.course_id}`}>{`${answer.course_title} · ${answer.module_title}`}</Link> : undefined
      }
    >
      {/* A reload (after a 409) brings the newest revision into a fresh form. */}
      {!answer ? (
        <Loading failure={failure} what={t("the lesson")} />
      ) : (
        <>
          <LessonForm key={`${answer.id}-${answer.revision}`} lesson={answer} onReload={reload} />
          <LessonFiles lesson={answer} onChanged={reload} />
          {lessonEditorParts.map((Part, index) => (
            <Suspense key={index} fallback={null}>
              <Part lessonId={answer.id} />
            </Suspense>
          ))}
        </>
      )}
    </StudioPage>
  );
}
