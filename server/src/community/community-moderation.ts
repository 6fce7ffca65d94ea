import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CommunitySettings } from "../../../contract/community.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import { findUserById, type UserRow } from "../accounts/users-repository.ts";
import { emitLive, publishLive } from "../db/live-events.ts";
import {
  communityMembers,
  communityPosts,
  communityReports,
  communitySettings,
  communityThreads,
  communityTopics,
} from "./community-schema.ts";
import { HttpError } from "../http/errors.ts";
import { answerWith } from "../../../contract/languages.ts";
import { translatorFor } from "../language/catalogues.ts";
import { composeMail, greeting, type MailContext, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import {
  afterPublished,
  authorsOf,
  type CommunityDeps,
  displayName,
  followersWhoMayRead,
  listTopics,
  readSettings,
  threadChanged,
} from "./community-repository.ts";

// The instructor's side of the community (docs/product.md, Community, Moderation): every action
// here is recorded in the activity log.

const DAY = 24 * 60 * 60_000;
const UNTIL_LIFTED = new Date("9999-12-31T00:00:00Z");

async function postWithThread(deps: CommunityDeps, postId: number) {
  const [row] = await deps.db
    .select({ post: communityPosts, thread: communityThreads })
    .from(communityPosts)
    .innerJoin(communityThreads, eq(communityThreads.id, communityPosts.threadId))
    .where(eq(communityPosts.id, postId));
  if (!row) throw new HttpError(404, "That post does not exist.");
  return row;
}

/** What waits for her: first posts to approve, reported posts with their reasons, and lesson questions with no answer yet. */
export async function moderationQueue(deps: CommunityDeps, instructor: UserRow) {
  const waiting = await deps.db
    .select({ post: communityPosts, thread: communityThreads })
    .from(communityPosts)
    .innerJoin(communityThreads, eq(communityThreads.id, communityPosts.threadId))
    .where(eq(communityPosts.status, "pending"))
    .orderBy(asc(communityPosts.id));
  const reportedIds = await deps.db
    .selectDistinct({ postId: communityReports.postId })
    .from(communityReports)
    .where(isNull(communityReports.reviewedAt));
  const reported =
    reportedIds.length === 0
      ? []
      : await deps.db
          .select({ post: communityPosts, thread: communityThreads })
          .from(communityPosts)
          .innerJoin(communityThreads, eq(communityThreads.id, communityPosts.threadId))
          .where(
            and(
              inArray(
                communityPosts.id,
                reportedIds.map((row) => row.postId),
              ),
              sql`${communityPosts.status} <> 'removed'`,
            ),
          )
          .orderBy(asc(communityPosts.id));
  const reasons = reported.length
    ? await deps.db
        .select()
        .from(communityReports)
        .where(
          and(
            inArray(
              communityReports.postId,
              reported.map((row) => row.post.id),
            ),
            isNull(communityReports.reviewedAt),
          ),
        )
    : [];
  const authorIds = [...waiting, ...reported].map((row) => row.post.authorId).filter((id): id is number => id !== null);
  const authors = [...(await authorsOf(deps.db, authorIds)).values()];
  const entry = ({ post, thread }: { post: typeof communityPosts.$inferSelect; thread: typeof communityThreads.$inferSelect }) => {
    const author = authors.find((candidate) => candidate.id === post.authorId) ?? null;
    return {
      post: {
        id: post.id,
        body_html: post.bodyHtml,
        author: displayName(author),
        by_instructor: post.byInstructor,
        mine: post.authorId === instructor.id,
        status: post.status,
        content_note: post.contentNote,
        created_at: post.createdAt.toISOString(),
        edited: post.editedAt !== null,
        hearts: 0,
        hearted: false,
      },
      thread: { id: thread.id, title: thread.title },
      author_id: post.authorId,
      author_email: author?.email ?? null,
      reports: reasons
        .filter((report) => report.postId === post.id)
        .map((report) => ({ reason: report.reason, at: report.createdAt.toISOString() })),
    };
  };
  const unanswered = await deps.db
    .select({ id: communityThreads.id, title: communityThreads.title, lessonId: communityThreads.lessonId, at: communityThreads.createdAt })
    .from(communityThreads)
    .where(
      and(
        sql`${communityThreads.lessonId} is not null`,
        isNull(communityThreads.answerPostId),
        sql`not exists (select 1 from ${communityPosts} p where p.thread_id = ${communityThreads.id} and p.by_instructor and p.status = 'published')`,
      ),
    )
    .orderBy(asc(communityThreads.createdAt));
  const settings = await readSettings(deps.db);
  return {
    waiting: waiting.map(entry),
    reported: reported.map(entry),
    unanswered_questions: unanswered.map((row) => ({
      thread_id: row.id,
      title: row.title,
      lesson_id: row.lessonId!,
      asked_at: row.at.toISOString(),
    })),
    settings: { approve_first_posts: settings.approveFirstPosts, report_threshold: settings.reportThreshold },
    topics: await listTopics(deps, instructor),
  };
}

async function changeStatus(
  deps: CommunityDeps,
  postId: number,
  status: "published" | "hidden" | "removed",
  actor: Actor,
  summary: (title: string) => string,
) {
  const { post, thread } = await postWithThread(deps, postId);
  const now = deps.clock.now();
  // An approved post is published now: those following its conversation hear of it as of any reply.
  const approved = status === "published" && post.status === "pending";
  const mayRead = approved ? await followersWhoMayRead(deps, thread.id, post.authorId) : [];
  await deps.db.transaction(async (tx) => {
    await tx
      .update(communityPosts)
      .set(status === "removed" ? { status, body: "", bodyHtml: "", contentNote: null } : { status })
      .where(eq(communityPosts.id, post.id));
    // Reviewed: the reports so far are settled, and new ones count afresh.
    await tx
      .update(communityReports)
      .set({ reviewedAt: now })
      .where(and(eq(communityReports.postId, post.id), isNull(communityReports.reviewedAt)));
    if (approved) await afterPublished(tx, { ...post, status }, now, mayRead);
    await recordActivity(tx, actor, "community", summary(thread.title));
    await publishLive(tx, threadChanged(thread.id));
  });
  emitLive(threadChanged(thread.id));
  return { post, thread };
}

export async function approvePost(deps: CommunityDeps, postId: number, actor: Actor) {
  const { post } = await postWithThread(deps, postId);
  if (post.status !== "pending") throw new HttpError(409, "This post is not waiting for approval.");
  await changeStatus(deps, postId, "published", actor, (title) => `Approved a post in “${title}”.`);
  return { message: "Approved: everyone can read it now." };
}

/** Declines a waiting post; its author is told, with her sentence when she wrote one. */
export async function declinePost(deps: CommunityDeps, postId: number, message: string, actor: Actor, mail: MailContext) {
  const { post, thread } = await postWithThread(deps, postId);
  if (post.status !== "pending") throw new HttpError(409, "This post is not waiting for approval.");
  await changeStatus(deps, postId, "removed", actor, (title) => `Declined a post in “${title}”.`);
  const author = post.authorId === null ? undefined : await findUserById(deps.db, post.authorId);
  if (author) {
    // Her own language, else the one the studio's request was made in.
    const language = recipientLanguage(author.language, mail);
    const i18n = translatorFor(language);
    await queueMail(
      deps.db,
      composeMail(
        "community_declined",
        author.email,
        i18n._("About your post in “{title}”", { title: thread.title }),
        { ...mail, language },
        [
          greeting(author.firstName, language),
          i18n._("Your doula read your post in “{title}” and did not publish it.", { title: thread.title }),
          ...(message ? [message] : []),
          i18n._("If you would like to talk about it, reply to this mail or write from the Support page."),
        ],
      ),
    );
  }
  return { message: author ? "Declined; she was told by mail." : "Declined." };
}

export const hidePost = async (deps: CommunityDeps, postId: number, actor: Actor) => {
  await changeStatus(deps, postId, "hidden", actor, (title) => `Hid a post in “${title}”.`);
  return { message: "Hidden: only its author and you can see it." };
};

export const restorePost = async (deps: CommunityDeps, postId: number, actor: Actor) => {
  const { post } = await postWithThread(deps, postId);
  if (post.status === "removed") throw new HttpError(409, "A deleted post cannot be restored.");
  await changeStatus(deps, postId, "published", actor, (title) => `Restored a post in “${title}”.`);
  return { message: "Restored: everyone can read it again." };
};

export const deletePostAsInstructor = async (deps: CommunityDeps, postId: number, actor: Actor) => {
  await changeStatus(deps, postId, "removed", actor, (title) => `Deleted a post in “${title}”.`);
  return { message: "Deleted." };
};

export async function setThreadFlags(deps: CommunityDeps, threadId: number, flags: { pinned?: boolean; locked?: boolean }, actor: Actor) {
  const [thread] = await deps.db.select().from(communityThreads).where(eq(communityThreads.id, threadId));
  if (!thread) throw new HttpError(404, "That conversation does not exist.");
  await deps.db.transaction(async (tx) => {
    await tx.update(communityThreads).set(flags).where(eq(communityThreads.id, threadId));
    const said = [
      flags.pinned === undefined ? null : flags.pinned ? "pinned" : "unpinned",
      flags.locked === undefined ? null : flags.locked ? "closed" : "reopened",
    ].filter(Boolean);
    await recordActivity(
      tx,
      actor,
      "community",
      `${said.join(" and ")} “${thread.title}”.`.replace(/^./, (first) => first.toUpperCase()),
    );
    await publishLive(tx, threadChanged(threadId));
  });
  emitLive(threadChanged(threadId));
  return { message: "Saved." };
}

/** Marks her reply as the answer to a question (or none). */
export async function markAnswer(deps: CommunityDeps, threadId: number, postId: number | null, actor: Actor) {
  const [thread] = await deps.db.select().from(communityThreads).where(eq(communityThreads.id, threadId));
  if (!thread) throw new HttpError(404, "That conversation does not exist.");
  if (postId !== null) {
    const [post] = await deps.db
      .select()
      .from(communityPosts)
      .where(and(eq(communityPosts.id, postId), eq(communityPosts.threadId, threadId)));
    if (!post || post.status !== "published") throw new HttpError(404, "That reply is not in this conversation.");
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(communityThreads).set({ answerPostId: postId }).where(eq(communityThreads.id, threadId));
    await recordActivity(
      tx,
      actor,
      "community",
      postId === null ? `Unmarked the answer in “${thread.title}”.` : `Marked the answer in “${thread.title}”.`,
    );
    await publishLive(tx, threadChanged(threadId));
  });
  emitLive(threadChanged(threadId));
  return { message: postId === null ? "No reply is marked as the answer now." : "Marked as the answer." };
}

export async function muteMember(deps: CommunityDeps, userId: number, length: "day" | "week" | "until_lifted" | "lift", actor: Actor) {
  const member = await findUserById(deps.db, userId);
  if (!member) throw new HttpError(404, "That member does not exist.");
  const now = deps.clock.now();
  const until =
    length === "lift" ? null : length === "until_lifted" ? UNTIL_LIFTED : new Date(now.getTime() + (length === "day" ? DAY : 7 * DAY));
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(communityMembers)
      .values({ userId, mutedUntil: until })
      .onConflictDoUpdate({ target: communityMembers.userId, set: { mutedUntil: until } });
    const words = { day: "for a day", week: "for a week", until_lifted: "until lifted", lift: "" }[length];
    await recordActivity(
      tx,
      actor,
      "community",
      length === "lift" ? `Let ${member.email} post again.` : `Paused ${member.email}'s posting ${words}.`,
    );
  });
  return { message: length === "lift" ? "She can post again." : "Paused: she can still read everything." };
}

export async function saveSettings(deps: CommunityDeps, settings: CommunitySettings, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const values = { approveFirstPosts: settings.approve_first_posts, reportThreshold: settings.report_threshold };
    await tx
      .insert(communitySettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: communitySettings.id, set: values });
    await recordActivity(
      tx,
      actor,
      "community",
      `Set the community to approve ${settings.approve_first_posts} first post(s) and to hide a post at ${settings.report_threshold} report(s).`,
    );
  });
  return { message: "Saved." };
}

export async function createTopic(
  deps: CommunityDeps,
  input: { title: string; description: string; course_id: number | null },
  actor: Actor,
) {
  if (input.course_id !== null && !(await deps.catalogue.allCourses()).some((course) => course.id === input.course_id)) {
    throw new HttpError(400, "That course does not exist.", { course_id: "Choose one of your courses, or none." });
  }
  return deps.db.transaction(async (tx) => {
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${communityTopics.position}), 0) + 1`.mapWith(Number) })
      .from(communityTopics)) as [{ next: number }];
    const [topic] = await tx
      .insert(communityTopics)
      .values({ title: input.title, description: input.description, courseId: input.course_id, position: next })
      .returning({ id: communityTopics.id });
    await recordActivity(tx, actor, "community", `Created the topic “${input.title}”.`);
    return { id: topic!.id, message: answerWith("Created “{title}”.", { title: input.title }) };
  });
}
