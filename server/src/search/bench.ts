import type { SearchResults } from "../../../contract/search.ts";
import { startSession } from "../accounts/sessions-repository.ts";
import { users } from "../accounts/accounts-schema.ts";
import { buildApp } from "../app.ts";
import { importCatalogue } from "../catalogue/catalogue-transfer.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { keepTranscript } from "../transcripts/transcripts-repository.ts";
import type { BenchPart } from "../../../bench/part.ts";
import { generatedCatalogue, median } from "../../../bench/scale.ts";
import { atMost } from "../../../bench/targets.ts";

// Words a birth class says; each transcript says a few of them, so a search finds some lessons, not all.
const vocabulary = [
  "breathing",
  "contractions",
  "counter-pressure",
  "epidural",
  "positions",
  "partner",
  "massage",
  "hospital",
  "waters",
  "pushing",
  "rest",
  "hydration",
  "midwife",
  "monitoring",
  "induction",
  "skin-to-skin",
];

/**
 * A search over the 5,000-lesson catalogue (target: p50 under 20 ms, docs/search.md), on the
 * embedded database or on PostgreSQL, over a real socket: a word in one transcript, a word in a
 * tenth of them, a word in every lesson's summary, and a typo. The answer must find what it should.
 */
export async function measureSearch(databaseUrl?: string, rounds = 30): Promise<number> {
  const generated = generatedCatalogue(100, 10);
  const database = await openDatabase({ dataDir: "memory", databaseUrl, poolSize: 4 });
  const app = await buildApp({ db: database.db, config: loadConfig({ NODE_ENV: "test" }) });
  try {
    await importCatalogue(database.db, generated.document, app.mediaStorage);
    // Every tenth lesson has a transcript of 80 cues; one of them says a word no other does.
    for (let lessonId = 10; lessonId <= generated.lessons; lessonId += 10) {
      const cues = Array.from({ length: 80 }, (_, index) => ({
        start: index * 6,
        end: index * 6 + 5,
        text: `Here we talk about ${vocabulary[(lessonId + index) % vocabulary.length]} and ${vocabulary[(lessonId * 7 + index) % vocabulary.length]} for a while.`,
      }));
      if (lessonId === 2500) cues[40]!.text = "The rebozo sifting eases the hips.";
      await keepTranscript(database.db, { lessonId, language: "en", timed: true, cues, at: new Date() });
    }
    const [instructor] = await database.db
      .insert(users)
      .values({ email: "bench-searcher@example.com", passwordHash: "x", role: "admin" })
      .returning();
    const { token } = await startSession(database.db, instructor!.id, 1, undefined);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const headers = { cookie: `session=${token}` };
    const search = async (q: string) => {
      const response = await fetch(`${address}/reactapi/search?q=${encodeURIComponent(q)}`, { headers });
      if (response.status !== 200) throw new Error(`searching "${q}" answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as SearchResults;
    };
    const rare = await search("rebozo");
    if (rare.lessons[0]?.lesson_id !== 2500 || rare.lessons[0].at !== 240)
      throw new Error(`"rebozo" found ${JSON.stringify(rare.lessons)}`);
    if ((await search("summary")).lessons.length === 0) throw new Error('"summary" found nothing');
    const queries = ["rebozo", "breathing", "summary", "epidurl"];
    for (const q of queries) await search(q);
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const q of queries) {
        const started = performance.now();
        await search(q);
        times.push(performance.now() - started);
      }
    }
    return median(times);
  } finally {
    await app.close();
    await database.close();
  }
}

/** Its part of `npm run bench` (bench/part.ts). */
export default {
  measure: async (databaseUrl) => ({ [`search.p50_ms${databaseUrl ? "_postgres" : ""}`]: await measureSearch(databaseUrl) }),
  // A search over the 5,000-lesson catalogue: a rare word, a common one, one in every lesson, a typo (docs/search.md).
  targets: { "search.p50_ms": atMost(20), "search.p50_ms_postgres": atMost(20) },
} satisfies BenchPart;
