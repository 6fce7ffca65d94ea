// Plain values about lessons' downloads, shared by the server and the studio: which kinds of file
// a lesson may offer, and sizes as a person reads them. Apart from constants.ts, which every
// member page loads, since only the studio and the server need these.

/**
 * The kinds of file a lesson's downloads may be, recognised by their content (never their name),
 * with the type each is served as. The studio's file picker offers the same extensions.
 */
export const lessonFileTypes = [
  { label: "PDF", contentType: "application/pdf", extensions: [".pdf"] },
  { label: "PNG", contentType: "image/png", extensions: [".png"] },
  { label: "JPEG", contentType: "image/jpeg", extensions: [".jpg", ".jpeg"] },
  { label: "WebP", contentType: "image/webp", extensions: [".webp"] },
  { label: "MP3", contentType: "audio/mpeg", extensions: [".mp3"] },
  { label: "M4A", contentType: "audio/mp4", extensions: [".m4a"] },
  { label: "plain text", contentType: "text/plain; charset=utf-8", extensions: [".txt"] },
  { label: "Word (DOCX)", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: [".docx"] },
] as const;

/** The kinds by name, as an English list ("PDF, PNG, … or Word (DOCX)"); a page writes its own in its language. */
export const lessonFileKindsList = lessonFileTypes
  .map((type) => type.label)
  .join(", ")
  .replace(/, ([^,]*)$/, " or $1");

/** The upload limit when UPLOAD_MAX_MB is not set. */
export const DEFAULT_UPLOAD_MAX_MB = 50;

/** "12.4 MB", "830 KB": a file's size as a person reads it. */
export function readableFileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}

/**
 * A file's name ending with its kind's extension, the kind judged from its content: "evil.pdf"
 * that is text becomes "evil.txt", "notes" that is a PDF "notes.pdf", so what a member saves opens
 * in the right program. A name already ending with one of its kind's extensions is kept.
 */
export function nameForKind(filename: string, contentType: string): string {
  const type = lessonFileTypes.find((candidate) => candidate.contentType === contentType);
  if (!type) return filename;
  const dot = filename.lastIndexOf(".");
  const extension = dot > 0 ? filename.slice(dot).toLowerCase() : "";
  if ((type.extensions as readonly string[]).includes(extension)) return filename;
  const anotherKinds = lessonFileTypes.some((candidate) => (candidate.extensions as readonly string[]).includes(extension));
  return `${anotherKinds ? filename.slice(0, dot) : filename}${type.extensions[0]}`;
}
