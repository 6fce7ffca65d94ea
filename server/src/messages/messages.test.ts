import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { mailOutbox } from "../mail/mail-schema.ts";
import { users } from "../accounts/accounts-schema.ts";
import { announcementMail } from "./messages-schema.ts";
import {
  backends,
  createTestApp,
  jsonHeaders,
  signedInInstructor,
  signedInMember,
  type TestApp,
  uniqueEmail,
} from "../../../testing/test-app.ts";

const CONTACT_EMAIL = "sarah@calmbirth.example";

// docs/studio.md: Inbox replies and Announcements.
describe.each(backends)("replies and announcements on %s", (backend) => {
  let context: TestApp;
  let instructor: string;
  beforeAll(async () => {
    context = await createTestApp(backend, {
      startMailSender: false,
      environment: { CONTACT_EMAIL, PUBLIC_URL: "https://courses.example" },
    });
    instructor = (await signedInInstructor(context.app, context.database.db, "messages-instructor")).cookie;
  });
  afterAll(() => context.close());

  const db = () => context.database.db;
  const get = (url: string, cookie?: string) => context.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload: unknown, cookie?: string) =>
    context.app.inject({
      method: "POST",
      url,
      headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  // Registering sends a welcome mail too: only the kinds this feature writes are counted.
  const mailsTo = (address: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, address), inArray(mailOutbox.kind, ["announcement", "inbox_reply"])));
  const memberDue = async (prefix: string, dueDate: string | null) => {
    const member = await signedInMember(context.app, prefix);
    if (dueDate)
      expect((await post("/reactapi/account/pacing", { due_date: dueDate, baby_arrived: false }, member.cookie)).statusCode).toBe(200);
    return member;
  };

  it("mails a reply to a visitor's contact message once, with Reply-To her address, and keeps it beside the message", async () => {
    const visitor = uniqueEmail("visitor");
    const sent = await post("/reactapi/contact/public", {
      full_name: "Ruth Visitor",
      email: visitor,
      services: ["Birth Support"],
      due_date: "2027-08-01",
      message: "Are you free for a birth in August?",
      filled_in_ms: 12_000,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json().id as number;
    const sendKey = randomUUID();
    const reply = { body: "Hello Ruth,\n\nYes, I am. Shall we talk on Thursday?", send_key: sendKey };
    const answered = await post(`/reactapi/studio/inbox/${messageId}/reply`, reply, instructor);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().message).toBe(`Sent your reply to ${visitor}. Their answer comes to ${CONTACT_EMAIL}.`);
    // A second press of Send with the same key mails nothing more.
    expect((await post(`/reactapi/studio/inbox/${messageId}/reply`, reply, instructor)).json().message).toMatch(/was sent to .* already/);
    const mails = await mailsTo(visitor);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "inbox_reply", status: "pending", headers: { "Reply-To": CONTACT_EMAIL } });
    expect(mails[0]!.textBody).toContain("Yes, I am. Shall we talk on Thursday?");
    expect(mails[0]!.textBody).toContain("> Are you free for a birth in August?");

    const inbox = (await get("/reactapi/studio/inbox?kind=contact", instructor)).json().messages as {
      id: number;
      read: boolean;
      reply_to: string;
      replies: { body: string; author: string }[];
    }[];
    const listed = inbox.find((message) => message.id === messageId)!;
    expect(listed).toMatchObject({ read: true, reply_to: visitor, replies: [{ body: reply.body, author: expect.stringContaining("@") }] });
    const activity = (await get("/reactapi/studio/activity?kind=message", instructor)).json().entries as { summary: string }[];
    expect(activity[0]!.summary).toBe(`Replied to a contact message (${visitor}).`);
  });

  it("answers a bad reply with the field's sentence, an unknown message with 404, and a member with 403", async () => {
    const empty = await post("/reactapi/studio/inbox/1/reply", { body: "   ", send_key: randomUUID() }, instructor);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual({ body: "Write your reply first." });
    expect((await post("/reactapi/studio/inbox/1/reply", { body: "Hi", send_key: "x" }, instructor)).json().details).toHaveProperty(
      "send_key",
    );
    expect((await post("/reactapi/studio/inbox/999999/reply", { body: "Hi", send_key: randomUUID() }, instructor)).statusCode).toBe(404);
    const member = await signedInMember(context.app, "reply-prier");
    expect((await post("/reactapi/studio/inbox/1/reply", { body: "Hi", send_key: randomUUID() }, member.cookie)).statusCode).toBe(403);
  });

  it("mails an announcement once to the members it names, shows it on their /home, and unsubscribes in one click without signing in", async () => {
    const march = await memberDue("due-march", "2027-03-14");
    const april = await memberDue("due-april", "2027-04-02");
    const request = {
      title: "A new class on the golden hour",
      body: "Dear ones,\n\nA new lesson is up.",
      audience: "due_month",
      due_month: "2027-03",
      send_key: randomUUID(),
    };
    const sent = await post("/reactapi/studio/announcements", request, instructor);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatch(/^Sent “A new class on the golden hour” to \d+ members?\./);
    expect((await post("/reactapi/studio/announcements", request, instructor)).json().message).toMatch(/was sent already/);
    const [mail, ...more] = await mailsTo(march.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({ kind: "announcement", subject: request.title });
    expect(mail!.headers).toMatchObject({
      "Reply-To": CONTACT_EMAIL,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "List-Unsubscribe": expect.stringMatching(/^<https:\/\/courses\.example\/reactapi\/announcements\/unsubscribe\/[a-f0-9]{64}>$/),
    });
    expect(mail!.textBody).toContain("A new lesson is up.");
    expect(await mailsTo(april.email)).toHaveLength(0);
    const home = async (cookie: string) =>
      ((await get("/reactapi/announcements", cookie)).json().announcements as { title: string }[]).map((a) => a.title);
    expect(await home(march.cookie)).toEqual([request.title]);
    expect(await home(april.cookie)).toEqual([]);

    // The mail program's one click: a form post from nowhere, no session.
    const address = mail!.headers!["List-Unsubscribe"]!.slice(1, -1).replace("https://courses.example", "");
    const unsubscribed = await context.app.inject({
      method: "POST",
      url: address,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(unsubscribed.statusCode, unsubscribed.body).toBe(200);
    expect(unsubscribed.json().message).toBe(
      `${march.email} will no longer receive announcements by e-mail. They still show on your home page.`,
    );
    const [row] = await db()
      .select({ off: announcementMail.offAt })
      .from(announcementMail)
      .innerJoin(users, eq(users.id, announcementMail.userId))
      .where(eq(users.email, march.email));
    expect(row!.off).not.toBeNull();
    expect((await post(address, {})).statusCode).toBe(200);
    expect((await post(`/reactapi/announcements/unsubscribe/${"0".repeat(64)}`, {})).statusCode).toBe(404);
    expect((await post("/reactapi/announcements/unsubscribe/not-a-token", {})).statusCode).toBe(400);

    // The next one reaches every member but her by mail; she still reads it at home.
    const everyone = await post(
      "/reactapi/studio/announcements",
      { title: "Closed for the holidays", body: "Back on the 3rd.", audience: "all", send_key: randomUUID() },
      instructor,
    );
    expect(everyone.statusCode).toBe(201);
    expect(await mailsTo(march.email)).toHaveLength(1);
    expect(await mailsTo(april.email)).toHaveLength(1);
    expect(await home(march.cookie)).toEqual(["Closed for the holidays", request.title]);
    const exported = (await get("/reactapi/account/export", march.cookie)).json();
    expect(exported.announcements).toEqual({ by_email: false });

    const removed = await post(`/reactapi/studio/announcements/${everyone.json().id}/remove`, {}, instructor);
    expect(removed.json().message).toBe("“Closed for the holidays” no longer shows on members' home pages.");
    expect(await home(april.cookie)).toEqual([]);
    const listed = (await get("/reactapi/studio/announcements", instructor)).json().announcements as {
      audience: string;
      removed: boolean;
    }[];
    expect(listed.slice(0, 2)).toEqual([
      expect.objectContaining({ audience: "All members", removed: true }),
      expect.objectContaining({ audience: "Members due in March 2027", removed: false }),
    ]);
  });

  it("lets her turn announcement mails back on from her account after a one-click unsubscribe, and off again", async () => {
    const her = await memberDue("mail-again", null);
    const sentIds: number[] = [];
    const announce = async (title: string) => {
      const sent = await post(
        "/reactapi/studio/announcements",
        { title, body: "Hello.", audience: "all", send_key: randomUUID() },
        instructor,
      );
      expect(sent.statusCode).toBe(201);
      sentIds.push(sent.json().id);
    };
    const account = async () => (await get("/reactapi/account", her.cookie)).json().mail;
    expect(await account()).toEqual({ announcements: true, class_reminders: true });
    await announce("First news");
    const [first] = await mailsTo(her.email);
    const address = first!.headers!["List-Unsubscribe"]!.slice(1, -1).replace("https://courses.example", "");
    expect((await post(address, {})).statusCode).toBe(200);
    expect(await account()).toEqual({ announcements: false, class_reminders: true });

    const on = await post("/reactapi/account/mail", { announcements: true }, her.cookie);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({
      announcements: true,
      class_reminders: true,
      message: "Saved. We will mail you announcements and class reminders.",
    });
    // In her language, the mails she keeps named and listed as Spanish lists them.
    const inSpanish = await context.app.inject({
      method: "POST",
      url: "/reactapi/account/mail",
      headers: { ...jsonHeaders, cookie: her.cookie, "accept-language": "es" },
      payload: { announcements: true },
    });
    expect(inSpanish.json().message).toBe("Guardado. Te enviaremos anuncios y recordatorios de las clases.");
    await announce("Second news");
    expect((await mailsTo(her.email)).map((mail) => mail.subject).sort()).toEqual(["First news", "Second news"]);

    const off = await post("/reactapi/account/mail", { announcements: false, class_reminders: false }, her.cookie);
    expect(off.json().message).toBe("Saved. We will mail you only about your own places and bookings.");
    await announce("Third news");
    expect(await mailsTo(her.email)).toHaveLength(2);
    expect((await get("/reactapi/account/export", her.cookie)).json().announcements).toEqual({ by_email: false });

    const nothing = await post("/reactapi/account/mail", {}, her.cookie);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toBeTruthy();
    expect((await post("/reactapi/account/mail", { announcements: true })).statusCode).toBe(401);
    // Off the other members' home pages, which the next test reads.
    for (const id of sentIds) expect((await post(`/reactapi/studio/announcements/${id}/remove`, {}, instructor)).statusCode).toBe(200);
  });

  it("names a course's members by their access: granted ones for a locked course, none for a draft", async () => {
    const granted = await signedInMember(context.app, "granted-dad");
    const other = await signedInMember(context.app, "ungranted");
    const [member] = await db().select({ id: users.id }).from(users).where(eq(users.email, granted.email));
    expect((await post(`/reactapi/studio/members/${member!.id}/courses/3/grant`, {}, instructor)).statusCode).toBe(200);
    const sent = await post(
      "/reactapi/studio/announcements",
      { title: "For partners", body: "A new video.", audience: "course", course_id: 3, send_key: randomUUID() },
      instructor,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await mailsTo(granted.email)).toHaveLength(1);
    expect(await mailsTo(other.email)).toHaveLength(0);
    expect(((await get("/reactapi/announcements", other.cookie)).json().announcements as unknown[]).length).toBe(0);

    const draftId = (await post("/reactapi/studio/courses", { title: "Unfinished" }, instructor)).json().id as number;
    const draft = await post(
      "/reactapi/studio/announcements",
      { title: "Soon", body: "Soon.", audience: "course", course_id: draftId, send_key: randomUUID() },
      instructor,
    );
    expect(draft.statusCode).toBe(400);
    expect(draft.json().details.course_id).toMatch(/is a draft/);
    const missing = await post(
      "/reactapi/studio/announcements",
      { title: "T", body: "B", audience: "course", send_key: randomUUID() },
      instructor,
    );
    expect(missing.json().details).toEqual({ course_id: "Choose the course whose members receive it." });
    expect((await get("/reactapi/announcements")).statusCode).toBe(401);
  });
});
