import { type ReactNode, useId } from "react";
import type { FileUpload } from "../lib/upload-file.ts";

/**
 * A file input for one upload (web/src/lib/upload-file.ts): its label, the help under it (read with
 * the input), what is wrong with her choice before anything is sent, and how far the upload has got.
 */
export function FileField({
  upload,
  label,
  help,
  accept,
  uploading,
}: {
  upload: FileUpload;
  label: string;
  help: ReactNode;
  accept: string;
  /** The progress bar's name while it is sent ("Uploading notes.pdf"). */
  uploading: string;
}) {
  const inputId = useId();
  return (
    <>
      <label htmlFor={inputId} style={{ fontWeight: 600 }}>
        {label}
      </label>
      <input
        ref={upload.fileInput}
        id={inputId}
        type="file"
        name="file"
        accept={accept}
        aria-describedby={`${inputId}-help`}
        onChange={(event) => upload.choose(event.target.files?.[0] ?? null)}
        // No wider than her screen: a file input's own width is wider than a 360 px phone leaves a form.
        style={{ font: "inherit", minHeight: 44, maxWidth: "100%", minWidth: 0 }}
      />
      <span id={`${inputId}-help`} style={{ fontSize: "0.9rem", color: "var(--ink-soft)" }}>
        {help}
      </span>
      {upload.problem ? (
        <span role="alert" style={{ color: "var(--error-strong)" }}>
          {upload.problem}
        </span>
      ) : null}
      {upload.progress !== null ? <progress value={upload.progress} max={1} aria-label={uploading} style={{ width: "100%" }} /> : null}
    </>
  );
}
