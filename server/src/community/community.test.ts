import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { movableClock } from "../lib/clock.ts";
import { lessons, modules } from "../catalogue/catalogue-schema.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { users } from "../accounts/accounts-schema.ts";
import { communityNotices } from "./community-schema.ts";
import { sendReplyDigests } from "./community-mails.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

const START = new Date("2027-05-03T09:00:00Z");
const MINUTE = 60_000;
type Member = { email: string; cookie: string };

// docs/product.md, Community: topics and conversations, questions under lessons, a gentle moderation.
describe.each(backends)("the community on %s", (backend) => {
  let context: TestApp;
  let app: FastifyInstance;
  let instructor: Member;
  const clock = movableClock(START);
  let openCourse: number;
  let lockedCourse: number;
  let openLesson: number;
  let lockedLesson: number;

  beforeAll(async () => {
    context = await createTestApp(backend, { clock, startMailSender: false });
    app = context.app;
    instructor = await signedInInstructor(app, context.database.db, "community-instructor");
    const member = await signedInMember(app, "community-probe");
    const access = (await post("/reactapi/getuseraccessdata", { query: "" }, member.cookie)).json().accessible_course_ids as number[];
    const courses = (await app.inject({ method: "GET", url: "/reactapi/getcourses", headers: { cookie: member.cookie } })).json()
      .courses as {
      id: number;
    }[];
    openCourse = access[0]!;
    lockedCourse = courses.find((course) => !access.includes(course.id))!.id;
    const lessonsOf = async (courseId: number) =>
      (
        await context.database.db
          .select({ id: lessons.id })
          .from(lessons)
          .innerJoin(modules, eq(modules.id, lessons.moduleId))
          .where(eq(modules.courseId, courseId))
          .orderBy(asc(lessons.id))
      ).map((row) => row.id);
    openLesson = (await lessonsOf(openCourse))[0]!;
    // A locked course's first lessons may be its preview: its last one is not.
    lockedLesson = (await lessonsOf(lockedCourse)).at(-1)!;
    // Most tests want posts published at once; the approval test sets this back.
    await settings(0, 3);
  });
  afterAll(() => context.close());
  beforeEach(() => clock.set(START));

  function post(url: string, payload: unknown, cookie?: string) {
    return app.inject({
      method: "POST",
      url,
      headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  }
  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const studio = (url: string, payload: unknown) => post(`/reactapi/studio/community${url}`, payload, instructor.cookie);
  async function settings(approve: number, threshold: number) {
    expect((await studio("/settings", { approve_first_posts: approve, report_threshold: threshold })).statusCode).toBe(200);
  }
  async function topic(title: string, courseId: number | null = null): Promise<number> {
    const created = await studio("/topics", { title, course_id: courseId });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id;
  }
  async function thread(
    topicId: number,
    who: Member,
    body = "Is it normal to feel this tired at 30 weeks?",
    extra: Record<string, unknown> = {},
  ) {
    const started = await post(`/reactapi/community/topics/${topicId}/threads`, { title: "Tired", body, ...extra }, who.cookie);
    expect(started.statusCode, started.body).toBe(201);
    return started.json() as { id: number; status: string };
  }
  const readThread = async (id: number, who: Member) => get(`/reactapi/community/threads/${id}`, who.cookie);
  const postsOf = async (id: number, who: Member) =>
    (await readThread(id, who)).json().posts as {
      id: number;
      body_html: string;
      status: string;
      author: string;
      content_note: string | null;
    }[];

  it("shows nothing to a visitor, and a course's topic only to those who may open the course", async () => {
    const general = await topic("Introduce yourself");
    const forLocked = await topic("Pushing circle", lockedCourse);
    const forOpen = await topic("Course circle", openCourse);
    expect((await get("/reactapi/community/topics")).statusCode).toBe(401);
    expect((await get(`/reactapi/community/topics/${general}/threads`)).statusCode).toBe(401);
    const member = await signedInMember(app, "topics");
    const listed = ((await get("/reactapi/community/topics", member.cookie)).json().topics as { id: number }[]).map((entry) => entry.id);
    expect(listed).toEqual(expect.arrayContaining([general, forOpen]));
    expect(listed).not.toContain(forLocked);
    expect((await get(`/reactapi/community/topics/${forLocked}/threads`, member.cookie)).statusCode).toBe(404);
    expect((await post(`/reactapi/community/topics/${forLocked}/threads`, { title: "x", body: "y" }, member.cookie)).statusCode).toBe(404);
    const hers = await thread(forLocked, instructor);
    expect((await readThread(hers.id, member)).statusCode).toBe(404);
    expect((await get(`/reactapi/community/threads/${hers.id}/events`, member.cookie)).statusCode).toBe(404);
    expect((await get(`/reactapi/community/lessons/${lockedLesson}`, member.cookie)).statusCode).toBe(404);
  });

  it("holds a new member's first post for approval, shown to her as waiting and to no one else, until the instructor approves it", async () => {
    await settings(1, 3);
    try {
      const topicId = await topic("Third trimester");
      const [newcomer, other] = await Promise.all([signedInMember(app, "newcomer"), signedInMember(app, "reader")]);
      const first = await thread(topicId, newcomer);
      expect(first.status).toBe("pending");
      expect((await readThread(first.id, newcomer)).json().posts[0].status).toBe("pending");
      expect((await readThread(first.id, other)).statusCode).toBe(404);
      const listing = (await get(`/reactapi/community/topics/${topicId}/threads`, other.cookie)).json().threads as unknown[];
      expect(listing).toHaveLength(0);
      const queue = (await get("/reactapi/studio/community/queue", instructor.cookie)).json();
      const waiting = (queue.waiting as { post: { id: number }; thread: { id: number } }[]).find((entry) => entry.thread.id === first.id)!;
      expect(waiting).toBeDefined();
      expect((await studio(`/posts/${waiting.post.id}/approve`, {})).statusCode).toBe(200);
      expect((await readThread(first.id, other)).statusCode).toBe(200);
      // Her next post is published at once.
      expect(
        (await post(`/reactapi/community/threads/${first.id}/replies`, { body: "Thank you all." }, newcomer.cookie)).json().status,
      ).toBe("published");
      const declined = await thread(topicId, other);
      const otherWaiting = (
        (await get("/reactapi/studio/community/queue", instructor.cookie)).json().waiting as {
          post: { id: number };
          thread: { id: number };
        }[]
      ).find((entry) => entry.thread.id === declined.id)!;
      expect((await studio(`/posts/${otherWaiting.post.id}/decline`, { message: "Please ask this in the Q&A instead." })).statusCode).toBe(
        200,
      );
      const [mail] = await context.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, other.email), eq(mailOutbox.kind, "community_declined")));
      expect(mail!.textBody).toContain("Please ask this in the Q&A instead.");
    } finally {
      await settings(0, 3);
    }
  });

  it("hides a post reported by three different members (one member's reports count once) until the instructor restores it", async () => {
    const topicId = await topic("After the birth");
    const [author, a, b, c] = await Promise.all(["author", "rep-a", "rep-b", "rep-c"].map((prefix) => signedInMember(app, prefix)));
    const { id } = await thread(topicId, author!);
    const postId = (await postsOf(id, a!))[0]!.id;
    const report = (who: Member) => post(`/reactapi/community/posts/${postId}/report`, { reason: "This frightened me." }, who.cookie);
    expect((await report(author!)).statusCode).toBe(409);
    expect((await report(a!)).statusCode).toBe(200);
    expect((await report(a!)).statusCode).toBe(200);
    expect((await report(b!)).statusCode).toBe(200);
    expect((await readThread(id, c!)).statusCode).toBe(200);
    expect((await report(c!)).statusCode).toBe(200);
    expect((await readThread(id, c!)).statusCode).toBe(404);
    expect((await postsOf(id, author!))[0]!.status).toBe("hidden");
    const queue = (await get("/reactapi/studio/community/queue", instructor.cookie)).json();
    const reported = (queue.reported as { post: { id: number }; reports: { reason: string }[] }[]).find(
      (entry) => entry.post.id === postId,
    )!;
    expect(reported.reports).toHaveLength(3);
    expect((await studio(`/posts/${postId}/restore`, {})).statusCode).toBe(200);
    expect((await readThread(id, c!)).statusCode).toBe(200);
  });

  it("slows a member to 5 posts in 10 minutes, pauses a muted member calmly, and keeps a closed conversation closed", async () => {
    const topicId = await topic("Questions");
    const [writer, muted] = await Promise.all([signedInMember(app, "writer"), signedInMember(app, "muted")]);
    const { id } = await thread(topicId, writer);
    for (let index = 0; index < 4; index += 1) {
      expect((await post(`/reactapi/community/threads/${id}/replies`, { body: `More ${index}` }, writer.cookie)).statusCode).toBe(201);
    }
    const slowed = await post(`/reactapi/community/threads/${id}/replies`, { body: "One more" }, writer.cookie);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toContain("take a breath");
    clock.advance(11 * MINUTE);
    expect((await post(`/reactapi/community/threads/${id}/replies`, { body: "Later" }, writer.cookie)).statusCode).toBe(201);

    const mutedId = (await get("/reactapi/users/me", muted.cookie)).json().id as number;
    const before = await post(`/reactapi/community/threads/${id}/replies`, { body: "Before the pause" }, muted.cookie);
    expect(before.statusCode).toBe(201);
    expect((await studio("/mute", { user_id: mutedId, for: "day" })).statusCode).toBe(200);
    const refused = await post(`/reactapi/community/threads/${id}/replies`, { body: "Hello" }, muted.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toContain("You can still read everything here.");
    // Nor may she change what she wrote while paused.
    const edit = await post(`/reactapi/community/posts/${before.json().id}/edit`, { body: "Changed while paused" }, muted.cookie);
    expect(edit.statusCode).toBe(403);
    expect(JSON.stringify((await readThread(id, muted)).json())).not.toContain("Changed while paused");
    expect((await readThread(id, muted)).statusCode).toBe(200);
    clock.advance(25 * 60 * MINUTE);
    expect((await post(`/reactapi/community/threads/${id}/replies`, { body: "Hello again" }, muted.cookie)).statusCode).toBe(201);

    expect((await studio(`/threads/${id}`, { locked: true })).statusCode).toBe(200);
    const closed = await post(`/reactapi/community/threads/${id}/replies`, { body: "Too late" }, muted.cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe("This conversation is closed to new replies.");
  });

  it("lets her edit her post for 15 minutes, then not; and delete it, leaving the others' replies", async () => {
    const topicId = await topic("Feeding");
    const [author, other] = await Promise.all([signedInMember(app, "editor"), signedInMember(app, "replier")]);
    const { id } = await thread(topicId, author, "First words");
    const postId = (await postsOf(id, author))[0]!.id;
    clock.advance(14 * MINUTE);
    expect((await post(`/reactapi/community/posts/${postId}/edit`, { body: "Better **words**" }, author.cookie)).statusCode).toBe(200);
    const edited = (await readThread(id, other)).json().posts[0];
    expect(edited).toMatchObject({ body_html: "<p>Better <strong>words</strong></p>", edited: true });
    expect(edited.editable_until).toBeUndefined();
    expect((await post(`/reactapi/community/posts/${postId}/edit`, { body: "Not mine" }, other.cookie)).statusCode).toBe(404);
    clock.advance(2 * MINUTE);
    expect((await post(`/reactapi/community/posts/${postId}/edit`, { body: "Too late" }, author.cookie)).statusCode).toBe(409);
    await post(`/reactapi/community/threads/${id}/replies`, { body: "Same here." }, other.cookie);
    expect((await post(`/reactapi/community/posts/${postId}/delete`, {}, author.cookie)).statusCode).toBe(200);
    const after = await postsOf(id, other);
    expect(after[0]).toMatchObject({ status: "removed", body_html: "<p>A post removed by its author.</p>", author: "" });
    expect(after[1]!.body_html).toBe("<p>Same here.</p>");
  });

  it("keeps a content note on a post, shows the instructor's badge, and marks her reply as the answer to a lesson question", async () => {
    const member = await signedInMember(app, "asker");
    const asked = await post(
      `/reactapi/community/lessons/${openLesson}`,
      { title: "About the video at 3:00", body: "Is this what happened to me?", content_note: "birth trauma" },
      member.cookie,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    expect(
      (await post(`/reactapi/community/lessons/${openLesson}`, { title: "x", body: "y", content_note: "Not a note" }, member.cookie)).json()
        .details.content_note,
    ).toBe("Choose a content note from the list.");
    const threadId = asked.json().id as number;
    const queue = (await get("/reactapi/studio/community/queue", instructor.cookie)).json();
    expect((queue.unanswered_questions as { thread_id: number }[]).map((entry) => entry.thread_id)).toContain(threadId);
    const answer = await post(
      `/reactapi/community/threads/${threadId}/replies`,
      { body: "It may well be. Let us talk." },
      instructor.cookie,
    );
    expect((await studio(`/threads/${threadId}/answer`, { post_id: answer.json().id })).statusCode).toBe(200);
    const [question] = (await get(`/reactapi/community/lessons/${openLesson}`, member.cookie)).json().threads as {
      id: number;
      answer_post_id: number;
      posts: { content_note: string | null; by_instructor: boolean }[];
    }[];
    expect(question).toMatchObject({ id: threadId, answer_post_id: answer.json().id });
    expect(question!.posts[0]!.content_note).toBe("Birth trauma");
    expect(question!.posts[1]!.by_instructor).toBe(true);
    const after = (await get("/reactapi/studio/community/queue", instructor.cookie)).json();
    expect((after.unanswered_questions as { thread_id: number }[]).map((entry) => entry.thread_id)).not.toContain(threadId);
  });

  it("mails one digest per conversation per hour to the people following it, and stops with its one-click link, no sign-in", async () => {
    const topicId = await topic("Sleep");
    const [asker, helper] = await Promise.all([signedInMember(app, "digest-asker"), signedInMember(app, "digest-helper")]);
    const { id } = await thread(topicId, asker);
    const mail = { practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth" }), publicUrl: "https://courses.example" };
    const digestsTo = (address: string) =>
      context.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, "community_replies")))
        .orderBy(asc(mailOutbox.id));
    // The first reply is mailed at once…
    await post(`/reactapi/community/threads/${id}/replies`, { body: "Try a warm bath." }, helper.cookie);
    for (let tries = 0; (await digestsTo(asker.email)).length === 0 && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const [first] = await digestsTo(asker.email);
    expect(first!.subject).toBe("A reply in “Tired”");
    expect(first!.textBody).toContain("Try a warm bath.");
    // …the next ones wait for the hour, and come together, once, whichever server runs first.
    clock.advance(MINUTE);
    await post(`/reactapi/community/threads/${id}/replies`, { body: "And a walk." }, helper.cookie);
    clock.advance(10 * MINUTE);
    await post(`/reactapi/community/threads/${id}/replies`, { body: "Or music." }, helper.cookie);
    await sendReplyDigests(context.database.db, clock.now(), mail);
    expect(await digestsTo(asker.email)).toHaveLength(1);
    expect(await digestsTo(helper.email)).toHaveLength(0);
    clock.advance(50 * MINUTE);
    await Promise.all([sendReplyDigests(context.database.db, clock.now(), mail), sendReplyDigests(context.database.db, clock.now(), mail)]);
    const digests = await digestsTo(asker.email);
    expect(digests).toHaveLength(2);
    expect(digests[1]!.subject).toBe("2 replies in “Tired”");
    expect(digests[1]!.textBody).toContain("And a walk.");
    expect(digests[1]!.textBody).toContain("Or music.");

    const oneClick = /<([^>]+)>/.exec(digests[1]!.headers!["List-Unsubscribe"]!)![1]!;
    const stopped = await app.inject({
      method: "POST",
      url: new URL(oneClick).pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    clock.advance(2 * 60 * MINUTE);
    await post(`/reactapi/community/threads/${id}/replies`, { body: "Goodnight." }, helper.cookie);
    await sendReplyDigests(context.database.db, clock.now(), mail);
    expect(await digestsTo(asker.email)).toHaveLength(2);
  });

  it("tells the conversation's followers of a reply when the doula approves it, not while it waits", async () => {
    await settings(1, 3);
    try {
      const topicId = await topic("Waiting replies");
      const { id } = await thread(topicId, instructor, "How are your nights going?");
      const newcomer = await signedInMember(app, "approved-reply");
      const written = await post(
        `/reactapi/community/threads/${id}/replies`,
        { body: "Better with a pillow between my knees." },
        newcomer.cookie,
      );
      expect(written.json().status).toBe("pending");
      const mail = {
        practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth" }),
        publicUrl: "https://courses.example",
      };
      const toDoula = async () =>
        (
          await context.database.db
            .select({ text: mailOutbox.textBody })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.toAddress, instructor.email), eq(mailOutbox.kind, "community_replies")))
        )
          .map((row) => row.text)
          .join();
      await sendReplyDigests(context.database.db, clock.now(), mail);
      expect(await toDoula()).not.toContain("pillow between my knees");
      const queue = (await get("/reactapi/studio/community/queue", instructor.cookie)).json();
      const waiting = (queue.waiting as { post: { id: number }; thread: { id: number } }[]).find((entry) => entry.thread.id === id)!;
      expect((await studio(`/posts/${waiting.post.id}/approve`, {})).statusCode).toBe(200);
      await sendReplyDigests(context.database.db, clock.now(), mail);
      expect(await toDoula()).toContain("pillow between my knees");
    } finally {
      await settings(0, 3);
    }
  });

  it("tells of a reply only the followers who may still read the conversation: one whose course closed hears nothing", async () => {
    const topicId = await topic("Payers' circle", lockedCourse);
    const [staying, leaving] = await Promise.all([signedInMember(app, "circle-staying"), signedInMember(app, "circle-leaving")]);
    const idOf = async (email: string) =>
      (await context.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const course = async (email: string, change: "grant" | "revoke") =>
      (await post(`/reactapi/studio/members/${await idOf(email)}/courses/${lockedCourse}/${change}`, {}, instructor.cookie)).statusCode;
    for (const member of [staying, leaving]) expect(await course(member.email, "grant")).toBe(200);
    const { id } = await thread(topicId, instructor, "What helped you most in the last weeks?");
    // One after the other: she follows the conversation from her reply, and no reply has come since.
    for (const member of [staying, leaving])
      expect((await post(`/reactapi/community/threads/${id}/replies`, { body: "Walking, every day." }, member.cookie)).statusCode).toBe(
        201,
      );
    expect(await course(leaving.email, "revoke")).toBe(200);
    expect((await readThread(id, leaving)).statusCode).toBe(404);

    clock.advance(2 * 60 * MINUTE);
    await post(`/reactapi/community/threads/${id}/replies`, { body: "Thank you both: rest when you can." }, instructor.cookie);
    const digestsTo = async (address: string) =>
      (
        await context.database.db
          .select({ text: mailOutbox.textBody })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, "community_replies")))
      ).map((mail) => mail.text);
    // The reply is mailed at once to those who may read it (the reply's own request queues the digest).
    for (let tries = 0; !(await digestsTo(staying.email)).some((text) => text.includes("rest when you can")) && tries < 100; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await digestsTo(staying.email)).some((text) => text.includes("rest when you can"))).toBe(true);
    await sendReplyDigests(context.database.db, clock.now(), {
      practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth" }),
      publicUrl: "https://courses.example",
    });
    expect((await digestsTo(leaving.email)).join()).not.toContain("rest when you can");
    // Nothing waits for her digest, and her devices were not told.
    const herNotice = await context.database.db
      .select({ pendingSince: communityNotices.pendingSince, lastPushedAt: communityNotices.lastPushedAt })
      .from(communityNotices)
      .where(and(eq(communityNotices.threadId, id), eq(communityNotices.userId, await idOf(leaving.email))));
    expect(herNotice).toEqual([{ pendingSince: null, lastPushedAt: null }]);
  });

  it("puts her posts in her download, and deleting her account removes her words but keeps the conversation for the others", async () => {
    const topicId = await topic("Goodbyes");
    const [leaving, staying] = await Promise.all([signedInMember(app, "leaving"), signedInMember(app, "staying")]);
    const { id } = await thread(topicId, leaving, "My story, in my words.", { title: "Leaving in my own words" });
    await post(`/reactapi/community/threads/${id}/replies`, { body: "Thank you for sharing." }, staying.cookie);
    const download = await get("/reactapi/account/export", leaving.cookie);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.body).toContain("My story, in my words.");
    const deleted = await post("/reactapi/account/delete", { password: "calm-Birth-2025" }, leaving.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const posts = await postsOf(id, staying);
    expect(posts[0]).toMatchObject({ status: "removed", body_html: "<p>A post removed by its author.</p>" });
    expect(posts[1]!.body_html).toBe("<p>Thank you for sharing.</p>");
    expect(JSON.stringify(posts)).not.toContain("My story");
    const titles = JSON.stringify([
      (await readThread(id, staying)).json(),
      (await get(`/reactapi/community/topics/${topicId}/threads`, staying.cookie)).json(),
    ]);
    expect(titles).not.toContain("Leaving in my own words");
    expect(titles).toContain("A conversation started by a member who has left");
  });

  it("streams a new reply to an open conversation, and resumes after the last id it had", async () => {
    const topicId = await topic("Live");
    const [reader, writer] = await Promise.all([signedInMember(app, "stream-reader"), signedInMember(app, "stream-writer")]);
    const { id } = await thread(topicId, writer);
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const controller = new AbortController();
      const stream = await fetch(`${address}/reactapi/community/threads/${id}/events?after=${(await postsOf(id, reader)).at(-1)!.id}`, {
        headers: { cookie: reader.cookie },
        signal: controller.signal,
      });
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader$ = stream.body!.getReader();
      const replied = await post(`/reactapi/community/threads/${id}/replies`, { body: "Live *hello*" }, writer.cookie);
      let text = "";
      while (!text.includes("Live <em>hello</em>")) text += new TextDecoder().decode((await reader$.read()).value);
      expect(text).toContain(`id: ${replied.json().id}`);
      controller.abort();
      const resumed = await fetch(`${address}/reactapi/community/threads/${id}/events`, {
        headers: { cookie: reader.cookie, "last-event-id": String(replied.json().id - 1) },
        signal: AbortSignal.timeout(5000),
      });
      const first = new TextDecoder().decode((await resumed.body!.getReader().read()).value);
      const more = first.includes("Live") ? first : first + new TextDecoder().decode((await resumed.body!.getReader().read()).value);
      expect(more).toContain("Live <em>hello</em>");
    } finally {
      await app.server.close();
    }
  });

  it("ends a member's open stream within 2 s of her logout, and of her account's deactivation", async () => {
    // Its own app: a Fastify instance listens once, and the conversation test above has had this one's.
    const own = await createTestApp(backend, { clock, startMailSender: false });
    try {
      const ownPost = (url: string, payload: unknown, cookie: string) =>
        own.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as Record<string, unknown> });
      const doula = await signedInInstructor(own.app, own.database.db, "stream-doula");
      const [leaving, paused] = await Promise.all(["stream-logout", "stream-paused"].map((prefix) => signedInMember(own.app, prefix)));
      const topicId = (await ownPost("/reactapi/studio/community/topics", { title: "Ending", course_id: null }, doula.cookie)).json().id;
      const started = await ownPost(`/reactapi/community/topics/${topicId}/threads`, { title: "Tired", body: "Hello" }, doula.cookie);
      const id = started.json().id as number;
      const address = await own.app.listen({ port: 0, host: "127.0.0.1" });
      const open = async (cookie: string) => {
        const stream = await fetch(`${address}/reactapi/community/threads/${id}/events`, {
          headers: { cookie },
          signal: AbortSignal.timeout(10_000),
        });
        expect(stream.status).toBe(200);
        const reader = stream.body!.getReader();
        await reader.read();
        // What arrived before the stream ended, or null when it is still open 2 s later.
        return async () => {
          const deadline = Date.now() + 2_000;
          let text = "";
          while (Date.now() < deadline) {
            const next = await Promise.race([
              reader.read(),
              new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
            ]);
            if (next === null) return null;
            if (next.done) return text;
            text += new TextDecoder().decode(next.value);
          }
          return null;
        };
      };
      const loggedOut = await open(leaving!.cookie);
      const deactivated = await open(paused!.cookie);
      expect((await own.app.inject({ url: "/reactapi/users/logout", headers: { cookie: leaving!.cookie } })).statusCode).toBe(200);
      expect(await loggedOut(), "the stream was still open 2 s after the logout").not.toBeNull();

      const pausedId = (await own.app.inject({ url: "/reactapi/users/me", headers: { cookie: paused!.cookie } })).json<{ id: number }>().id;
      expect((await ownPost(`/reactapi/studio/members/${pausedId}/deactivate`, {}, doula.cookie)).statusCode).toBe(200);
      expect(await deactivated(), "the stream was still open 2 s after the deactivation").not.toBeNull();
    } finally {
      await own.close();
    }
  });

  it("refuses a pseudonym that is the doula's name or claims her role, and keeps the others", async () => {
    const member = await signedInMember(app, "pseudonym");
    expect((await post("/reactapi/account/name", { first_name: "Sárah", last_name: "Kim" }, instructor.cookie)).statusCode).toBe(200);
    const save = (pseudonym: string) => post("/reactapi/community/me", { pseudonym, mails: true, collapsed_notes: [] }, member.cookie);
    for (const taken of [
      "Your doula",
      "the DOULA",
      "Doula Sarah",
      "Maya Ellison",
      "maya",
      "Sarah",
      "sarah k.",
      "Sarah Kim",
      "Instructor",
    ]) {
      const refused = await save(taken);
      expect(refused.statusCode, taken).toBe(400);
      expect(refused.json<{ error: string }>().error).toBe("That name belongs to your doula, or says you are one. Please choose another.");
    }
    expect((await save("Sarah-Jane")).statusCode).toBe(200);
    expect((await save("Sleepy in Leeds")).statusCode).toBe(200);
    expect((await get("/reactapi/community/me", member.cookie)).json()).toMatchObject({ pseudonym: "Sleepy in Leeds" });
  });

  it("counts each member's thank-you heart once, and lets her take it back", async () => {
    const topicId = await topic("Hearts");
    const [author, a, b] = await Promise.all(["heart-author", "heart-a", "heart-b"].map((prefix) => signedInMember(app, prefix)));
    const { id } = await thread(topicId, author!);
    const postId = (await postsOf(id, a!))[0]!.id;
    const heart = (who: Member, on: boolean) => post(`/reactapi/community/posts/${postId}/heart`, { on }, who.cookie);
    expect((await heart(a!, true)).json()).toEqual({ hearts: 1, hearted: true });
    expect((await heart(a!, true)).json()).toEqual({ hearts: 1, hearted: true });
    expect((await heart(b!, true)).json()).toEqual({ hearts: 2, hearted: true });
    expect((await heart(a!, false)).json()).toEqual({ hearts: 1, hearted: false });
    expect((await readThread(id, author!)).json().posts[0]).toMatchObject({ hearts: 1, hearted: false });
    expect((await post(`/reactapi/community/posts/${postId}/heart`, { on: true })).statusCode).toBe(401);
  });

  it("finds a conversation by a word in its posts, 20 a page", async () => {
    const topicId = await topic("Search");
    const member = await signedInMember(app, "searcher");
    await thread(topicId, member, "Colostrum came early for me");
    clock.advance(11 * MINUTE);
    await thread(topicId, member, "Nothing to see");
    const found = (await get(`/reactapi/community/topics/${topicId}/threads?q=colostrum`, member.cookie)).json();
    expect(found.total).toBe(1);
    expect((await get(`/reactapi/community/topics/${topicId}/threads?page=0`, member.cookie)).statusCode).toBe(400);
  });
});
