import { z } from "zod";
import { idInPath } from "./catalogue.ts";
import { PageNumber, StudioOutcome, titleOf } from "./studio/studio-shared.ts";
import { ApiError } from "./errors.ts";
import { ClassTokenParams } from "./classes.ts";
import { Created } from "./studio/courses.ts";
import { LessonIdParams } from "./progress.ts";
import { Unsubscribed } from "./announcements.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { sentence, sentenceWith } from "./languages.ts";

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
  .max(POST_MAX_CHARACTERS, { error: sentenceWith("Keep it under {max} characters.", { max: POST_MAX_CHARACTERS.toLocaleString("en") }) });
const Note = z.string().trim().max(60).nullable().optional().default(null);

export const ThreadCreate = z.object({ title: titleOf(sentence("Please give the conversation a title.")), body: Body, content_note: Note });
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
  title: titleOf(sentence("Please give the topic a title.")),
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

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** What a partner's account is told of the community: it is the mothers' own space (docs/product.md, Partner seat). */
const communityIsTheMothers = sentence("The community is a space for the mothers who learn here, so a partner's account does not open it.");

export const communityEndpoints = {
  communityTopics: {
    method: "GET",
    path: "/reactapi/community/topics",
    summary: "The community's topics she may see (a course's topic only to those who may open the course)",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    answers: { ...ok(CommunityTopics), 401: { description: "Not signed in.", schema: ApiError } },
  },
  topicThreads: {
    method: "GET",
    path: "/reactapi/community/topics/:id/threads",
    summary: "A topic's conversations, pinned first then by latest activity, 20 a page, optionally searched (q)",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: TopicIdParams,
    query: ThreadsQuery,
    answers: { ...ok(TopicThreads), 404: { description: "No such topic, or not open to her.", schema: ApiError } },
  },
  startThread: {
    method: "POST",
    path: "/reactapi/community/topics/:id/threads",
    summary: "Starts a conversation (a new member's first posts wait for the instructor)",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: TopicIdParams,
    body: ThreadCreate,
    invalidates: ["topicThreads", "communityTopics"],
    answers: {
      201: { description: "Published, or waiting for the instructor.", schema: Written },
      400: { description: "A bad body.", schema: ApiError },
      403: { description: "Her posting is paused.", schema: ApiError },
      404: { description: "No such topic, or not open to her.", schema: ApiError },
      429: { description: "Slow mode: too many posts in 10 minutes.", schema: ApiError },
    },
  },
  communityThread: {
    method: "GET",
    path: "/reactapi/community/threads/:id",
    summary: "A conversation: its posts she may see, oldest first (opening it marks its replies read)",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: ThreadIdParams,
    answers: { ...ok(CommunityThread), 404: { description: "No such conversation, or not open to her.", schema: ApiError } },
  },
  replyToThread: {
    method: "POST",
    path: "/reactapi/community/threads/:id/replies",
    summary: "Replies to a conversation (everyone following it has it in their next digest)",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: ThreadIdParams,
    body: ReplyCreate,
    invalidates: ["communityThread", "topicThreads", "lessonQuestions"],
    answers: {
      201: { description: "Published, or waiting for the instructor.", schema: Written },
      400: { description: "A bad body.", schema: ApiError },
      403: { description: "Her posting is paused.", schema: ApiError },
      404: { description: "No such conversation, or not open to her.", schema: ApiError },
      409: { description: "The conversation is closed.", schema: ApiError },
      429: { description: "Slow mode: too many posts in 10 minutes.", schema: ApiError },
    },
  },
  threadEvents: {
    method: "GET",
    path: "/reactapi/community/threads/:id/events",
    summary:
      "Server-Sent Events: each new or changed post of the conversation as it happens, on any app server; Last-Event-ID resumes after a post id",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: ThreadIdParams,
    query: ThreadEventsQuery,
    answers: {
      200: {
        description: "An event stream (event: posts, data: the posts after the last id; event: changed, read it again).",
        contentType: "text/event-stream",
      },
      404: { description: "No such conversation, or not open to her.", schema: ApiError },
    },
  },
  editPost: {
    method: "POST",
    path: "/reactapi/community/posts/:id/edit",
    summary: "Changes her own post within 15 minutes of writing it (it then shows as edited)",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: PostIdParams,
    body: PostEdit,
    invalidates: ["communityThread", "lessonQuestions"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "Not her post.", schema: ApiError },
      409: { description: "The 15 minutes have passed.", schema: ApiError },
    },
  },
  deleteOwnPost: {
    method: "POST",
    path: "/reactapi/community/posts/:id/delete",
    summary: "Deletes her own post (a first post leaves the conversation, with the others' replies)",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: PostIdParams,
    body: z.object({}),
    invalidates: ["communityThread", "topicThreads", "lessonQuestions"],
    answers: { ...ok(StudioOutcome), 404: { description: "Not her post.", schema: ApiError } },
  },
  reportPost: {
    method: "POST",
    path: "/reactapi/community/posts/:id/report",
    summary: "Reports a post with a reason; at the threshold of different members it is hidden until the instructor reviews it",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: PostIdParams,
    body: ReportRequest,
    invalidates: ["communityThread", "topicThreads", "lessonQuestions"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such post she can see.", schema: ApiError },
      409: { description: "Her own post.", schema: ApiError },
    },
  },
  heartPost: {
    method: "POST",
    path: "/reactapi/community/posts/:id/heart",
    summary: "Gives a post her “thank you” heart, or takes it back",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: PostIdParams,
    body: HeartRequest,
    answers: { ...ok(Hearts), 404: { description: "No such post she can see.", schema: ApiError } },
  },
  lessonQuestions: {
    method: "GET",
    path: "/reactapi/community/lessons/:lessonId",
    summary: "The questions under a lesson, with their replies, for those who may open the lesson",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: LessonIdParams,
    answers: { ...ok(LessonQuestions), 404: { description: "No such lesson, or not open to her.", schema: ApiError } },
  },
  askLessonQuestion: {
    method: "POST",
    path: "/reactapi/community/lessons/:lessonId",
    summary: "Asks a question under a lesson",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    params: LessonIdParams,
    body: ThreadCreate,
    invalidates: ["lessonQuestions"],
    answers: {
      201: { description: "Published, or waiting for the instructor.", schema: Written },
      400: { description: "A bad body.", schema: ApiError },
      403: { description: "Her posting is paused.", schema: ApiError },
      404: { description: "No such lesson, or not open to her.", schema: ApiError },
      429: { description: "Slow mode.", schema: ApiError },
    },
  },
  communityProfile: {
    method: "GET",
    path: "/reactapi/community/me",
    summary: "Her name in the community, her reply mails, the notes she always collapses, and her unread replies",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    answers: ok(CommunityProfile),
  },
  saveCommunityProfile: {
    method: "POST",
    path: "/reactapi/community/me",
    summary: "Saves her pseudonym, reply mails and always-collapsed notes",
    access: "mother",
    partnerRefusal: communityIsTheMothers,
    travels: "community",
    body: CommunityProfileSave,
    invalidates: ["communityProfile", "communityThread", "topicThreads", "lessonQuestions"],
    answers: { ...ok(StudioOutcome), 400: { description: "A bad body.", schema: ApiError } },
  },
  unsubscribeThread: {
    method: "POST",
    path: "/reactapi/community/unsubscribe/:token",
    summary: "One-click unsubscribe from one conversation's reply mails (RFC 8058): the token is the proof, no sign-in; any body",
    access: "anyone",
    travels: "unsubscribe",
    params: ClassTokenParams,
    answers: { ...ok(Unsubscribed), 404: { description: "No such link.", schema: ApiError } },
  },
  communityQueue: {
    method: "GET",
    path: "/reactapi/studio/community/queue",
    summary:
      "What waits for the instructor: first posts to approve, reported posts with reasons, unanswered lesson questions, the settings and topics",
    access: "instructor",
    travels: "studio",
    answers: ok(ModerationQueue),
  },
  createTopic: {
    method: "POST",
    path: "/reactapi/studio/community/topics",
    summary: "Creates a topic (with a course: only those who may open the course see it)",
    access: "instructor",
    travels: "studio-community",
    body: TopicCreate,
    invalidates: ["communityQueue", "communityTopics"],
    answers: { 201: { description: "Created.", schema: Created }, 400: { description: "A bad body.", schema: ApiError } },
  },
  saveCommunitySettings: {
    method: "POST",
    path: "/reactapi/studio/community/settings",
    summary: "How many first posts of a new member wait for approval, and how many reports hide a post",
    access: "instructor",
    travels: "studio-community",
    body: CommunitySettings,
    invalidates: ["communityQueue"],
    answers: { ...ok(StudioOutcome), 400: { description: "A bad body.", schema: ApiError } },
  },
  approvePost: {
    method: "POST",
    path: "/reactapi/studio/community/posts/:id/approve",
    summary: "Publishes a waiting post",
    access: "instructor",
    travels: "studio-community",
    params: PostIdParams,
    body: z.object({}),
    invalidates: ["communityQueue", "communityThread", "topicThreads", "lessonQuestions"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such post.", schema: ApiError },
      409: { description: "Not waiting.", schema: ApiError },
    },
  },
  declinePost: {
    method: "POST",
    path: "/reactapi/studio/community/posts/:id/decline",
    summary: "Declines a waiting post; its author is mailed, with the instructor's sentence",
    access: "instructor",
    travels: "studio-community",
    params: PostIdParams,
    body: DeclineRequest,
    invalidates: ["communityQueue", "communityThread", "topicThreads", "lessonQuestions"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such post.", schema: ApiError },
      409: { description: "Not waiting.", schema: ApiError },
    },
  },
  hidePost: {
    method: "POST",
    path: "/reactapi/studio/community/posts/:id/hide",
    summary: "Hides a post from everyone but its author and the instructor",
    access: "instructor",
    travels: "studio-community",
    params: PostIdParams,
    body: z.object({}),
    invalidates: ["communityQueue", "communityThread", "topicThreads", "lessonQuestions"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such post.", schema: ApiError } },
  },
  restorePost: {
    method: "POST",
    path: "/reactapi/studio/community/posts/:id/restore",
    summary: "Publishes a hidden or reported post again; its reports so far are settled",
    access: "instructor",
    travels: "studio-community",
    params: PostIdParams,
    body: z.object({}),
    invalidates: ["communityQueue", "communityThread", "topicThreads", "lessonQuestions"],
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such post.", schema: ApiError },
      409: { description: "Deleted.", schema: ApiError },
    },
  },
  deletePostInStudio: {
    method: "POST",
    path: "/reactapi/studio/community/posts/:id/delete",
    summary: "Deletes a post (its words are gone)",
    access: "instructor",
    travels: "studio-community",
    params: PostIdParams,
    body: z.object({}),
    invalidates: ["communityQueue", "communityThread", "topicThreads", "lessonQuestions"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such post.", schema: ApiError } },
  },
  setThreadFlags: {
    method: "POST",
    path: "/reactapi/studio/community/threads/:id",
    summary: "Pins or unpins, closes or reopens a conversation",
    access: "instructor",
    travels: "studio-community",
    params: ThreadIdParams,
    body: ThreadFlags,
    invalidates: ["communityThread", "topicThreads", "lessonQuestions"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such conversation.", schema: ApiError } },
  },
  markAnswer: {
    method: "POST",
    path: "/reactapi/studio/community/threads/:id/answer",
    summary: "Marks a reply as the answer to a question (null: none)",
    access: "instructor",
    travels: "community",
    params: ThreadIdParams,
    body: AnswerRequest,
    invalidates: ["communityThread", "lessonQuestions", "communityQueue", "topicThreads"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such conversation or reply.", schema: ApiError } },
  },
  muteMember: {
    method: "POST",
    path: "/reactapi/studio/community/mute",
    summary: "Pauses a member's posting for a day, a week or until lifted, or lifts it; she still reads",
    access: "instructor",
    travels: "studio-community",
    body: MuteRequest,
    invalidates: ["communityQueue"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
