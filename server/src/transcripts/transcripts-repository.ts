import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { found, passageOf, queryOf, rankOf, type SearchConfig, wordsIn } from "../db/text-search.ts";
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
    .returning({
      language: lessonTranscripts.language,
      timed: lessonTranscripts.timed,
      cues: lessonTranscripts.cues,
      createdAt: lessonTranscripts.createdAt,
      updatedAt: lessonTranscripts.updatedAt,
    });
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

/** How many transcripts a search ranks: the first the index finds, when the words are in more. */
const RANKED_AT_MOST = 200;

const keptWords = { english: lessonTranscripts.wordsEnglish, spanish: lessonTranscripts.wordsSpanish } satisfies Record<
  SearchConfig,
  unknown
>;

/**
 * Lessons whose transcripts hold the words (docs/search.md), best first, each with the first cue
 * that does: its time (null without times) and its words, the words found marked.
 */
export async function searchTranscriptWords(db: Queryable, config: SearchConfig, typed: string, limit: number) {
  // The words kept with each row: ranking reads them instead of every cue again.
  const words = sql`${keptWords[config]}`;
  // Ranked among the first the index finds, so a word every transcript says costs no more than a rare one.
  const candidates = db
    .select({ id: lessonTranscripts.id })
    .from(lessonTranscripts)
    .where(found(config, words, typed))
    .limit(RANKED_AT_MOST);
  const hits = await db
    .select({ id: lessonTranscripts.id, lessonId: lessonTranscripts.lessonId, rank: rankOf(config, words, typed) })
    .from(lessonTranscripts)
    .where(inArray(lessonTranscripts.id, candidates))
    .orderBy(desc(rankOf(config, words, typed)), asc(lessonTranscripts.id))
    .limit(limit);
  if (hits.length === 0) return [];
  // The first cue of each transcript found whose own words match, read only for the transcripts
  // found: a function scan gives the cues in their order, so the scan stops at the first that
  // matches instead of reading every cue; and the passage (ts_headline, the costly part) is cut
  // from that cue alone.
  const cue = sql`cue.value ->> 'text'`;
  const result = await db.execute(sql`
    select t.id, first.start, ${passageOf(config, sql`first.text`, typed)} as passage
    from ${lessonTranscripts} t cross join lateral (
      select (cue.value ->> 'start')::float8 as start, ${cue} as text
      from jsonb_array_elements(t.cues) as cue(value)
      where ${wordsIn(config, cue)} @@ ${queryOf(config, typed)}
      limit 1
    ) first
    where t.id in ${sql`(${sql.join(
      hits.map((hit) => sql`${hit.id}`),
      sql`, `,
    )})`}`);
  const cues = new Map(
    (result as unknown as { rows: { id: number; start: number | null; passage: string }[] }).rows.map((row) => [row.id, row]),
  );
  const byLesson = new Map<number, { lessonId: number; rank: number; at: number | null; passage: string }>();
  for (const hit of hits) {
    const first = cues.get(hit.id);
    // The words may span two cues (the document matched, no single cue did): the lesson is found, without a moment.
    const entry = { lessonId: hit.lessonId, rank: hit.rank, at: first?.start ?? null, passage: first?.passage ?? "" };
    if (!byLesson.has(hit.lessonId)) byLesson.set(hit.lessonId, entry);
  }
  return [...byLesson.values()];
}

/** The languages a lesson has a timed transcript in (the captions a player can show), oldest first. */
export async function captionLanguages(db: Queryable, lessonId: number): Promise<string[]> {
  const rows = await db
    .select({ language: lessonTranscripts.language })
    .from(lessonTranscripts)
    .where(and(eq(lessonTranscripts.lessonId, lessonId), eq(lessonTranscripts.timed, true)))
    .orderBy(asc(lessonTranscripts.createdAt), asc(lessonTranscripts.id));
  return rows.map((row) => row.language);
}

/** A lesson's timed cues in one language, or null when it has no timed transcript in it. */
export async function captionCues(db: Queryable, lessonId: number, language: string): Promise<StoredCue[] | null> {
  const [row] = await db
    .select({ cues: lessonTranscripts.cues })
    .from(lessonTranscripts)
    .where(and(eq(lessonTranscripts.lessonId, lessonId), eq(lessonTranscripts.language, language), eq(lessonTranscripts.timed, true)));
  return row?.cues ?? null;
}
