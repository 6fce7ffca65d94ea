import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { everySearchConfig, wordsIn } from "../db/text-search.ts";
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
  },
  (table) => [
    uniqueIndex("lesson_transcripts_lesson_language_idx").on(table.lessonId, table.language),
    // Search (docs/search.md): the cues' words (to_tsvector reads a JSON document's strings, not its times).
    ...everySearchConfig.map((config) => index(`lesson_transcripts_words_${config}_idx`).using("gin", wordsIn(config, sql`${table.cues}`))),
  ],
);
