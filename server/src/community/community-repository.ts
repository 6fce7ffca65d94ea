import { randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { sourceLanguage } from "../../../contract/languages.ts";
import {
  type CommunityPost,
  type CommunityThread,
  EDIT_WINDOW_MINUTES,
  SLOW_MODE_MINUTES,
  SLOW_MODE_POSTS,
  THREADS_PAGE_SIZE,
  type ThreadSummary,
} from "../../../contract/community.ts";
import { accountLanguage, accountsByIds, fullName, instructorNames, peopleByIds, type UserRow } from "../accounts/users-repository.ts";
import { translatorFor } from "../language/catalogues.ts";
import { queuePushes } from "../push/push-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { emitLive, EVERY_STREAM, publishLive } from "../db/live-events.ts";
import type { PersonalData } from "../db/personal-data.ts";
import {
  communityHearts,
  communityMembers,
  communityNotices,
  communityPosts,
  communityReports,
  communitySettings,
  communityThreads,
  communityTopics,
} from "./community-schema.ts";
import { HttpError } from "../http/errors.ts";
import { found, passageOf, rankOf, type SearchConfig, wordsIn } from "../db/text-search.ts";
import type { Clock } from "../lib/clock.ts";
import { knownContentNote, listContentNotes } from "../content-notes/content-notes-repository.ts";
import { postHtml } from "./post-markdown.ts";
import { nameWithTitle, type PracticeNames } from "../lib/practice-names.ts";

export type CommunityDeps = {
  db: Database;
  clock: Clock;
  catalogue: CatalogueReader;
  /** The doula's name and title as the site shows them (Studio → Site): not a member's to take. */
  practice?: PracticeNames;
};
type PostRow = typeof communityPosts.$inferSelect;
type ThreadRow = typeof communityThreads.$inferSelect;
type TopicRow = typeof communityTopics.$inferSelect;
type Author = { id: number; firstName: string | null; lastName: string | null; email: string; role: string; pseudonym: string | null };

const MINUTE = 60_000;
export const REMOVED_TEXT = "A post removed by its author.";
const isInstructor = (viewer: UserRow) => viewer.role === "admin";
/** A conversation's stream: its new posts… */
export const threadStream = (threadId: number) => `thread:${threadId}`;
/** …and its other changes (an edit, a post hidden or approved, the answer marked), after which a reader reads it again. */
export const threadChanged = (threadId: number) => `thread:${threadId}:changed`;

/** Her name as others read it: the pseudonym she chose, else her first name and initial. */
export function displayName(author: Omit<Author, "id" | "email"> | null): string {
  if (!author) return "A former member";
  if (author.pseudonym) return author.pseudonym;
  if (!author.firstName) return author.role === "admin" ? "Your doula" : "A member";
  return author.lastName ? `${author.firstName} ${author.lastName.slice(0, 1)}.` : author.firstName;
}

export async function readSettings(db: Queryable) {
  const [row] = await db.select().from(communitySettings).where(eq(communitySettings.id, 1));
  return { approveFirstPosts: row?.approveFirstPosts ?? 1, reportThreshold: row?.reportThreshold ?? 3 };
}

/** The posts' authors as the community names them: who they are (accounts/) and the pseudonym each chose here. */
export async function authorsOf(db: Queryable, ids: (number | null)[]): Promise<Map<number, Author>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const [people, pseudonyms] = await Promise.all([
    peopleByIds(db, wanted),
    db
      .select({ userId: communityMembers.userId, pseudonym: communityMembers.pseudonym })
      .from(communityMembers)
      .where(inArray(communityMembers.userId, wanted)),
  ]);
  const chosen = new Map(pseudonyms.map((row) => [row.userId, row.pseudonym]));
  return new Map(people.map((person) => [person.id, { ...person, pseudonym: chosen.get(person.id) ?? null }]));
}

/** Whether the reader may see this post: published and removed ones everyone may; waiting and hidden ones their author and the instructor. */
const postVisible = (post: PostRow, viewer: UserRow) =>
  post.status === "published" || post.status === "removed" || isInstructor(viewer) || post.authorId === viewer.id;

type HeartCounts = Map<number, { hearts: number; hearted: boolean }>;

async function heartsOf(db: Queryable, postIds: number[], viewer: UserRow): Promise<HeartCounts> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({
      postId: communityHearts.postId,
      hearts: count(),
      hearted: sql<boolean>`bool_or(${communityHearts.userId} = ${viewer.id})`,
    })
    .from(communityHearts)
    .where(inArray(communityHearts.postId, postIds))
    .groupBy(communityHearts.postId);
  return new Map(rows.map((row) => [row.postId, { hearts: Number(row.hearts), hearted: Boolean(row.hearted) }]));
}

function postView(post: PostRow, authors: Map<number, Author>, hearts: HeartCounts, viewer: UserRow, now: Date): CommunityPost {
  const author = post.authorId === null ? null : (authors.get(post.authorId) ?? null);
  const mine = post.authorId === viewer.id;
  const removed = post.status === "removed";
  const editableUntil = new Date(post.createdAt.getTime() + EDIT_WINDOW_MINUTES * MINUTE);
  return {
    id: post.id,
    body_html: removed ? `<p>${REMOVED_TEXT}</p>` : post.bodyHtml,
    author: removed ? "" : displayName(author),
    by_instructor: !removed && post.byInstructor,
    mine,
    status: post.status,
    content_note: removed ? null : post.contentNote,
    created_at: post.createdAt.toISOString(),
    edited: post.editedAt !== null,
    hearts: hearts.get(post.id)?.hearts ?? 0,
    hearted: hearts.get(post.id)?.hearted ?? false,
    ...(mine && !removed && now < editableUntil ? { editable_until: editableUntil.toISOString() } : {}),
  };
}

type Reach = Pick<CommunityDeps, "catalogue">;

async function topicVisible(deps: Reach, topic: TopicRow, viewer: UserRow): Promise<boolean> {
  return topic.courseId === null || isInstructor(viewer) || deps.catalogue.mayOpen(viewer, topic.courseId);
}

async function lessonOpen(deps: Reach, lessonId: number, viewer: UserRow): Promise<boolean> {
  if (isInstructor(viewer)) return true;
  return (await deps.catalogue.lessonAccess(viewer, lessonId)).access === "open";
}

/** What decides whether a conversation is open to a reader: the conversation, its topic (if any) and its first post. */
type ThreadPlace = { thread: ThreadRow | undefined; topic: TopicRow | undefined; first: PostRow | undefined };

async function readThreadPlace(db: Queryable, threadId: number): Promise<ThreadPlace> {
  const [thread] = await db.select().from(communityThreads).where(eq(communityThreads.id, threadId));
  if (!thread) return { thread, topic: undefined, first: undefined };
  const [topic] = thread.topicId === null ? [] : await db.select().from(communityTopics).where(eq(communityTopics.id, thread.topicId));
  const [first] = await db
    .select()
    .from(communityPosts)
    .where(eq(communityPosts.threadId, thread.id))
    .orderBy(asc(communityPosts.id))
    .limit(1);
  return { thread, topic, first };
}

/** Whether the reader may see where the thread lives (its topic, or its lesson) and its first post. */
async function isOpenTo(deps: Reach, { thread, topic, first }: ThreadPlace, viewer: UserRow): Promise<boolean> {
  if (!thread) return false;
  if (thread.topicId !== null) {
    if (!topic || !(await topicVisible(deps, topic, viewer))) return false;
  } else if (thread.lessonId !== null && !(await lessonOpen(deps, thread.lessonId, viewer))) return false;
  return first !== undefined && postVisible(first, viewer);
}

/** The thread, if it is open to the reader; 404 otherwise, as if it did not exist. */
async function openTo(deps: Reach, place: ThreadPlace, viewer: UserRow): Promise<ThreadRow> {
  if (!place.thread || !(await isOpenTo(deps, place, viewer)))
    throw new HttpError(404, "That conversation does not exist, or it is not open to you.");
  return place.thread;
}

async function visibleThread(deps: CommunityDeps, threadId: number, viewer: UserRow, db: Queryable = deps.db): Promise<ThreadRow> {
  return openTo(deps, await readThreadPlace(db, threadId), viewer);
}

async function visibleTopic(deps: CommunityDeps, topicId: number, viewer: UserRow): Promise<TopicRow> {
  const [topic] = await deps.db.select().from(communityTopics).where(eq(communityTopics.id, topicId));
  if (!topic || !(await topicVisible(deps, topic, viewer)))
    throw new HttpError(404, "That topic does not exist, or it is not open to you.");
  return topic;
}

const firstPostOf = sql`(select min(${communityPosts.id}) from ${communityPosts} where ${communityPosts.threadId} = ${communityThreads.id})`;

/**
 * The conversations she may read whose title or a published post's words match (docs/search.md),
 * best first, each with a passage of the words found (between text-search's marks). Each is judged
 * by the rule that opens a conversation to her (openTo), so a topic of a course she cannot open,
 * a question under a locked lesson or a post waiting for approval never shows.
 */
export async function searchConversations(
  deps: Reach & { db: Queryable },
  viewer: UserRow,
  config: SearchConfig,
  typed: string,
  limit: number,
) {
  const titleWords = wordsIn(config, sql`${communityThreads.title}`);
  const bodyWords = wordsIn(config, sql`${communityPosts.body}`);
  const [byTitle, byPost] = await Promise.all([
    deps.db
      .select({ threadId: communityThreads.id, rank: rankOf(config, titleWords, typed) })
      .from(communityThreads)
      .where(found(config, titleWords, typed))
      .orderBy(desc(rankOf(config, titleWords, typed)))
      .limit(limit * 2),
    deps.db
      .select({
        threadId: communityPosts.threadId,
        postId: communityPosts.id,
        rank: rankOf(config, bodyWords, typed),
        passage: passageOf(config, sql`${communityPosts.body}`, typed),
      })
      .from(communityPosts)
      .where(and(eq(communityPosts.status, "published"), found(config, bodyWords, typed)))
      .orderBy(desc(rankOf(config, bodyWords, typed)))
      .limit(limit * 2),
  ]);
  const best = new Map<number, { rank: number; passage: string | null }>();
  const keep = (threadId: number, rank: number, passage: string | null) => {
    const known = best.get(threadId);
    best.set(threadId, { rank: Math.max(rank, known?.rank ?? 0), passage: known?.passage ?? passage });
  };
  for (const hit of byPost) keep(hit.threadId, hit.rank, hit.passage);
  // A title counts more than a word in a reply; a post's passage is kept whichever ranked.
  for (const hit of byTitle) keep(hit.threadId, hit.rank * 2, null);
  const ranked = [...best.entries()].sort((a, b) => b[1].rank - a[1].rank);
  const open: { threadId: number; title: string; passage: string | null }[] = [];
  for (const [threadId, hit] of ranked) {
    if (open.length === limit) break;
    const thread = await openTo(deps, await readThreadPlace(deps.db, threadId), viewer).catch(() => null);
    if (thread) open.push({ threadId, title: thread.title, passage: hit.passage });
  }
  return open;
}

/** The topics she may see, in the instructor's order, with how many conversations each holds. */
export async function listTopics(deps: CommunityDeps, viewer: UserRow) {
  const rows = await deps.db.select().from(communityTopics).orderBy(asc(communityTopics.position), asc(communityTopics.id));
  const shown = [];
  for (const topic of rows) if (await topicVisible(deps, topic, viewer)) shown.push(topic);
  const counts =
    shown.length === 0
      ? []
      : await deps.db
          .select({
            topicId: communityThreads.topicId,
            threads: count(),
            last: sql<Date | null>`max(${communityThreads.lastActivityAt})`.mapWith((value) => (value ? new Date(value) : null)),
          })
          .from(communityThreads)
          .innerJoin(communityPosts, sql`${communityPosts.id} = ${firstPostOf}`)
          .where(
            and(
              inArray(
                communityThreads.topicId,
                shown.map((topic) => topic.id),
              ),
              eq(communityPosts.status, "published"),
            ),
          )
          .groupBy(communityThreads.topicId);
  return shown.map((topic) =>
    topicView(
      topic,
      counts.find((entry) => entry.topicId === topic.id),
    ),
  );
}

const topicView = (topic: TopicRow, counted?: { threads: number; last: Date | null }) => ({
  id: topic.id,
  title: topic.title,
  description: topic.description,
  course_id: topic.courseId,
  threads: Number(counted?.threads ?? 0),
  last_activity_at: counted?.last?.toISOString() ?? null,
});

/** A topic's conversations she may see, pinned first then by latest activity, a page at a time, optionally searched. */
export async function topicThreads(deps: CommunityDeps, viewer: UserRow, topicId: number, page: number, search: string) {
  const topic = await visibleTopic(deps, topicId, viewer);
  const seeable = isInstructor(viewer)
    ? sql`true`
    : sql`(${communityPosts.status} in ('published', 'removed') or ${communityPosts.authorId} = ${viewer.id})`;
  const searched = search
    ? sql`(${communityThreads.title} ilike ${`%${search}%`} or exists (select 1 from ${communityPosts} p where p.thread_id = ${communityThreads.id} and p.status = 'published' and p.body ilike ${`%${search}%`}))`
    : sql`true`;
  const where = and(eq(communityThreads.topicId, topic.id), seeable, searched);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ thread: communityThreads, first: communityPosts })
      .from(communityThreads)
      .innerJoin(communityPosts, sql`${communityPosts.id} = ${firstPostOf}`)
      .where(where)
      .orderBy(desc(communityThreads.pinned), desc(communityThreads.lastActivityAt), desc(communityThreads.id))
      .limit(THREADS_PAGE_SIZE)
      .offset((page - 1) * THREADS_PAGE_SIZE),
    deps.db
      .select({ total: count() })
      .from(communityThreads)
      .innerJoin(communityPosts, sql`${communityPosts.id} = ${firstPostOf}`)
      .where(where),
  ]);
  const replies = await replyCounts(
    deps.db,
    rows.map((row) => row.thread.id),
  );
  const authors = await authorsOf(
    deps.db,
    rows.map((row) => row.first.authorId),
  );
  return {
    topic: topicView(topic),
    threads: rows.map(({ thread, first }): ThreadSummary => threadSummary(thread, first, authors, replies.get(thread.id) ?? 0)),
    total: Number(total?.total ?? 0),
    page,
  };
}

function threadSummary(thread: ThreadRow, first: PostRow, authors: Map<number, Author>, replies: number): ThreadSummary {
  const removed = first.status === "removed";
  return {
    id: thread.id,
    title: thread.title,
    author: removed ? "" : displayName(first.authorId === null ? null : (authors.get(first.authorId) ?? null)),
    replies,
    last_activity_at: thread.lastActivityAt.toISOString(),
    pinned: thread.pinned,
    locked: thread.locked,
    answered: thread.answerPostId !== null,
    status: first.status,
    content_note: removed ? null : first.contentNote,
  };
}

async function replyCounts(db: Queryable, threadIds: number[]): Promise<Map<number, number>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .select({ threadId: communityPosts.threadId, replies: sql<number>`count(*) - 1`.mapWith(Number) })
    .from(communityPosts)
    .where(and(inArray(communityPosts.threadId, threadIds), eq(communityPosts.status, "published")))
    .groupBy(communityPosts.threadId);
  return new Map(rows.map((row) => [row.threadId, Math.max(0, row.replies)]));
}

/** A conversation as she may read it: every post she may see, oldest first. Opening it marks its replies read. */
export async function readThread(
  deps: CommunityDeps,
  viewer: UserRow,
  threadId: number,
  { afterPostId = 0, markRead = true }: { afterPostId?: number; markRead?: boolean } = {},
): Promise<CommunityThread> {
  const thread = await visibleThread(deps, threadId, viewer);
  const posts = (
    await deps.db
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.threadId, thread.id), gt(communityPosts.id, afterPostId)))
      .orderBy(asc(communityPosts.id))
  ).filter((post) => postVisible(post, viewer));
  const authors = await authorsOf(
    deps.db,
    posts.map((post) => post.authorId),
  );
  const hearts = await heartsOf(
    deps.db,
    posts.map((post) => post.id),
    viewer,
  );
  const [topic] = thread.topicId === null ? [] : await deps.db.select().from(communityTopics).where(eq(communityTopics.id, thread.topicId));
  const following = and(eq(communityNotices.userId, viewer.id), eq(communityNotices.threadId, thread.id));
  const [notice] = markRead
    ? await deps.db
        .update(communityNotices)
        .set({ readAt: deps.clock.now() })
        .where(following)
        .returning({ unsubscribed: communityNotices.unsubscribed })
    : await deps.db.select({ unsubscribed: communityNotices.unsubscribed }).from(communityNotices).where(following);
  const now = deps.clock.now();
  return {
    id: thread.id,
    title: thread.title,
    topic: topic ? { id: topic.id, title: topic.title } : null,
    lesson_id: thread.lessonId,
    pinned: thread.pinned,
    locked: thread.locked,
    answer_post_id: thread.answerPostId,
    posts: posts.map((post) => postView(post, authors, hearts, viewer, now)),
    following: notice !== undefined && !notice.unsubscribed,
  };
}

/** The posts after `afterPostId` that she may see, for her open stream (the page she opened has marked it read). */
export async function postsAfter(deps: CommunityDeps, viewer: UserRow, threadId: number, afterPostId: number) {
  const thread = await readThread(deps, viewer, threadId, { afterPostId, markRead: false });
  return { posts: thread.posts };
}

/** One read of a conversation's new posts, with everything any reader's view of them needs. */
type ThreadSnapshot = ThreadPlace & {
  posts: PostRow[];
  authors: Map<number, Author>;
  hearts: Map<number, { hearts: number; by: readonly number[] }>;
};

async function readSnapshot(db: Queryable, threadId: number, afterPostId: number): Promise<ThreadSnapshot> {
  const place = await readThreadPlace(db, threadId);
  if (!place.thread) return { ...place, posts: [], authors: new Map(), hearts: new Map() };
  const posts = await db
    .select()
    .from(communityPosts)
    .where(and(eq(communityPosts.threadId, threadId), gt(communityPosts.id, afterPostId)))
    .orderBy(asc(communityPosts.id));
  const authors = await authorsOf(
    db,
    posts.map((post) => post.authorId),
  );
  const heartRows =
    posts.length === 0
      ? []
      : await db
          .select({ postId: communityHearts.postId, by: sql<number[]>`array_agg(${communityHearts.userId})` })
          .from(communityHearts)
          .where(
            inArray(
              communityHearts.postId,
              posts.map((post) => post.id),
            ),
          )
          .groupBy(communityHearts.postId);
  const hearts = new Map(heartRows.map((row) => [row.postId, { hearts: row.by.length, by: row.by.map(Number) }]));
  return { ...place, posts, authors, hearts };
}

/**
 * The streams of the conversations open on this server. A change of a conversation is read once,
 * whatever the number of streams following it, and each stream's reader gets her own view of that
 * one read (what she may see, her hearts): one reply costs the same queries for 1 stream or 500.
 */
export function threadFollowers(deps: CommunityDeps) {
  /** Each followed conversation: its streams' last post ids, and the latest read of it. */
  type Read = { changes: number; after: number; snapshot: Promise<ThreadSnapshot> };
  const followed = new Map<number, { lasts: Set<() => number>; changes: number; read?: Read }>();
  const heard = (threadId: number) => {
    const entry = followed.get(threadId);
    if (entry) entry.changes += 1;
  };
  return {
    /** Called for every change the server hears, before any stream reads (registered before the first stream opens). */
    changed(stream: string) {
      if (stream === EVERY_STREAM) for (const threadId of followed.keys()) heard(threadId);
      const match = /^thread:(\d+)$/.exec(stream);
      if (match) heard(Number(match[1]));
    },
    /** A stream follows a conversation until the returned function is called; `last` says the last post it has. */
    follow(threadId: number, last: () => number): () => void {
      const entry = followed.get(threadId) ?? { lasts: new Set(), changes: 0 };
      followed.set(threadId, entry);
      entry.lasts.add(last);
      return () => {
        entry.lasts.delete(last);
        if (entry.lasts.size === 0) followed.delete(threadId);
      };
    },
    /** Her new posts since `afterPostId`, from the one read of the conversation's latest change. */
    async postsAfter(viewer: UserRow, threadId: number, afterPostId: number): Promise<{ posts: CommunityPost[] }> {
      const entry = followed.get(threadId);
      if (!entry) return postsAfter(deps, viewer, threadId, afterPostId);
      let read = entry.read;
      // A read started before the latest change, or from a later post than hers, does not serve her.
      if (!read || read.changes !== entry.changes || read.after > afterPostId) {
        const after = Math.min(afterPostId, ...[...entry.lasts].map((lastOf) => lastOf()));
        read = { changes: entry.changes, after, snapshot: readSnapshot(deps.db, threadId, after) };
        entry.read = read;
      }
      const snapshot = await read.snapshot;
      await openTo(deps, snapshot, viewer);
      const now = deps.clock.now();
      const hearts: HeartCounts = new Map(
        [...snapshot.hearts].map(([postId, { hearts, by }]) => [postId, { hearts, hearted: by.includes(viewer.id) }]),
      );
      return {
        posts: snapshot.posts
          .filter((post) => post.id > afterPostId && postVisible(post, viewer))
          .map((post) => postView(post, snapshot.authors, hearts, viewer, now)),
      };
    },
  };
}

/** The questions under a lesson, each with its replies, for those who may open the lesson. */
export async function lessonQuestions(deps: CommunityDeps, viewer: UserRow, lessonId: number) {
  if (!(await lessonOpen(deps, lessonId, viewer))) throw new HttpError(404, "That lesson does not exist, or it is not open to you.");
  const threads = await deps.db
    .select({ id: communityThreads.id })
    .from(communityThreads)
    .where(eq(communityThreads.lessonId, lessonId))
    .orderBy(desc(communityThreads.lastActivityAt));
  const shown: CommunityThread[] = [];
  for (const { id } of threads) {
    try {
      shown.push(await readThread(deps, viewer, id));
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
    }
  }
  return { threads: shown };
}

/** Refuses a muted member, calmly: she may neither write nor change what she wrote (deleting stays hers). */
async function notMuted(db: Queryable, viewer: UserRow, now: Date): Promise<void> {
  if (isInstructor(viewer)) return;
  const [member] = await db.select().from(communityMembers).where(eq(communityMembers.userId, viewer.id));
  if (member?.mutedUntil && member.mutedUntil > now) {
    throw new HttpError(
      403,
      member.mutedUntil.getFullYear() > 9000
        ? "Your doula has paused your posting for now. You can still read everything here."
        : `Your doula has paused your posting until ${member.mutedUntil.toUTCString()}. You can still read everything here.`,
    );
  }
}

/** Refuses a muted member and one writing faster than slow mode allows. */
async function mayWrite(db: Queryable, viewer: UserRow, now: Date): Promise<void> {
  if (isInstructor(viewer)) return;
  await notMuted(db, viewer, now);
  const [recent] = await db
    .select({ count: count() })
    .from(communityPosts)
    .where(and(eq(communityPosts.authorId, viewer.id), gt(communityPosts.createdAt, new Date(now.getTime() - SLOW_MODE_MINUTES * MINUTE))));
  if (Number(recent?.count ?? 0) >= SLOW_MODE_POSTS) {
    throw HttpError.withValues(
      429,
      "You have written {posts} posts in the last {minutes} minutes. Please take a breath and post again in a few minutes.",
      { posts: SLOW_MODE_POSTS, minutes: SLOW_MODE_MINUTES },
      { headers: { "retry-after": String(SLOW_MODE_MINUTES * 60) } },
    );
  }
}

/** A new member's first posts wait for the instructor (the setting's number); hers and everyone's after are published at once. */
async function statusForNewPost(db: Queryable, viewer: UserRow): Promise<"published" | "pending"> {
  if (isInstructor(viewer)) return "published";
  const { approveFirstPosts } = await readSettings(db);
  if (approveFirstPosts === 0) return "published";
  const [published] = await db
    .select({ count: count() })
    .from(communityPosts)
    .where(and(eq(communityPosts.authorId, viewer.id), eq(communityPosts.status, "published")));
  return Number(published?.count ?? 0) >= approveFirstPosts ? "published" : "pending";
}

async function knownNote(db: Queryable, note: string | null): Promise<string | null> {
  if (note === null || note === "") return null;
  const name = await knownContentNote(db, note);
  if (!name) throw new HttpError(400, "Choose a content note from the list.", { content_note: "Choose a content note from the list." });
  return name;
}

/** She follows a conversation she started or replied to: replies to it reach her by mail, at most once an hour. */
async function follow(db: Queryable, userId: number, threadId: number, now: Date): Promise<void> {
  await db
    .insert(communityNotices)
    .values({ userId, threadId, token: randomBytes(24).toString("base64url"), readAt: now })
    .onConflictDoNothing();
}

/**
 * The people following a conversation, but its author, who may still read it: a follower whose
 * course has closed since, or who can no longer see its first post, hears nothing more of it, by
 * mail or on her devices. Read before the reply's transaction: the catalogue reads her access on
 * its own connection (the embedded database has one, which the transaction holds).
 */
export async function followersWhoMayRead(deps: CommunityDeps, threadId: number, authorId: number | null): Promise<number[]> {
  const notices = await deps.db
    .select({ userId: communityNotices.userId })
    .from(communityNotices)
    .where(and(eq(communityNotices.threadId, threadId), eq(communityNotices.unsubscribed, false)));
  const followerIds = notices.map((notice) => notice.userId).filter((id) => id !== authorId);
  if (followerIds.length === 0) return [];
  const place = await readThreadPlace(deps.db, threadId);
  const mayRead: number[] = [];
  for (const follower of (await accountsByIds(deps.db, followerIds)).values()) {
    if (await isOpenTo(deps, place, follower)) mayRead.push(follower.id);
  }
  return mayRead;
}

/**
 * A reply published (written, or approved by the doula): the thread moves up, and everyone else following it who may read it
 * (`followersWhoMayRead`) has something waiting for their digest. Her devices (kind replies) hear
 * of a reply unless they were told of one she has not read yet, so a busy conversation does not
 * buzz all evening; claimed by one UPDATE per follower.
 */
export async function afterPublished(db: Queryable, post: PostRow, now: Date, mayRead: readonly number[]): Promise<void> {
  const [thread] = await db
    .update(communityThreads)
    .set({ lastActivityAt: now })
    .where(eq(communityThreads.id, post.threadId))
    .returning({ title: communityThreads.title });
  if (mayRead.length === 0) return;
  const followers = and(
    eq(communityNotices.threadId, post.threadId),
    eq(communityNotices.unsubscribed, false),
    inArray(communityNotices.userId, [...mayRead]),
    post.authorId === null ? sql`true` : sql`${communityNotices.userId} <> ${post.authorId}`,
  );
  await db
    .update(communityNotices)
    .set({ pendingSince: sql`coalesce(${communityNotices.pendingSince}, ${now.toISOString()}::timestamptz)` })
    .where(followers);
  const newlyWaiting = await db
    .update(communityNotices)
    .set({ lastPushedAt: now })
    .where(and(followers, or(isNull(communityNotices.lastPushedAt), lt(communityNotices.lastPushedAt, communityNotices.readAt))))
    .returning({ userId: communityNotices.userId });
  if (!thread || newlyWaiting.length === 0) return;
  const preview = post.body.length > 140 ? `${post.body.slice(0, 139)}…` : post.body;
  const readers = await peopleByIds(
    db,
    newlyWaiting.map((notice) => notice.userId),
  );
  await queuePushes(
    db,
    readers.map((reader) => {
      const i18n = translatorFor(accountLanguage(reader, sourceLanguage));
      return {
        userId: reader.id,
        kind: "replies" as const,
        message: {
          title: i18n._("A reply in “{title}”", { title: thread.title }),
          // Behind a content note the words wait for her choice on the page, as the thread shows them.
          body: post.contentNote ? i18n._("A reply with a content note: {note}.", { note: post.contentNote }) : preview,
          url: `/community/thread/${post.threadId}`,
          tag: `community-${post.threadId}`,
          // A conversation's title can say what she is living through: not on a locked screen.
          locked: { title: i18n._("A reply in the community"), body: i18n._("Open the app to read it.") },
        },
      };
    }),
    now,
  );
}

const writtenMessage = (status: "published" | "pending") =>
  status === "pending"
    ? "Thank you. Your doula reads a new member's first post before it appears; it shows here as “Waiting for the instructor” until then."
    : "Posted.";

/**
 * Writes her post into a conversation, unless she is muted or writing faster than slow mode allows:
 * waiting for approval when she is new, published otherwise. She then follows the conversation,
 * and every server's open stream of it looks for the new post.
 */
async function writePost(
  tx: Queryable,
  viewer: UserRow,
  threadId: number,
  input: { body: string; content_note: string | null },
  now: Date,
): Promise<PostRow> {
  // One member's posts are counted one at a time, so slow mode holds even across servers.
  await tx.execute(sql`select pg_advisory_xact_lock(7301, ${viewer.id})`);
  await mayWrite(tx, viewer, now);
  const [row] = await tx
    .insert(communityPosts)
    .values({
      threadId,
      authorId: viewer.id,
      body: input.body,
      bodyHtml: postHtml(input.body),
      contentNote: await knownNote(tx, input.content_note),
      status: await statusForNewPost(tx, viewer),
      byInstructor: isInstructor(viewer),
      createdAt: now,
    })
    .returning();
  await follow(tx, viewer.id, threadId, now);
  await publishLive(tx, threadStream(threadId));
  return row!;
}

/** Starts a conversation in a topic, or a question under a lesson. */
export async function startThread(
  deps: CommunityDeps,
  viewer: UserRow,
  place: { topicId: number } | { lessonId: number },
  input: { title: string; body: string; content_note: string | null },
) {
  if ("topicId" in place) await visibleTopic(deps, place.topicId, viewer);
  else if (!(await lessonOpen(deps, place.lessonId, viewer)))
    throw new HttpError(404, "That lesson does not exist, or it is not open to you.");
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(communityThreads)
      .values({
        topicId: "topicId" in place ? place.topicId : null,
        lessonId: "lessonId" in place ? place.lessonId : null,
        title: input.title,
        authorId: viewer.id,
        lastActivityAt: now,
      })
      .returning();
    const post = await writePost(tx, viewer, thread!.id, input, now);
    return { thread: thread!, status: post.status as "published" | "pending" };
  });
  emitLive(threadStream(result.thread.id));
  return { id: result.thread.id, status: result.status, message: writtenMessage(result.status) };
}

/** A member's news in the first topic every member reads (none tied to a course); null when there is none. */
export async function postAnnouncement(deps: CommunityDeps, author: UserRow, post: { title: string; body: string }) {
  const [open] = await deps.db
    .select({ id: communityTopics.id })
    .from(communityTopics)
    .where(isNull(communityTopics.courseId))
    .orderBy(asc(communityTopics.position), asc(communityTopics.id))
    .limit(1);
  if (!open) return null;
  return startThread(deps, author, { topicId: open.id }, { ...post, content_note: null });
}

/** A reply to a conversation she may see, unless it is closed. */
export async function reply(deps: CommunityDeps, viewer: UserRow, threadId: number, input: { body: string; content_note: string | null }) {
  const thread = await visibleThread(deps, threadId, viewer);
  if (thread.locked && !isInstructor(viewer)) throw new HttpError(409, "This conversation is closed to new replies.");
  const now = deps.clock.now();
  const mayRead = await followersWhoMayRead(deps, thread.id, viewer.id);
  const post = await deps.db.transaction(async (tx) => {
    const row = await writePost(tx, viewer, thread.id, input, now);
    if (row.status === "published") await afterPublished(tx, row, now, mayRead);
    return row;
  });
  emitLive(threadStream(thread.id));
  return { id: post.id, status: post.status, message: writtenMessage(post.status as "published" | "pending") };
}

async function ownPost(deps: CommunityDeps, viewer: UserRow, postId: number): Promise<PostRow> {
  const [post] = await deps.db.select().from(communityPosts).where(eq(communityPosts.id, postId));
  if (!post || post.authorId !== viewer.id || post.status === "removed")
    throw new HttpError(404, "That post does not exist, or it is not yours.");
  return post;
}

/** Her own post, changed within EDIT_WINDOW_MINUTES of writing it; it then shows "edited". */
export async function editPost(deps: CommunityDeps, viewer: UserRow, postId: number, body: string) {
  const post = await ownPost(deps, viewer, postId);
  const now = deps.clock.now();
  await notMuted(deps.db, viewer, now);
  if (now.getTime() > post.createdAt.getTime() + EDIT_WINDOW_MINUTES * MINUTE) {
    throw HttpError.withValues(
      409,
      "A post can be changed for {minutes} minutes after it is written. You can still delete it, or add a reply.",
      { minutes: EDIT_WINDOW_MINUTES },
    );
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(communityPosts)
      .set({ body, bodyHtml: postHtml(body), editedAt: now })
      .where(eq(communityPosts.id, post.id));
    await publishLive(tx, threadStream(post.threadId));
  });
  emitLive(threadStream(post.threadId));
  return { message: "Saved. It shows as edited." };
}

/** Her own post taken away: its words are gone; a first post leaves the conversation with the others' replies. */
export async function deleteOwnPost(deps: CommunityDeps, viewer: UserRow, postId: number) {
  const post = await ownPost(deps, viewer, postId);
  await removePost(deps.db, post.id, post.threadId);
  return { message: "Deleted." };
}

async function removePost(db: Database, postId: number, threadId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(communityPosts)
      .set({ status: "removed", body: "", bodyHtml: "", contentNote: null })
      .where(eq(communityPosts.id, postId));
    await publishLive(tx, threadStream(threadId));
  });
  emitLive(threadStream(threadId));
}

/**
 * A member's report of a post she can see. Each member's report counts once; at the threshold
 * (a setting) the post is hidden from everyone but its author and the instructor until she reviews it.
 */
export async function reportPost(deps: CommunityDeps, viewer: UserRow, postId: number, reason: string) {
  const [post] = await deps.db.select().from(communityPosts).where(eq(communityPosts.id, postId));
  if (!post || !postVisible(post, viewer) || post.status === "removed") throw new HttpError(404, "That post does not exist.");
  await visibleThread(deps, post.threadId, viewer);
  if (post.authorId === viewer.id) throw new HttpError(409, "This is your own post: you can delete it instead.");
  const hidden = await deps.db.transaction(async (tx) => {
    await tx.select({ id: communityPosts.id }).from(communityPosts).where(eq(communityPosts.id, post.id)).for("update");
    await tx.insert(communityReports).values({ postId: post.id, reporterId: viewer.id, reason }).onConflictDoNothing();
    const [reports] = await tx
      .select({ count: count() })
      .from(communityReports)
      .where(and(eq(communityReports.postId, post.id), isNull(communityReports.reviewedAt)));
    const { reportThreshold } = await readSettings(tx);
    if (Number(reports?.count ?? 0) < reportThreshold) return false;
    const changed = await tx
      .update(communityPosts)
      .set({ status: "hidden" })
      .where(and(eq(communityPosts.id, post.id), eq(communityPosts.status, "published")))
      .returning({ id: communityPosts.id });
    if (changed.length > 0) await publishLive(tx, threadChanged(post.threadId));
    return changed.length > 0;
  });
  if (hidden) emitLive(threadChanged(post.threadId));
  return { message: "Thank you for telling us. Your doula will look at it." };
}

/** Her "thank you" on a post she can see (not her own), given or taken back; the count as it stands. */
export async function heartPost(deps: CommunityDeps, viewer: UserRow, postId: number, on: boolean) {
  const [post] = await deps.db.select().from(communityPosts).where(eq(communityPosts.id, postId));
  if (!post || post.status !== "published") throw new HttpError(404, "That post does not exist.");
  await visibleThread(deps, post.threadId, viewer);
  if (on) await deps.db.insert(communityHearts).values({ postId, userId: viewer.id }).onConflictDoNothing();
  else await deps.db.delete(communityHearts).where(and(eq(communityHearts.postId, postId), eq(communityHearts.userId, viewer.id)));
  const counted = await heartsOf(deps.db, [postId], viewer);
  return { hearts: counted.get(postId)?.hearts ?? 0, hearted: counted.get(postId)?.hearted ?? false };
}

/** Her community name, mail switch and collapsed notes, and how many replies in her conversations she has not read. */
export async function readProfile(deps: CommunityDeps, viewer: UserRow) {
  const [member] = await deps.db.select().from(communityMembers).where(eq(communityMembers.userId, viewer.id));
  const [unread] = await deps.db
    .select({ count: count() })
    .from(communityPosts)
    .innerJoin(communityNotices, and(eq(communityNotices.threadId, communityPosts.threadId), eq(communityNotices.userId, viewer.id)))
    .where(
      and(
        eq(communityPosts.status, "published"),
        gt(communityPosts.createdAt, communityNotices.readAt),
        or(isNull(communityPosts.authorId), sql`${communityPosts.authorId} <> ${viewer.id}`),
      ),
    );
  return {
    display_name: displayName({
      firstName: viewer.firstName,
      lastName: viewer.lastName,
      role: viewer.role,
      pseudonym: member?.pseudonym ?? null,
    }),
    pseudonym: member?.pseudonym ?? null,
    mails: !(member?.mailsOff ?? false),
    collapsed_notes: member?.collapsedNotes ?? (await listContentNotes(deps.db)).map((note) => note.name),
    unread: Number(unread?.count ?? 0),
  };
}

/** Letters and digits only, lower case, accents dropped: "Sárah  K." and "sarah k" read alike. */
const comparable = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/**
 * Whether a pseudonym would pass for the doula: her site's name, the names the instructors' posts
 * carry (first name, full name, "First L."), or a claim of the role ("doula", "instructor").
 */
async function claimsTheDoula(deps: CommunityDeps, pseudonym: string): Promise<boolean> {
  const wanted = comparable(pseudonym);
  if (wanted.replace(/ /g, "").includes("doula") || /\b(instructor|moderator|admin)\b/.test(wanted)) return true;
  const instructors = await instructorNames(deps.db);
  // "Maya Ellison, certified birth doula": the whole, "Maya Ellison" and "Maya".
  const siteName = deps.practice ? nameWithTitle(deps.practice.now()) : "";
  const shortName = siteName.split(",")[0]!;
  const taken = [
    siteName,
    shortName,
    shortName.trim().split(/\s+/)[0]!,
    ...instructors.flatMap(({ firstName, lastName }) => [
      firstName ?? "",
      fullName({ firstName, lastName }),
      displayName({ firstName, lastName, role: "admin", pseudonym: null }),
    ]),
  ];
  return taken.some((name) => comparable(name) !== "" && comparable(name) === wanted);
}

export async function saveProfile(
  deps: CommunityDeps,
  viewer: UserRow,
  input: { pseudonym: string | null; mails: boolean; collapsed_notes: string[] },
) {
  if (input.pseudonym && !isInstructor(viewer) && (await claimsTheDoula(deps, input.pseudonym)))
    throw new HttpError(400, "That name belongs to your doula, or says you are one. Please choose another.", {
      pseudonym: "Please choose a name that is not your doula's.",
    });
  const values = { pseudonym: input.pseudonym, mailsOff: !input.mails, collapsedNotes: input.collapsed_notes };
  await deps.db
    .insert(communityMembers)
    .values({ userId: viewer.id, ...values })
    .onConflictDoUpdate({ target: communityMembers.userId, set: values });
  return { message: "Saved." };
}

/** Stops mail about one conversation, for whoever holds the link's token; null when no one does. */
export async function unsubscribeThread(db: Queryable, token: string): Promise<{ title: string } | null> {
  const [row] = await db
    .update(communityNotices)
    .set({ unsubscribed: true, pendingSince: null })
    .where(eq(communityNotices.token, token))
    .returning({ threadId: communityNotices.threadId });
  if (!row) return null;
  const [thread] = await db.select({ title: communityThreads.title }).from(communityThreads).where(eq(communityThreads.id, row.threadId));
  return { title: thread?.title ?? "the conversation" };
}

/**
 * Her posts in her data download, and what deleting her account does to them: her words go; a
 * conversation she started stays, as "A post removed by its author", with the others' replies.
 */
/** The title of a conversation whose author deleted her account. */
export const DEPARTED_TITLE = "A conversation started by a member who has left";

export const communityPersonalData = (db: Queryable): PersonalData => ({
  key: "community",
  export: async (member) => {
    const posts = await db
      .select({ thread: communityThreads.title, body: communityPosts.body, status: communityPosts.status, at: communityPosts.createdAt })
      .from(communityPosts)
      .innerJoin(communityThreads, eq(communityThreads.id, communityPosts.threadId))
      .where(and(eq(communityPosts.authorId, member.id), sql`${communityPosts.status} <> 'removed'`))
      .orderBy(asc(communityPosts.id));
    const [profile] = await db.select().from(communityMembers).where(eq(communityMembers.userId, member.id));
    return {
      pseudonym: profile?.pseudonym ?? null,
      reply_mails: !(profile?.mailsOff ?? false),
      posts: posts.map((post) => ({ conversation: post.thread, text: post.body, status: post.status, written_at: post.at.toISOString() })),
    };
  },
  erase: async (tx, member) => {
    await tx
      .update(communityPosts)
      .set({ status: "removed", body: "", bodyHtml: "", contentNote: null, authorId: null })
      .where(eq(communityPosts.authorId, member.id));
    // Her title is her words too: the conversation stays for those who replied, under a neutral one.
    await tx.update(communityThreads).set({ authorId: null, title: DEPARTED_TITLE }).where(eq(communityThreads.authorId, member.id));
    await tx.delete(communityReports).where(eq(communityReports.reporterId, member.id));
  },
});
