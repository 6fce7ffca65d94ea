import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { everySearchConfig, wordsIn } from "../db/text-search.ts";
import { users } from "../accounts/accounts-schema.ts";
import { courses, lessons } from "../catalogue/catalogue-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** The community's settings, one row (id 1): how many first posts wait for approval, how many reports hide a post. */
export const communitySettings = pgTable("community_settings", {
  id: integer("id").primaryKey(),
  approveFirstPosts: integer("approve_first_posts").notNull().default(1),
  reportThreshold: integer("report_threshold").notNull().default(3),
});

/** A topic the instructor made; one with a course is seen only by those who may open the course. */
export const communityTopics = pgTable("community_topics", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** A thread: a first post and its replies, in a topic or under a lesson ("Questions about this lesson"). */
export const communityThreads = pgTable(
  "community_threads",
  {
    id: serial("id").primaryKey(),
    topicId: integer("topic_id").references(() => communityTopics.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    pinned: boolean("pinned").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    // The instructor's reply marked as the answer to a question.
    answerPostId: integer("answer_post_id"),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index("community_threads_topic_idx").on(table.topicId, table.lastActivityAt),
    index("community_threads_lesson_idx").on(table.lessonId),
    // Search (docs/search.md): conversations by their titles and their posts' words.
    ...everySearchConfig.map((config) => index(`community_threads_words_${config}_idx`).using("gin", wordsIn(config, sql`${table.title}`))),
  ],
);

/** A post: a thread's first, or a reply. Kept as she wrote it (a small Markdown) and as the cleaned HTML shown. */
export const communityPosts = pgTable(
  "community_posts",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => communityThreads.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    contentNote: text("content_note"),
    // removed: by its author, by the instructor, or with the author's account; its words are gone.
    status: text("status", { enum: ["published", "pending", "hidden", "removed"] }).notNull(),
    byInstructor: boolean("by_instructor").notNull().default(false),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("community_posts_thread_idx").on(table.threadId, table.id),
    index("community_posts_author_idx").on(table.authorId, table.createdAt),
    ...everySearchConfig.map((config) => index(`community_posts_words_${config}_idx`).using("gin", wordsIn(config, sql`${table.body}`))),
  ],
);

/** A member's report of a post; one per member and post, until the instructor reviews the post. */
export const communityReports = pgTable(
  "community_reports",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.reporterId] })],
);

/** A member as the community knows her: her pseudonym, whether she is muted, and her mail switch. */
export const communityMembers = pgTable("community_members", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  pseudonym: text("pseudonym"),
  // Until when she may read but not post; far in the future for "until lifted".
  mutedUntil: timestamp("muted_until", { withTimezone: true }),
  mailsOff: boolean("mails_off").notNull().default(false),
  // Content notes whose posts she wants collapsed, by name; null (the default) is every note.
  collapsedNotes: jsonb("collapsed_notes").$type<string[]>(),
});

/**
 * Her mail about one thread: replies arrive as pending, and at most one digest an hour goes out
 * (claimed by one UPDATE, so two servers never both send it); the token is the thread's one-click unsubscribe.
 */
export const communityNotices = pgTable(
  "community_notices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: integer("thread_id")
      .notNull()
      .references(() => communityThreads.id, { onDelete: "cascade" }),
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    lastMailedAt: timestamp("last_mailed_at", { withTimezone: true }),
    // When she last opened the thread: replies after it count as unread.
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
    // When her devices were last told of a reply (push kind replies): once more only after she has read it.
    lastPushedAt: timestamp("last_pushed_at", { withTimezone: true }),
    unsubscribed: boolean("unsubscribed").notNull().default(false),
    token: text("token").notNull().unique(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.threadId] })],
);

/** A member's "thank you" on a post, once per member and post. */
export const communityHearts = pgTable(
  "community_hearts",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);
