import { users } from "../accounts/accounts-schema.ts";
import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../db/columns.ts";
import { everySearchConfig, wordsIn } from "../db/text-search.ts";
import type { PlanTier } from "../../../contract/catalogue.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

// Catalogue ids are chosen by the instructor's content file, not generated, so that a re-import
// keeps every link (/lesson?course=3&lesson=17) and every member's grant pointing at the same thing.
export const courses = pgTable("courses", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  descriptionHtml: text("description_html").notNull().default(""),
  logo: integer("logo").notNull().default(0),
  freeForMembers: boolean("free_for_members").notNull().default(false),
  // Opens to a member's linked partner whenever she may open it (partners/partners-repository.ts).
  forPartners: boolean("for_partners").notNull().default(false),
  // Its certificate waits until every knowledge check of the course is answered with full marks (docs/checks.md).
  certificateNeedsChecks: boolean("certificate_needs_checks").notNull().default(false),
  // A draft is seen only in the studio: members never see it, by any route (catalogue-repository.ts).
  // Imported courses are published, as every course was before drafts; one created in the studio starts as a draft.
  published: boolean("published").notNull().default(true),
  // Her own picture (pictures/pictures-repository.ts); null shows the built-in picture `logo`.
  coverPicture: text("cover_picture"),
  position: integer("position").notNull(),
  // Counts saves: a save from a studio page opened before the last one is refused (course-editor-repository.ts).
  revision: integer("revision").notNull().default(1),
});

export const subscriptionPlans = pgTable("subscription_plans", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceMinor: integer("price_minor").notNull(),
  currency: text("currency").notNull(),
  billingInterval: text("billing_interval", { enum: ["month", "year", "once"] }).notNull(),
  // Whether her linked partner shares the plan's courses marked for partners (a free membership always does).
  partnerSeat: boolean("partner_seat").notNull().default(false),
  position: integer("position").notNull(),
  // Counts saves: a save from a page opened before the last one is refused, not silently applied.
  revision: integer("revision").notNull().default(1),
  // Pay what you can (docs/gifts.md): the prices she may choose from, lowest first; empty, the plan's one price.
  tiers: jsonb("tiers").$type<PlanTier[]>().notNull().default([]),
});

export const planCourses = pgTable(
  "plan_courses",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.planId, table.courseId] })],
);

export const modules = pgTable(
  "modules",
  {
    id: integer("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    referenceCode: text("reference_code").notNull().unique(),
    parentReferenceCode: text("parent_reference_code").notNull(),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    descriptionHtml: text("description_html"),
    visibleInPreview: boolean("visible_in_preview").notNull().default(false),
    // The week of pregnancy the instructor suggests it for (1 to 42), or 43 and above for after the birth.
    recommendedWeek: integer("recommended_week"),
    // Counts saves: a save from a studio page opened before the last one is refused (course-editor-repository.ts).
    revision: integer("revision").notNull().default(1),
  },
  (table) => [index("modules_course_id_idx").on(table.courseId)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: integer("id").primaryKey(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    contentSummaryHtml: text("content_summary_html"),
    noteHtml: text("note_html"),
    videoProvider: text("video_provider", { enum: ["vimeo", "youtube"] }),
    videoId: text("video_id"),
    // The privacy hash of an unlisted Vimeo video (vimeo.com/123/abc), without which it will not play.
    videoHash: text("video_hash"),
    // Where a YouTube video starts (seconds), from the link she pasted (t=42s).
    videoStart: integer("video_start"),
    // The video's length in seconds and a short line about it, both hers (the studio), shown under the player.
    videoSeconds: integer("video_seconds"),
    videoLine: text("video_line"),
    // Counts saves: a save from a studio page opened before the last one is refused (course-editor-repository.ts).
    // Content notes (content-notes/), by name: a member who asked to be told first meets a calm notice.
    contentNotes: jsonb("content_notes").$type<string[]>().notNull().default([]),
    revision: integer("revision").notNull().default(1),
  },
  (table) => [
    index("lessons_module_id_idx").on(table.moduleId),
    // Search (docs/search.md): its title, summary and notes, in each language's configuration.
    ...everySearchConfig.map((config) => index(`lessons_words_${config}_idx`).using("gin", wordsIn(config, lessonText(table)))),
  ],
);

/** What a search reads of a lesson: its title, summary and notes (the HTML's tags are not words). */
export function lessonText(table: { title: AnyPgColumn; contentSummaryHtml: AnyPgColumn; noteHtml: AnyPgColumn }) {
  return sql`coalesce(${table.title}, '') || ' ' || coalesce(${table.contentSummaryHtml}, '') || ' ' || coalesce(${table.noteHtml}, '')`;
}

/**
 * The catalogue's Trash: what the instructor deleted in the studio, restorable for 30 days: the deleted rows (a course,
 * a module with its topics and lessons, or a lesson, with the plans' links, members' grants and
 * progress they carried) as they were. Files stay in lesson_files, marked with the item.
 */
export const trashItems = pgTable(
  "trash_items",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["course", "module", "lesson", "file"] }).notNull(),
    title: text("title").notNull(),
    // Where it was, in words ("in Birth preparation › Week 1"), so the Trash reads without the tree.
    place: text("place").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    deletedById: integer("deleted_by_id").references(() => users.id, { onDelete: "set null" }),
    deletedByLabel: text("deleted_by_label").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("trash_items_deleted_at_idx").on(table.deletedAt)],
);

export const lessonFiles = pgTable(
  "lesson_files",
  {
    id: integer("id").primaryKey(),
    // Null while its lesson is in the Trash (trashItemId says which item brings it back).
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    trashItemId: integer("trash_item_id").references(() => trashItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    // In bytes.
    size: integer("size").notNull().default(0),
    // The file in the media storage (storage/named-files.ts); null for one an earlier version kept in
    // file_chunks, which the sweep moves there (files-repository.ts).
    storageKey: text("storage_key"),
    // Counts renames and moves, like a lesson's revision (lesson-files-repository.ts).
    revision: integer("revision").notNull().default(1),
    // A row with neither a lesson nor a Trash item is an upload still arriving; one left over a day is swept.
    createdAt: createdAt(),
  },
  (table) => [
    index("lesson_files_lesson_id_idx").on(table.lessonId),
    index("lesson_files_trash_item_id_idx").on(table.trashItemId),
    // Search finds a lesson by its downloads' names too.
    ...everySearchConfig.map((config) => index(`lesson_files_words_${config}_idx`).using("gin", wordsIn(config, sql`${table.filename}`))),
  ],
);

/**
 * Where an earlier version kept a file's content, in pieces of at most 256 kB. Files now live in the
 * media storage; the sweep moves these there and deletes them (files-repository.ts).
 */
export const fileChunks = pgTable(
  "file_chunks",
  {
    fileId: integer("file_id")
      .notNull()
      .references(() => lessonFiles.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.sequence] })],
);

/** One-off facts about this installation, such as whether the demo content was seeded. */
export const installationFacts = pgTable("installation_facts", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

// 1:1 bookings (server/src/bookings/): the instructor's services, her hours, the bookings, her
// places per due month and their waiting lists.
