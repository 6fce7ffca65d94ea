import { fileTypeFromBuffer } from "file-type";
import { lessonFileTypes } from "../../../contract/lesson-files.ts";

type LessonFileType = (typeof lessonFileTypes)[number];

// What file-type calls each kind we accept (it names M4A audio/x-m4a; browsers expect audio/mp4).
const byDetectedMime: Record<string, LessonFileType["label"]> = {
  "application/pdf": "PDF",
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/webp": "WebP",
  "audio/mpeg": "MP3",
  "audio/x-m4a": "M4A",
  "audio/mp4": "M4A",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word (DOCX)",
};

const typeLabelled = (label: LessonFileType["label"]) => lessonFileTypes.find((type) => type.label === label)!;

/**
 * Plain text has no signature: it is text when it decodes as UTF-8 and holds no control character
 * but tab, line breaks and form feed. A beginning cut inside a character is fine (`stream` keeps
 * the unfinished bytes for a next call that never comes).
 */
function looksLikeText(beginning: Uint8Array, isWholeFile: boolean): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(beginning, { stream: !isWholeFile });
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/**
 * Which accepted kind a file is, judged from its first bytes (a chunk of the upload), or null when
 * it is none of them. The name she gave it plays no part: a renamed program stays refused.
 */
export async function detectLessonFileType(beginning: Uint8Array, isWholeFile: boolean): Promise<LessonFileType | null> {
  const detected = await fileTypeFromBuffer(beginning);
  if (detected) {
    const label = byDetectedMime[detected.mime];
    return label ? typeLabelled(label) : null;
  }
  return beginning.length > 0 && looksLikeText(beginning, isWholeFile) ? typeLabelled("plain text") : null;
}
