import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, type ReactNode, useId } from "react";
import { PICTURE_MAX_BYTES, pictureSources } from "../../../contract/picture-sources.ts";
import { readableFileSize } from "../../../contract/lesson-files.ts";
import { OutcomeNotice } from "../components/outcome-notice.tsx";
import { useSend } from "../lib/answers.ts";
import { useAction } from "../lib/use-action.ts";
import { useFileUpload } from "../lib/upload-file.ts";
import { t } from "./messages.ts";

type Target =
  | { upload: "uploadCourseCover"; remove: "removeCourseCover"; courseId: number }
  | { upload: "uploadAboutPhoto"; remove: "removeAboutPhoto" };

/**
 * Her own picture for a course or for About: the current one (or what shows without one), a file
 * to choose, and a way back. The server keeps it as WebP at several widths; pages pick one by srcset.
 */
export function PictureUpload({
  label,
  picture,
  target,
  fallback,
  onChanged,
}: {
  label: string;
  picture: string | null;
  target: Target;
  /** What members see without her picture. */
  fallback: ReactNode;
  onChanged: () => void;
}) {
  const inputId = useId();
  const pictureUpload = useFileUpload({
    maxBytes: PICTURE_MAX_BYTES,
    chooseFirst: t("Choose a picture first."),
    tooLarge: (file) =>
      t("That picture is {size}; at most {limit}.", { size: readableFileSize(file.size), limit: readableFileSize(PICTURE_MAX_BYTES) }),
    unreachable: t("The upload stopped: we could not reach the server. Please check your connection and try again."),
  });
  const { outcome, busy, run } = useAction();
  const send = useSend();

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const saved =
      "courseId" in target
        ? await pictureUpload.send(run, "uploadCourseCover", { params: { courseId: target.courseId } })
        : await pictureUpload.send(run, "uploadAboutPhoto");
    if (saved) onChanged();
  };
  const remove = async () => {
    const removed = await run(
      () =>
        "courseId" in target
          ? send("removeCourseCover", { params: { courseId: target.courseId }, body: {} })
          : send("removeAboutPhoto", { body: {} }),
      (answer) => answer.message,
    );
    if (removed) onChanged();
  };
  return (
    <Box component="form" onSubmit={upload} noValidate aria-label={label} sx={{ display: "grid", gap: 1.5, maxWidth: 560 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        {picture ? (
          <img
            {...pictureSources(picture)}
            sizes="96px"
            alt={t("Your picture as it is now")}
            width={96}
            height={96}
            style={{ objectFit: "cover", borderRadius: 8 }}
          />
        ) : (
          fallback
        )}
        {picture ? (
          <Button variant="outlined" disabled={busy} onClick={() => void remove()}>
            {t("Remove the picture")}
          </Button>
        ) : null}
      </Box>
      <label htmlFor={inputId} style={{ fontWeight: 600 }}>
        {picture
          ? t("Choose another picture (JPEG, PNG or WebP, up to {size})", { size: readableFileSize(PICTURE_MAX_BYTES) })
          : t("Choose a picture (JPEG, PNG or WebP, up to {size})", { size: readableFileSize(PICTURE_MAX_BYTES) })}
      </label>
      <input
        id={inputId}
        ref={pictureUpload.fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
        onChange={(event) => pictureUpload.choose(event.target.files?.[0] ?? null)}
        aria-invalid={Boolean(pictureUpload.problem)}
      />
      {pictureUpload.problem ? (
        <Box role="alert" sx={{ color: "var(--error-ink)" }}>
          {pictureUpload.problem}
        </Box>
      ) : null}
      {pictureUpload.progress !== null ? <progress value={pictureUpload.progress} max={1} aria-label={t("Uploading the picture")} /> : null}
      <OutcomeNotice outcome={outcome} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Upload picture")}
        </Button>
      </Box>
    </Box>
  );
}
