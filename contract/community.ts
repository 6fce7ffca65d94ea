import { z } from "zod";
import { idInPath } from "./catalogue.ts";
import { PageNumber, titleOf } from "./studio/studio-shared.ts";

// The community (docs/product.md, Community): topics, threads of a first post and its replies,
// questions under lessons, and a gentle moderation.

export const POST_MAX_CHARACTERS = 5_000;
export const THREADS_PAGE_SIZE = 20;
/** How long after writing a post its author may still edit it. */
export const EDIT_WINDOW_MINUTES = 15;
/** Slow mode: at most this many posts per member in SLOW_MODE_MINUTES. */
export const SLOW_MODE_POSTS = 5;
export const SLOW_MODE_MINUTES = 10;

export const PostStatus = z.enum(["published", "pending", "hidden", "removed"]);

/** A post as a reader sees it: its words only as cleaned HTML, its author by her display name. */
export const CommunityPost = z.object({
  id: z.number(),
  body_html: z.string(),
  author: z.string(),
  /** Whether it is the instructor's (her badge). */
  by_instructor: z.boolean(),
  /** Whether the reader wrote it (she may edit it for 15 minutes, and delete it). */
  mine: z.boolean(),
  status: PostStatus,
  content_note: z.string().nullable(),
  created_at: z.string(),
  edited: z.boolean(),
  /** Its "thank you" hearts, and whether one of them is hers. */
  hearts: z.number(),
  hearted: z.boolean(),
  /** Until when its author may edit it, for the author only. */
  editable_until: z.string().optional(),
});
export type CommunityPost = z.infer<typeof CommunityPost>;

export const ThreadSummary = z.object({
  id: z.number(),
  title: z.string(),
  author: z.string(),
  replies: z.number(),
  last_activity_at: z.string(),
  pinned: z.boolean(),
  locked: z.boolean(),
  answered: z.boolean(),
  status: PostStatus,
  content_note: z.string().nullable(),
});
export type ThreadSummary = z.infer<typeof ThreadSummary>;

export const CommunityTopic = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  course_id: z.number().nullable(),
  threads: z.number(),
  last_activity_at: z.string().nullable(),
});
export const CommunityTopics = z.object({ topics: z.array(CommunityTopic) });
export type CommunityTopics = z.infer<typeof CommunityTopics>;

export const TopicThreads = z.object({
  topic: CommunityTopic,
  threads: z.array(ThreadSummary),
  total: z.number(),
  page: z.number(),
});
export type TopicThreads = z.infer<typeof TopicThreads>;

export const CommunityThread = z.object({
  id: z.number(),
  title: z.string(),
  topic: z.object({ id: z.number(), title: z.string() }).nullable(),
  lesson_id: z.number().nullable(),
  pinned: z.boolean(),
  locked: z.boolean(),
  answer_post_id: z.number().nullable(),
  posts: z.array(CommunityPost),
  /** Whether the reader gets mail about new replies here. */
  following: z.boolean(),
});
export type CommunityThread = z.infer<typeof CommunityThread>;

export const LessonQuestions = z.object({ threads: z.array(CommunityThread) });
export type LessonQuestions = z.infer<typeof LessonQuestions>;

export const TopicIdParams = z.object({ id: idInPath("That topic does not exist.") });
export const ThreadIdParams = z.object({ id: idInPath("That conversation does not exist.") });
export const PostIdParams = z.object({ id: idInPath("That post does not exist.") });
export const ThreadEventsQuery = z.object({
  /** The last post id she has, on the first connection (EventSource sends Last-Event-ID only when it reconnects). */
  after: z.coerce.number({ error: "after is a post id." }).int().min(0).optional(),
});
export const ThreadsQuery = z.object({
  page: PageNumber,
  q: z.string().trim().max(200, { error: "Keep the search under 200 characters." }).optional().default(""),
});

const Body = z
  .string({ error: "Write something first." })
  .trim()
  .min(1, { error: "Write something first." })
  .max(POST_MAX_CHARACTERS, { error: `Keep it under ${POST_MAX_CHARACTERS.toLocaleString("en")} characters.` });
const Note = z.string().trim().max(60).nullable().optional().default(null);

export const ThreadCreate = z.object({ title: titleOf("conversation"), body: Body, content_note: Note });
export type ThreadCreate = z.input<typeof ThreadCreate>;
export const ReplyCreate = z.object({ body: Body, content_note: Note });
export type ReplyCreate = z.input<typeof ReplyCreate>;
export const PostEdit = z.object({ body: Body });
export const ReportRequest = z.object({
  reason: z
    .string({ error: "Say in a few words what is wrong." })
    .trim()
    .min(3, { error: "Say in a few words what is wrong." })
    .max(500, { error: "Keep the reason under 500 characters." }),
});
export const HeartRequest = z.object({ on: z.boolean({ error: "Say whether to give the heart or take it back." }) });
export const Hearts = z.object({ hearts: z.number(), hearted: z.boolean() });
export const Written = z.object({ id: z.number(), status: PostStatus, message: z.string() });
export type Written = z.infer<typeof Written>;

export const CommunityProfile = z.object({
  display_name: z.string(),
  pseudonym: z.string().nullable(),
  mails: z.boolean(),
  collapsed_notes: z.array(z.string()),
  unread: z.number(),
});
export type CommunityProfile = z.infer<typeof CommunityProfile>;
export const CommunityProfileSave = z.object({
  pseudonym: z
    .string()
    .trim()
    .max(40, { error: "Keep the name under 40 characters." })
    .nullable()
    .transform((name) => (name ? name : null)),
  mails: z.boolean({ error: "Say whether you want mail about replies." }),
  collapsed_notes: z.array(z.string().max(60)).max(50),
});

// The studio's side.
export const TopicCreate = z.object({
  title: titleOf("topic"),
  description: z.string().trim().max(500, { error: "Keep the description under 500 characters." }).optional().default(""),
  course_id: z.number().int().positive().nullable().optional().default(null),
});
export const CommunitySettings = z.object({
  approve_first_posts: z
    .number({ error: "The number of first posts to approve is a whole number." })
    .int({ error: "The number of first posts to approve is a whole number." })
    .min(0, { error: "0 approves none; it cannot be less." })
    .max(100, { error: "At most 100 first posts can wait for approval." }),
  report_threshold: z
    .number({ error: "The number of reports is a whole number." })
    .int({ error: "The number of reports is a whole number." })
    .min(1, { error: "At least one report is needed to hide a post." })
    .max(100, { error: "At most 100 reports." }),
});
export type CommunitySettings = z.infer<typeof CommunitySettings>;

export const QueueEntry = z.object({
  post: CommunityPost,
  thread: z.object({ id: z.number(), title: z.string() }),
  /** Who wrote it, as the instructor sees her: her account and e-mail. */
  author_id: z.number().nullable(),
  author_email: z.string().nullable(),
  reports: z.array(z.object({ reason: z.string(), at: z.string() })),
});
export const ModerationQueue = z.object({
  waiting: z.array(QueueEntry),
  reported: z.array(QueueEntry),
  unanswered_questions: z.array(z.object({ thread_id: z.number(), title: z.string(), lesson_id: z.number(), asked_at: z.string() })),
  settings: CommunitySettings,
  topics: z.array(CommunityTopic),
});
export type ModerationQueue = z.infer<typeof ModerationQueue>;
export const DeclineRequest = z.object({
  message: z.string().trim().max(2000, { error: "Keep the sentence under 2,000 characters." }).optional().default(""),
});
export const MuteRequest = z.object({
  user_id: z.number().int().positive(),
  for: z.enum(["day", "week", "until_lifted", "lift"], { error: "Choose how long: a day, a week, until lifted, or lift it." }),
});
export const ThreadFlags = z.object({ pinned: z.boolean().optional(), locked: z.boolean().optional() });
export const AnswerRequest = z.object({ post_id: z.number().int().positive().nullable() });
