import { answerWith } from "../../../contract/languages.ts";
import { liveEvents } from "../db/live-events.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import type { FastifyInstance } from "fastify";
import { acceptAnyBody } from "../http/any-body.ts";
import { type Actor } from "../activity/activity-repository.ts";
import type { FastifyRequest } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { liveStreams } from "../http/live-stream.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import type { MailContext } from "../mail/mail-templates.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import { sendReplyDigests } from "./community-mails.ts";
import {
  approvePost,
  createTopic,
  declinePost,
  deletePostAsInstructor,
  hidePost,
  markAnswer,
  moderationQueue,
  muteMember,
  restorePost,
  saveSettings,
  setThreadFlags,
} from "./community-moderation.ts";
import {
  type CommunityDeps,
  deleteOwnPost,
  editPost,
  heartPost,
  lessonQuestions,
  listTopics,
  postsAfter,
  readProfile,
  readThread,
  reply,
  reportPost,
  saveProfile,
  startThread,
  threadChanged,
  threadFollowers,
  threadStream,
  topicThreads,
  unsubscribeThread,
} from "./community-repository.ts";

export type CommunityOptions = CommunityDeps & { mail: MailContext; sender: MailSender; siteLanguage: SiteLanguage };

/** The mail context of the digests: a reader who chose no language reads the site's. */
const digestContext = async ({ mail, siteLanguage }: CommunityOptions): Promise<MailContext> => ({
  ...mail,
  language: await siteLanguage.current(),
});

/** The community's timed work: the reply digests, every minute on every server (each digest is claimed in the database). */
export const replyDigestWork = (options: CommunityOptions): TimedWork => ({
  name: "community: reply digests",
  everyMs: 60_000,
  run: async () => {
    if ((await sendReplyDigests(options.db, options.clock.now(), await digestContext(options))) > 0) options.sender.wake();
  },
});

/** The community for members: topics, conversations, lesson questions, her settings, and each conversation's live stream. */
export async function communityRoutes(app: FastifyInstance, options: CommunityOptions) {
  const deps: CommunityDeps = options;
  // The mothers' own space: a partner's account (partners/) has the courses for partners, not their
  // conversations; its entries' access ("mother") refuses him before anything else.
  route(app, "communityTopics", async (_input, request) => ({ topics: await listTopics(deps, requireMember(request)) }));
  route(app, "topicThreads", async ({ params: { id }, query: { page, q } }, request) =>
    topicThreads(deps, requireMember(request), id, page, q),
  );
  route(app, "startThread", async ({ params: { id }, body }, request) => startThread(deps, requireMember(request), { topicId: id }, body));
  route(app, "communityThread", async ({ params: { id } }, request) => readThread(deps, requireMember(request), id));
  route(app, "replyToThread", async ({ params: { id }, body }, request) => {
    const written = await reply(deps, requireMember(request), id, body);
    // The first reply in an hour is mailed at once; the rest wait for the hourly digest.
    if (written.status === "published") {
      void digestContext(options)
        .then((context) => sendReplyDigests(options.db, options.clock.now(), context))
        .then((sent) => sent > 0 && options.sender.wake())
        .catch((error: unknown) => request.log.warn({ err: error }, "community: a reply mail could not be queued; the minute's run will"));
    }
    return written;
  });
  route(app, "editPost", async ({ params: { id }, body }, request) => editPost(deps, requireMember(request), id, body.body));
  route(app, "deleteOwnPost", async ({ params: { id } }, request) => deleteOwnPost(deps, requireMember(request), id));
  route(app, "heartPost", async ({ params: { id }, body }, request) => heartPost(deps, requireMember(request), id, body.on));
  route(app, "reportPost", async ({ params: { id }, body }, request) => reportPost(deps, requireMember(request), id, body.reason));
  route(app, "lessonQuestions", async ({ params: { lessonId } }, request) => lessonQuestions(deps, requireMember(request), lessonId));
  route(app, "askLessonQuestion", async ({ params: { lessonId }, body }, request) =>
    startThread(deps, requireMember(request), { lessonId }, body),
  );
  route(app, "communityProfile", async (_input, request) => readProfile(deps, requireMember(request)));
  route(app, "saveCommunityProfile", async ({ body }, request) => saveProfile(deps, requireMember(request), body));
  await liveThreads(app, deps);
  await app.register(oneClickUnsubscribe, { db: options.db });
}

/**
 * A conversation's Server-Sent Events: its new posts as they are written on any app server (the
 * change listener's NOTIFY, db/live-events.ts), and "changed" when a post is edited, hidden or
 * approved. A reconnecting browser sends Last-Event-ID, the last post id it has, and gets what it missed.
 */
async function liveThreads(app: FastifyInstance, deps: CommunityDeps) {
  const openStream = liveStreams(app);
  // Registered before any stream opens, so it hears each change before the streams read it.
  const followers = threadFollowers(deps);
  liveEvents.on("changed", followers.changed);
  app.addHook("onClose", async () => void liveEvents.off("changed", followers.changed));
  route(app, "threadEvents", async ({ params: { id }, query: { after } }, request, reply) => {
    const viewer = requireMember(request);
    const resumed = Number(request.headers["last-event-id"]);
    let last = Number.isSafeInteger(resumed) && resumed > 0 ? resumed : (after ?? 0);
    // Asked before the stream opens, so a conversation she may not see is a plain 404.
    const missed = await postsAfter(deps, viewer, id, last);
    const sendPosts = (write: (text: string) => void, posts: { id: number }[]) => {
      if (posts.length === 0) return;
      last = Math.max(last, ...posts.map((post) => post.id));
      write(`id: ${last}\nevent: posts\ndata: ${JSON.stringify({ posts })}\n\n`);
    };
    reply.raw.on(
      "close",
      followers.follow(id, () => last),
    );
    return openStream(request, reply, {
      first: (write) => sendPosts(write, missed.posts),
      hears: (stream) => stream === threadStream(id),
      // She may have lost access meanwhile (a course closed, the conversation deleted): postsAfter
      // then throws, the stream says "changed", and her page reads the conversation again.
      refresh: async (write) => sendPosts(write, (await followers.postsAfter(viewer, id, last)).posts),
      staleOn: (stream) => stream === threadChanged(id),
    });
  });
}

/** The one-click unsubscribe (RFC 8058; http/any-body.ts): any body, no sign-in; the token in its address is the proof. */
async function oneClickUnsubscribe(app: FastifyInstance, { db }: Pick<CommunityDeps, "db">) {
  acceptAnyBody(app);
  route(
    app,
    "unsubscribeThread",
    async ({ params: { token } }) => {
      const stopped = await unsubscribeThread(db, token);
      if (!stopped) throw new HttpError(404, "This unsubscribe link is not known here. The conversation may have been removed.");
      return {
        message: answerWith("No more mail about “{title}”. Other conversations you follow still write to you.", { title: stopped.title }),
      };
    },
    { sameOriginExemption: "signed-by-caller" },
  );
}

// The studio's guard (its manifest puts these behind it) has already refused anyone but an instructor.
const actorOf = (request: FastifyRequest): Actor => ({ userId: request.member!.id, label: request.member!.email });

/** The community's moderation in the studio. */
export async function communityStudioRoutes(app: FastifyInstance, options: CommunityOptions) {
  const deps: CommunityDeps = options;
  route(app, "communityQueue", async (_input, request) => moderationQueue(deps, request.member!));
  route(app, "createTopic", async ({ body }, request) => createTopic(deps, body, actorOf(request)));
  route(app, "saveCommunitySettings", async ({ body }, request) => saveSettings(deps, body, actorOf(request)));
  route(app, "approvePost", async ({ params: { id } }, request) => approvePost(deps, id, actorOf(request)));
  route(app, "declinePost", async ({ params: { id }, body }, request) => {
    const answer = await declinePost(deps, id, body.message, actorOf(request), { ...options.mail, language: request.language });
    options.sender.wake();
    return answer;
  });
  route(app, "hidePost", async ({ params: { id } }, request) => hidePost(deps, id, actorOf(request)));
  route(app, "restorePost", async ({ params: { id } }, request) => restorePost(deps, id, actorOf(request)));
  route(app, "deletePostInStudio", async ({ params: { id } }, request) => deletePostAsInstructor(deps, id, actorOf(request)));
  route(app, "setThreadFlags", async ({ params: { id }, body }, request) => setThreadFlags(deps, id, body, actorOf(request)));
  route(app, "markAnswer", async ({ params: { id }, body }, request) => markAnswer(deps, id, body.post_id, actorOf(request)));
  route(app, "muteMember", async ({ body }, request) => muteMember(deps, body.user_id, body.for, actorOf(request)));
}
