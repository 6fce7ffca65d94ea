import { z } from "zod";
import { type Endpoint, ok } from "./endpoint.ts";

// Search across what she may open (docs/search.md): lessons (titles, summaries, notes, transcripts,
// downloads' names) and the community's conversations.

export const SearchQuery = z.object({
  q: z
    .string({ error: "Type what you are looking for." })
    .trim()
    .min(1, { error: "Type what you are looking for." })
    .max(200, { error: "Keep a search under 200 characters." }),
});

/**
 * A passage with the words found between <mark> and </mark>; everything else in it is escaped
 * text, so it may be shown as HTML.
 */
const Snippet = z.string();

export const SearchResults = z.object({
  lessons: z.array(
    z.object({
      lesson_id: z.number(),
      course_id: z.number(),
      title: z.string(),
      snippet: Snippet,
      /** Seconds into the video where the transcript says the words; null when they were found elsewhere. */
      at: z.number().nullable(),
    }),
  ),
  conversations: z.array(z.object({ thread_id: z.number(), title: z.string(), snippet: Snippet })),
});
export type SearchResults = z.infer<typeof SearchResults>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const searchEndpoints = {
  search: {
    method: "GET",
    path: "/reactapi/search",
    summary:
      "Searches the lessons and conversations she may open, in the site's language (its stemming; a typo in a longer word forgiven where PostgreSQL has trigrams): a locked lesson by its title only, never a draft",
    access: "member",
    travels: "search",
    query: SearchQuery,
    answers: ok(SearchResults),
  },
} satisfies Record<string, Endpoint>;
