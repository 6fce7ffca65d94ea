import { ParseError, ParseErrorCode, parseText } from "media-captions";
import { HttpError } from "../http/errors.ts";
import { readableTextOfHtml } from "../lib/sanitise-html.ts";
import type { StoredCue } from "./transcripts-schema.ts";

// Reading a transcript the studio sends (docs/transcripts.md): WebVTT and SRT through
// media-captions in its strict mode, which names the line it cannot read; words without times as
// paragraphs. What is kept is plain text, whatever markup a cue carried.

export type TranscriptFormat = "vtt" | "srt" | "text";

/** More cues than any lesson has: a file beyond it is not a lesson's captions. */
const MAX_CUES = 20_000;

/** The file's kind, judged first by its content, then by what it says it is. */
export function transcriptFormat(content: string, filename: string, mimetype: string): TranscriptFormat | null {
  if (/^WEBVTT(?:[ \t]|$)/m.test(content.slice(0, 10))) return "vtt";
  const name = filename.toLowerCase();
  if (name.endsWith(".srt") || mimetype === "application/x-subrip") return "srt";
  if (name.endsWith(".vtt") || mimetype === "text/vtt") return "vtt";
  if (/^\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/m.test(content)) return "srt";
  if (name.endsWith(".txt") || mimetype.startsWith("text/plain")) return "text";
  return null;
}

const lineProblem = (line: number, error: ParseError) => {
  if (error.code === ParseErrorCode.BadSignature)
    return HttpError.withValues(400, "Line {line}: a WebVTT file begins with the word WEBVTT. Nothing was kept.", { line });
  if (error.code === ParseErrorCode.BadTimestamp)
    return HttpError.withValues(
      400,
      "Line {line}: its times cannot be read. Write them as 00:01:02.500 --> 00:01:05.000, the second after the first. Nothing was kept.",
      { line },
    );
  return HttpError.withValues(400, "Line {line}: it has a setting the captions cannot use. Nothing was kept.", { line });
};

const notACue = (line: number) =>
  HttpError.withValues(
    400,
    "Line {line}: this is not a caption. Each caption begins with its times, such as 00:01:02.500 --> 00:01:05.000. Nothing was kept.",
    { line },
  );

/** The file's blocks (separated by blank lines), each with the number of its first line, counted from 1. */
function blocksOf(lines: string[]): { firstLine: number; lines: string[] }[] {
  const blocks: { firstLine: number; lines: string[] }[] = [];
  let current: { firstLine: number; lines: string[] } | null = null;
  lines.forEach((line, index) => {
    if (line.trim() === "") current = null;
    else if (current) current.lines.push(line);
    else blocks.push((current = { firstLine: index + 1, lines: [line] }));
  });
  return blocks;
}

async function strictCues(text: string, type: "vtt" | "srt", lineOffset = 0) {
  try {
    return (await parseText(text, { strict: true, type })).cues;
  } catch (error) {
    if (error instanceof ParseError) throw lineProblem(error.line + lineOffset, error);
    throw error;
  }
}

/**
 * A WebVTT or SRT file's cues, in seconds. Strict parsing names the first line whose times are
 * wrong; a block it would pass over in silence (no times, or times running backwards) is named too,
 * so what the members read is the whole file or nothing.
 */
export async function timedCues(raw: string, format: "vtt" | "srt"): Promise<StoredCue[]> {
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const parsed = await strictCues(text, format);
  const lines = text.split("\n");
  // A WebVTT file's first block is its header; NOTE, STYLE and REGION blocks are not captions.
  const captionBlocks = blocksOf(lines).filter(
    (block, index) => !(format === "vtt" && (index === 0 || /^(NOTE|STYLE|REGION)(\s|$)/.test(block.lines[0]!))),
  );
  if (parsed.length !== captionBlocks.length) {
    for (const block of captionBlocks) {
      const alone = format === "vtt" ? `WEBVTT\n\n${block.lines.join("\n")}` : block.lines.join("\n");
      const offset = block.firstLine - 1 - (format === "vtt" ? 2 : 0);
      if ((await strictCues(alone, format, offset)).length === 0) {
        const timing = block.lines.findIndex((line) => line.includes("-->"));
        throw notACue(block.firstLine + Math.max(timing, format === "srt" && block.lines.length > 1 ? 1 : 0));
      }
    }
  }
  const cues = parsed
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: readableTextOfHtml(cue.text) }))
    .filter((cue) => cue.text !== "");
  if (cues.length === 0) throw new HttpError(400, "The file has no captions in it. Nothing was kept.");
  if (cues.length > MAX_CUES)
    throw HttpError.withValues(400, "The file has more than {count} captions, more than a lesson can hold. Nothing was kept.", {
      count: MAX_CUES.toLocaleString("en"),
    });
  return cues;
}

/** Pasted words without times: one cue per paragraph. */
export function untimedCues(text: string): StoredCue[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((paragraph) => ({ start: null, end: null, text: paragraph }));
}

const vttTime = (seconds: number) => {
  const milliseconds = Math.round(seconds * 1000);
  const part = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${part(Math.floor(milliseconds / 3_600_000))}:${part(Math.floor(milliseconds / 60_000) % 60)}:${part(Math.floor(milliseconds / 1000) % 60)}.${part(milliseconds % 1000, 3)}`;
};

/**
 * Timed cues as a WebVTT file, for a player's captions track: each cue's words as text (an "&" or
 * "<" escaped, so no cue reads as markup, and "-->" never read as times).
 */
export function webVtt(cues: readonly StoredCue[]): string {
  const blocks = cues
    .filter((cue): cue is StoredCue & { start: number; end: number } => cue.start !== null && cue.end !== null && cue.end > cue.start)
    .map(
      (cue) =>
        `${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cue.text
          .replaceAll("&", "&amp;")
          .replaceAll("<", "&lt;")
          .replaceAll("-->", "--&gt;")
          .replace(/\n{2,}/g, "\n")}`,
    );
  return ["WEBVTT", ...blocks].join("\n\n") + "\n";
}
