import { and, asc, eq, sql } from "drizzle-orm";
import type { TranscriptSummary } from "../../../contract/transcripts.ts";
import type { Queryable } from "../db/client.ts";
import { lessonTranscripts, type StoredCue } from "./transcripts-schema.ts";

// A lesson's transcripts, one per language, replaced whole (docs/transcripts.md).

type TranscriptRow = typeof lessonTranscripts.$inferSelect;

const toSummary = (row: Pick<TranscriptRow, "language" | "timed" | "cues" | "updatedAt">): TranscriptSummary => ({
  language: row.language,
  timed: row.timed,
  cue_count: row.cues.length,
  updated_at: row.updatedAt.toISOString(),
});

/** Keeps a lesson's transcript in one language, in place of the one it had; answers whether it replaced one. */
export async function keepTranscript(
  db: Queryable,
  transcript: { lessonId: number; language: string; timed: boolean; cues: StoredCue[]; at: Date },
): Promise<{ summary: TranscriptSummary; replaced: boolean }> {
  const { lessonId, language, timed, cues, at } = transcript;
  const [row] = await db
    .insert(lessonTranscripts)
    .values({ lessonId, language, timed, cues, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: [lessonTranscripts.lessonId, lessonTranscripts.language], set: { timed, cues, updatedAt: at } })
    .returning();
  return { summary: toSummary(row!), replaced: row!.createdAt.getTime() !== row!.updatedAt.getTime() };
}

/** A lesson's transcripts in the order they were first added. */
export async function transcriptsOfLesson(db: Queryable, lessonId: number): Promise<TranscriptSummary[]> {
  const rows = await db
    .select({
      language: lessonTranscripts.language,
      timed: lessonTranscripts.timed,
      // The count, not the cues: a list never reads a whole transcript.
      cueCount: sql<number>`jsonb_array_length(${lessonTranscripts.cues})`.mapWith(Number),
      updatedAt: lessonTranscripts.updatedAt,
    })
    .from(lessonTranscripts)
    .where(eq(lessonTranscripts.lessonId, lessonId))
    .orderBy(asc(lessonTranscripts.createdAt), asc(lessonTranscripts.id));
  return rows.map((row) => ({
    language: row.language,
    timed: row.timed,
    cue_count: row.cueCount,
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** Deletes a lesson's transcript in one language; false when it had none. */
export async function removeTranscript(db: Queryable, lessonId: number, language: string): Promise<boolean> {
  const deleted = await db
    .delete(lessonTranscripts)
    .where(and(eq(lessonTranscripts.lessonId, lessonId), eq(lessonTranscripts.language, language)))
    .returning({ id: lessonTranscripts.id });
  return deleted.length > 0;
}

/**
 * The transcript a member reads: in the language asked when the lesson has it, else in the first
 * of the page's language family ("es" for "es-MX"), else the first added; with every language it has.
 */
export async function transcriptToRead(db: Queryable, lessonId: number, asked: string | undefined) {
  const languages = await db
    .select({ id: lessonTranscripts.id, language: lessonTranscripts.language })
    .from(lessonTranscripts)
    .where(eq(lessonTranscripts.lessonId, lessonId))
    .orderBy(asc(lessonTranscripts.createdAt), asc(lessonTranscripts.id));
  if (languages.length === 0) return null;
  const wanted = asked?.toLowerCase();
  const family = wanted?.split("-")[0];
  const chosen =
    languages.find((entry) => entry.language.toLowerCase() === wanted) ??
    languages.find((entry) => entry.language.toLowerCase().split("-")[0] === family) ??
    languages[0]!;
  const [row] = await db
    .select({ language: lessonTranscripts.language, timed: lessonTranscripts.timed, cues: lessonTranscripts.cues })
    .from(lessonTranscripts)
    .where(eq(lessonTranscripts.id, chosen.id));
  // Deleted between the two reads: as if it had never been.
  if (!row) return null;
  return { ...row, languages: languages.map((entry) => entry.language) };
}
