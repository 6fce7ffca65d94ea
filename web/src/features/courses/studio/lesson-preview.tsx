import Box from "@mui/material/Box";
import type { LessonVideo } from "../../../../../contract/catalogue.ts";
import type { StudioFile } from "../../../../../contract/studio/courses.ts";
import { SafeHtml } from "../../../lib/safe-html.tsx";
import { videoEmbedUrl, videoLineText } from "../../../lib/video-players.ts";
import { t } from "./messages.ts";

/** The lesson as members will see it once saved: its video, notes, summary and downloads. */
export default function LessonPreview({
  title,
  video,
  noteHtml,
  summaryHtml,
  files,
}: {
  title: string;
  video: LessonVideo | null;
  noteHtml: string;
  summaryHtml: string;
  files: StudioFile[];
}) {
  return (
    <Box sx={{ border: "1px solid var(--border)", borderRadius: 2, p: 2 }}>
      <h3 style={{ marginTop: 0 }}>{title}</h3>
      {video ? (
        <Box sx={{ position: "relative", pt: "56.25%", borderRadius: 2, overflow: "hidden", bgcolor: "var(--video)", mb: 2 }}>
          <iframe
            title={t("Video preview: {title}", { title: title })}
            src={videoEmbedUrl(video)}
            allow="fullscreen; picture-in-picture"
            // Below the form on a phone: the player loads when she scrolls to it.
            loading="lazy"
            style={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
          />
        </Box>
      ) : null}
      {video && videoLineText(video) ? <p style={{ color: "var(--ink-quiet)", marginTop: 0 }}>{videoLineText(video)}</p> : null}
      <h4>{t("Notes")}</h4>
      {noteHtml ? <SafeHtml html={noteHtml} /> : <p>{t("No notes available.")}</p>}
      <h4>{t("Lesson summary")}</h4>
      {summaryHtml ? <SafeHtml html={summaryHtml} /> : <p>{t("No summary.")}</p>}
      {files.length > 0 ? (
        <>
          <h4>{t("Downloads")}</h4>
          <ul>
            {files.map((file) => (
              <li key={file.id}>{file.filename}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Box>
  );
}
