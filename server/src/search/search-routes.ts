import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { SearchResults } from "../../../contract/search.ts";
import {
  type CatalogueReader,
  lessonHomes,
  lessonsWithTitleNear,
  searchLessonTitles,
  searchLessonWords,
} from "../catalogue/catalogue-repository.ts";
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
/** Titles matched on their own are few to rank; more are read than shown, as drafts and others' may be among them. */
const TITLES_AT_MOST = 100;
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
    const [lessonHits, transcriptHits, conversations, titleHits] = await Promise.all([
      searchLessonWords(db, config, q, LIMIT),
      searchTranscriptWords(db, config, q, LIMIT),
      searchConversations({ db, catalogue }, member, config, q, LIMIT),
      searchLessonTitles(db, config, q, TITLES_AT_MOST),
    ]);
    type Found = {
      lessonId: number;
      courseId: number;
      title: string;
      /** Found by its title alone (or a title near what she typed): all a locked lesson may be found by. */
      byTitle: boolean;
      /** Found by all its words (summary, notes, downloads, transcript): what an open lesson is found by. */
      byWords: boolean;
      snippet: string;
      at: number | null;
      rank: number;
    };
    const found = new Map<number, Found>();
    for (const hit of lessonHits) found.set(hit.lessonId, { ...hit, byTitle: false, byWords: true, snippet: hit.passage, at: null });
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
        found.set(hit.lessonId, {
          lessonId: hit.lessonId,
          ...home,
          byTitle: false,
          byWords: true,
          snippet: hit.passage,
          at: hit.at,
          rank: hit.rank,
        });
    }
    for (const hit of titleHits) {
      const known = found.get(hit.lessonId);
      if (known) known.byTitle = true;
      else found.set(hit.lessonId, { ...hit, byTitle: true, byWords: false, snippet: "", at: null, rank: 0 });
    }
    /** What she may see of these: an open lesson found by its words, a locked one by its title alone, never a draft. */
    const visible = async (hits: Found[]) => {
      const access = await catalogue.lessonsAccess(
        member,
        hits.map((hit) => hit.lessonId),
      );
      return hits
        .flatMap((hit, index) => {
          const place = access[index]!;
          if (place.access === "missing") return [];
          if (place.access === "locked")
            // Ranked as a title, so not even the order says how its words matched.
            return hit.byTitle ? [{ hit, open: false, rank: 0 }] : [];
          return hit.byWords ? [{ hit, open: true, rank: hit.rank }] : [];
        })
        .sort((a, b) => b.rank - a.rank)
        .map(({ hit, open }) => ({
          lesson_id: hit.lessonId,
          course_id: hit.courseId,
          title: hit.title,
          snippet: open ? markedSnippet(hit.snippet) : "",
          at: open ? hit.at : null,
        }));
    };
    let lessons = await visible([...found.values()]);
    if (lessons.length === 0 && conversations.length === 0 && q.replace(/\s/g, "").length >= TYPO_MIN_LETTERS && (await haveTrigrams())) {
      lessons = await visible(
        (await lessonsWithTitleNear(db, q, LIMIT)).map((near) => ({
          ...near,
          byTitle: true,
          byWords: true,
          snippet: "",
          at: null,
          rank: 0,
        })),
      );
    }
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
