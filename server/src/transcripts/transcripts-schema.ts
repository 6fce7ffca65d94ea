import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tsvector } from "../db/columns.ts";
import { wordsIn } from "../db/text-search.ts";
import { lessons } from "../catalogue/catalogue-schema.ts";

// The table this feature owns (docs/architecture.md, "Tables").

/** A cue as kept: seconds from the video's start (null without times) and its words as plain text. */
export type StoredCue = { start: number | null; end: number | null; text: string };

/** A lesson's transcript in one language (docs/transcripts.md): one per lesson and language, replaced whole. */
export const lessonTranscripts = pgTable(
  "lesson_transcripts",
  {
    id: serial("id").primaryKey(),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    // A BCP 47 tag as Intl canonicalises it ("en", "es-MX").
    language: text("language").notNull(),
    timed: boolean("timed").notNull(),
    cues: jsonb("cues").$type<StoredCue[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Search (docs/search.md): the cues' words in each language's configuration (to_tsvector reads a
    // JSON document's strings, not its times), kept with the row, since ranking a long transcript
    // would otherwise read all its words again for every search.
    wordsEnglish: tsvector("words_english")
      .notNull()
      .generatedAlwaysAs(() => wordsIn("english", sql`cues`)),
    wordsSpanish: tsvector("words_spanish")
      .notNull()
      .generatedAlwaysAs(() => wordsIn("spanish", sql`cues`)),
  },
  (table) => [
    uniqueIndex("lesson_transcripts_lesson_language_idx").on(table.lessonId, table.language),
    index("lesson_transcripts_words_english_idx").using("gin", table.wordsEnglish),
    index("lesson_transcripts_words_spanish_idx").using("gin", table.wordsSpanish),
  ],
);
