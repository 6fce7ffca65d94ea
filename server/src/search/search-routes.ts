import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { SearchResults } from "../../../contract/search.ts";
import { type CatalogueReader, lessonHomes, lessonsWithTitleNear, searchLessonWords } from "../catalogue/catalogue-repository.ts";
import { searchConversations } from "../community/community-repository.ts";
import type { Database } from "../db/client.ts";
import { MARK_END, MARK_START, searchConfigs } from "../db/text-search.ts";
import { route } from "../http/endpoint-route.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import { escapeHtml } from "../lib/sanitise-html.ts";
import { searchTranscriptWords } from "../transcripts/transcripts-repository.ts";

// Search (docs/search.md): each feature that keeps words finds them with PostgreSQL's full-text
// search (db/text-search.ts) through its repository; this feature asks them all in the site's
// language, keeps what she may open, and marks the words found.

const LIMIT = 20;
/** Shorter words are too easily near another: a typo is forgiven only in a longer one. */
const TYPO_MIN_LETTERS = 5;

/** A passage (plain text, the words found between text-search's marks) as the answer carries it: escaped, the words found between <mark> and </mark>. */
function markedSnippet(passage: string): string {
  return escapeHtml(passage.replace(/\s+/g, " ").trim()).replaceAll(MARK_START, "<mark>").replaceAll(MARK_END, "</mark>");
}

type SearchOptions = { db: Database; catalogue: CatalogueReader; siteLanguage: SiteLanguage };

export async function searchRoutes(app: FastifyInstance, { db, catalogue, siteLanguage }: SearchOptions) {
  // Known once: the migration added pg_trgm where the database allows it (0044_search_trigrams).
  let trigrams: Promise<boolean> | undefined;
  const haveTrigrams = () =>
    (trigrams ??= db
      .execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`)
      .then((result) => (result as unknown as { rows: unknown[] }).rows.length > 0));

  route(app, "search", async ({ query: { q } }, request): Promise<SearchResults> => {
    const member = requireMember(request);
    const config = searchConfigs[await siteLanguage.current()];
    const [lessonHits, transcriptHits, conversations] = await Promise.all([
      searchLessonWords(db, config, q, LIMIT),
      searchTranscriptWords(db, config, q, LIMIT),
      searchConversations({ db, catalogue }, member, config, q, LIMIT),
    ]);
    type Found = {
      lessonId: number;
      courseId: number;
      title: string;
      titleFound: boolean;
      snippet: string;
      at: number | null;
      rank: number;
    };
    const found = new Map<number, Found>();
    for (const hit of lessonHits) found.set(hit.lessonId, { ...hit, snippet: hit.passage, at: null });
    const homes = await lessonHomes(
      db,
      transcriptHits.filter((hit) => !found.has(hit.lessonId)).map((hit) => hit.lessonId),
    );
    for (const hit of transcriptHits) {
      const known = found.get(hit.lessonId);
      if (known) {
        // Found in its words and its transcript: it opens at the moment the transcript says them.
        known.at = hit.at;
        known.rank = Math.max(known.rank, hit.rank);
        continue;
      }
      const home = homes.get(hit.lessonId);
      if (home)
        found.set(hit.lessonId, { lessonId: hit.lessonId, ...home, titleFound: false, snippet: hit.passage, at: hit.at, rank: hit.rank });
    }
    if (found.size === 0 && conversations.length === 0 && q.replace(/\s/g, "").length >= TYPO_MIN_LETTERS && (await haveTrigrams())) {
      for (const near of await lessonsWithTitleNear(db, q, LIMIT))
        found.set(near.lessonId, { ...near, titleFound: true, snippet: "", at: null, rank: 0 });
    }
    const ranked = [...found.values()].sort((a, b) => b.rank - a.rank);
    const access = await catalogue.lessonsAccess(
      member,
      ranked.map((hit) => hit.lessonId),
    );
    const lessons = ranked.flatMap((hit, index) => {
      const place = access[index]!;
      // Drafts and what she cannot see are never shown; a locked lesson only by its title, as its course's preview shows it.
      if (place.access === "missing" || (place.access === "locked" && !hit.titleFound)) return [];
      const open = place.access === "open";
      return [
        {
          lesson_id: hit.lessonId,
          course_id: hit.courseId,
          title: hit.title,
          snippet: open ? markedSnippet(hit.snippet) : "",
          at: open ? hit.at : null,
        },
      ];
    });
    return {
      lessons: lessons.slice(0, LIMIT),
      conversations: conversations.map((conversation) => ({
        thread_id: conversation.threadId,
        title: conversation.title,
        snippet: markedSnippet(conversation.passage ?? ""),
      })),
    };
  });
}
