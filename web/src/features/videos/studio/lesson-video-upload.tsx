import "./videos-studio-endpoints.ts";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Upload } from "tus-js-client";
import { VIDEO_EXTENSIONS, VIDEO_UPLOADS_PATH, type StudioLessonVideo } from "../../../../../contract/videos.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { clockTime } from "../../../lib/clock-time.ts";
import { fileSizeLabel } from "../../../lib/file-size.ts";
import { useAction } from "../../../lib/use-action.ts";
import { DeleteWithConfirmation } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

// Her own video in a lesson's editor (docs/videos.md): sent in parts through tus, so a dropped
// Wi-Fi or a closed laptop resumes where it stopped, then transcoded on the server while she watches.

/** Parts small enough to arrive within the server's 30 seconds on a slow connection. */
const CHUNK_BYTES = 2 * 1024 * 1024;
/** How often the page asks how the transcoding goes. */
const FOLLOW_EVERY_MS = 2_000;
const accept = [...VIDEO_EXTENSIONS.map((extension) => `.${extension}`), "video/mp4", "video/quicktime", "video/webm"].join(",");

type Sending = { upload: Upload; name: string; sent: number; total: number; paused: boolean };

function statusLine(video: StudioLessonVideo): string {
  switch (video.status) {
    case "uploading":
      return t("{name} is being uploaded. If the upload stopped, choose the same file again: it goes on where it stopped.", {
        name: video.filename,
      });
    case "queued":
      return t("{name} has arrived and waits its turn to be prepared for every screen.", { name: video.filename });
    case "transcoding":
      return t("{name} is being prepared for every screen: {progress}%.", { name: video.filename, progress: video.progress });
    case "ready":
      return t("{name} is ready: {length}, in {heights}. Members watch it on the lesson's page.", {
        name: video.filename,
        length: clockTime(video.duration_seconds ?? 0),
        heights: video.renditions.map((rendition) => `${rendition.height}p`).join(", "),
      });
    case "failed":
      return video.error ?? t("This video could not be prepared. Please upload it again.");
  }
}

export default function LessonVideoUpload({ lessonId }: { lessonId: number }) {
  const { answer, failure, refresh } = useAnswer("studioLessonVideo", { params: { lessonId } });
  const video = failure?.status === 404 ? null : answer;
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const working = video && (video.status === "queued" || video.status === "transcoding" || (video.status === "uploading" && !sending));

  // While the server works on it, the page asks how it goes every two seconds.
  useEffect(() => {
    if (!working || sending) return;
    const timer = setInterval(refresh, FOLLOW_EVERY_MS);
    return () => clearInterval(timer);
  }, [working, sending, refresh]);
  // Leaving the page pauses the upload; coming back with the same file resumes it.
  const current = useRef<Upload | null>(null);
  current.current = sending?.upload ?? null;
  useEffect(() => () => void current.current?.abort(), []);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const file = fileInput.current?.files?.[0];
    if (!file) return setProblem(t("Choose the lesson's video first: an MP4, MOV or WebM file."));
    const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
    if (!(VIDEO_EXTENSIONS as readonly string[]).includes(extension))
      return setProblem(t('"{name}" is not an MP4, MOV or WebM video. Choose the video file.', { name: file.name }));
    const upload = new Upload(file, {
      endpoint: VIDEO_UPLOADS_PATH,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000, 20_000],
      metadata: { lesson_id: String(lessonId), filename: file.name },
      // The same file for the same lesson goes on where it stopped, even after the page was closed.
      fingerprint: async (chosen: File) => `lesson-video-${lessonId}-${chosen.name}-${chosen.size}-${chosen.lastModified}`,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setSending((now) => (now ? { ...now, sent, total } : now)),
      onSuccess: () => {
        setSending(null);
        refresh();
      },
      onError: (error) => {
        setSending((now) => (now ? { ...now, paused: true } : now));
        const status = "originalResponse" in error ? error.originalResponse?.getStatus() : undefined;
        const body = "originalResponse" in error ? error.originalResponse?.getBody() : undefined;
        let sentence: string | undefined;
        try {
          sentence = body ? (JSON.parse(body) as { error?: string }).error : undefined;
        } catch {
          sentence = undefined;
        }
        setProblem(
          sentence ??
            (status
              ? t("The server refused the video ({status}). Please try again.", { status })
              : t("The upload stopped: we could not reach the server. Check your connection, then press Resume.")),
        );
      },
    });
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    setSending({ upload, name: file.name, sent: 0, total: file.size, paused: false });
    upload.start();
  };

  const pause = () => {
    if (!sending) return;
    void sending.upload.abort();
    setSending({ ...sending, paused: true });
  };
  const resume = () => {
    if (!sending) return;
    setProblem(null);
    sending.upload.start();
    setSending({ ...sending, paused: false });
  };
  const cancel = () => {
    if (!sending) return;
    // Terminates it on the server too: what arrived is removed, and the video members played before stays.
    void sending.upload.abort(true).finally(refresh);
    setSending(null);
  };

  return (
    <PageSection title={t("The lesson's own video")} id="own-video-heading">
      <p style={{ marginTop: 0 }}>
        {t(
          "Upload the video itself instead of a YouTube or Vimeo link: it stays on your site, plays only for members who may open the lesson, and adapts to a weak signal.",
        )}
      </p>
      {video ? (
        <p role="status" aria-live="polite">
          {statusLine(video)}
        </p>
      ) : null}
      {video && (video.status === "transcoding" || video.status === "queued") ? (
        <LinearProgress variant="determinate" value={video.progress} aria-label={t("Preparing the video")} sx={{ maxWidth: 480, mb: 2 }} />
      ) : null}
      {sending ? (
        <div style={{ display: "grid", gap: 8, maxWidth: 480 }}>
          <label htmlFor={`${inputId}-progress`}>
            {sending.paused
              ? t("Paused: {sent} of {total} sent.", { sent: fileSizeLabel(sending.sent), total: fileSizeLabel(sending.total) })
              : t("Sending {name}: {sent} of {total}.", {
                  name: sending.name,
                  sent: fileSizeLabel(sending.sent),
                  total: fileSizeLabel(sending.total),
                })}
          </label>
          <progress id={`${inputId}-progress`} max={sending.total} value={sending.sent} style={{ width: "100%" }} />
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
            {sending.paused ? (
              <Button variant="contained" onClick={resume}>
                {t("Resume")}
              </Button>
            ) : (
              <Button variant="outlined" onClick={pause}>
                {t("Pause")}
              </Button>
            )}
            <Button variant="text" onClick={cancel}>
              {t("Cancel the upload")}
            </Button>
          </div>
        </div>
      ) : (
        <form
          onSubmit={(event) => void start(event)}
          aria-label={t("Upload the lesson's video")}
          style={{ display: "grid", gap: 8, maxWidth: 640 }}
        >
          <label htmlFor={inputId} style={{ fontWeight: 600 }}>
            {video?.playable ? t("A new video, to replace this one") : t("Video file")}
          </label>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept={accept}
            aria-describedby={`${inputId}-help`}
            onChange={() => setProblem(null)}
            style={{ font: "inherit", minHeight: 44, maxWidth: "100%", minWidth: 0 }}
          />
          <span id={`${inputId}-help`} style={{ fontSize: "0.9rem", color: "var(--ink-soft)" }}>
            {t("MP4, MOV or WebM, as your camera or editor exports it. Members keep seeing the current video until the new one is ready.")}
          </span>
          <div>
            <Button type="submit" variant="contained">
              {t("Upload the video")}
            </Button>
          </div>
        </form>
      )}
      <OutcomeNotice outcome={problem ? { tone: "error", text: problem } : null} style={{ marginTop: 12 }} />
      {video && !sending ? (
        <div style={{ marginTop: 12 }}>
          <DeleteWithConfirmation
            name={video.filename}
            what={t("the lesson's own video")}
            busy={busy}
            onDelete={() =>
              void run(
                () => send("removeLessonVideo", { params: { lessonId } }),
                (sent) => sent.message,
              )
            }
          />
        </div>
      ) : null}
      <OutcomeNotice outcome={outcome} style={{ marginTop: 12 }} />
    </PageSection>
  );
}
