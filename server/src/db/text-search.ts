import { type SQL, sql } from "drizzle-orm";
import type { Language } from "../../../contract/languages.ts";

// PostgreSQL's full-text search as the features that keep words use it (docs/search.md): each
// declares a GIN index on `wordsIn(config, its text)` for every configuration below, and searches
// with the same expression, so the index answers and PostgreSQL keeps it up to date in the very
// transaction that saves the words. The same on PGlite and PostgreSQL.

/** The text-search configuration of each of the site's languages: its stemming ("contracciones" finds "contracción"). */
export const searchConfigs = { en: "english", es: "spanish" } as const satisfies Record<Language, string>;
export type SearchConfig = (typeof searchConfigs)[Language];
export const everySearchConfig = Object.values(searchConfigs);

const config = (name: SearchConfig) => sql.raw(`'${name}'::regconfig`);

/** A text's words in a configuration: what an index is built on and a search compares with. */
export const wordsIn = (name: SearchConfig, text: SQL) => sql`to_tsvector(${config(name)}, ${text})`;

/** What she typed as a query ("counter pressure", "-epidural", "\"early labour\""), as web search engines read it. */
export const queryOf = (name: SearchConfig, typed: string) => sql`websearch_to_tsquery(${config(name)}, ${typed})`;

/** Whether the words match the query. */
export const found = (name: SearchConfig, words: SQL, typed: string) => sql<boolean>`${words} @@ ${queryOf(name, typed)}`;

/** How well the words match, for ordering. */
export const rankOf = (name: SearchConfig, words: SQL, typed: string) =>
  sql<number>`ts_rank(${words}, ${queryOf(name, typed)})`.mapWith(Number);

/** Marks PostgreSQL puts around the words found: control characters, which no text we keep contains. */
export const MARK_START = "\u0002";
export const MARK_END = "\u0003";

/** A short passage of the text around the words found, each between MARK_START and MARK_END (see markedSnippet). */
export const passageOf = (name: SearchConfig, text: SQL, typed: string) =>
  sql<string>`ts_headline(${config(name)}, ${text}, ${queryOf(name, typed)}, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=10`})`;

/** HTML's tags as spaces, for a passage of a lesson's summary or notes (their entities stay; markedSnippet reads them). */
export const withoutTags = (html: SQL) => sql`regexp_replace(${html}, '<[^>]*>', ' ', 'g')`;
