import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { movableClock } from "../lib/clock.ts";
import { runClassWork } from "./class-actions.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { readInvite } from "../../../testing/calendar-invite.ts";
import {
  checkoutCompleted,
  signedDelivery,
  standInEnvironment,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
} from "../../../testing/stripe-stand-in.ts";
import {
  backends,
  createTestApp,
  postgresMissingNotice,
  jsonHeaders,
  signedInInstructor,
  signedInMember,
  type TestApp,
  GOOD_PASSWORD,
  uniqueEmail,
  useAppServers,
} from "../../../testing/test-app.ts";
import { tokenMailedTo } from "../../../testing/outbox-links.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

const START = new Date("2027-03-15T17:00:00Z");
const MINUTE = 60_000;

const poster = (app: FastifyInstance) => (url: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: "POST",
    url,
    headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  });
const mailFinder = (context: () => TestApp) => (address: string, kind: string) =>
  context()
    .database.db.select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)))
    .orderBy(mailOutbox.id);

// docs/product.md, Live classes: exact places, a waiting list served in order, the join link at the right moment.
describe.each(backends)("live classes on %s", (backend) => {
  let context: TestApp;
  let instructor: string;
  const clock = movableClock(new Date(START.getTime() - 3 * 24 * 60 * MINUTE));
  beforeAll(async () => {
    context = await createTestApp(backend, { clock, startMailSender: false });
    instructor = (await signedInInstructor(context.app, context.database.db, "classes-instructor")).cookie;
  });
  afterAll(() => context.close());
  // Each test starts three days before START, whatever the one before did with the clock.
  beforeEach(() => clock.set(new Date(START.getTime() - 3 * 24 * 60 * MINUTE)));

  const post = (url: string, payload: unknown, cookie?: string) => poster(context.app)(url, payload, cookie);
  const list = async (cookie?: string) =>
    (await context.app.inject({ method: "GET", url: "/reactapi/classes", headers: cookie ? { cookie } : {} })).json() as {
      upcoming: { id: number; places_left: number; join_url?: string; my_state?: string; for_your_course?: boolean }[];
      past: { id: number; replay_url?: string }[];
    };
  const createClass = async (overrides: Record<string, unknown> = {}) => {
    const created = await post(
      "/reactapi/studio/classes",
      {
        title: "Breastfeeding basics",
        description_html: "<p>Latch, positions, <script>x()</script>and rest.</p>",
        starts_at: START.toISOString(),
        duration_minutes: 60,
        places: 1,
        who: "anyone",
        join_url: "https://meet.example/breastfeeding",
        ...overrides,
      },
      instructor,
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  };
  const registerAs = (classId: number, who: { email: string; cookie?: string }, name = "Maya") =>
    post(`/reactapi/classes/${classId}/registrations`, { name, email: who.email, due_date: "2027-06-01" }, who.cookie);
  const mailsTo = mailFinder(() => context);

  it("gives 50 people registering at once for the last 3 places exactly 3 places and 47 waiting-list places", async () => {
    const classId = await createClass({ places: 3, title: "Free webinar: your first week" });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) => registerAs(classId, { email: uniqueEmail(`crowd-${index}`) }, `Guest ${index}`)),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const states = answers.map((answer) => answer.json().state as string);
    expect(states.filter((state) => state === "awaiting_email")).toHaveLength(3);
    expect(states.filter((state) => state === "waiting_list")).toHaveLength(47);
    expect((await list()).upcoming.find((entry) => entry.id === classId)?.places_left).toBe(0);
    const registrations = (
      await context.app.inject({ method: "GET", url: `/reactapi/studio/classes/${classId}/registrations`, headers: { cookie: instructor } })
    ).json().registrations as { state: string }[];
    expect(registrations).toHaveLength(50);
  });

  it("promotes the first person waiting when a place is given up, and mails her the invitation", async () => {
    const classId = await createClass();
    const [first, second, third] = await Promise.all([
      signedInMember(context.app, "class-a"),
      signedInMember(context.app, "class-b"),
      signedInMember(context.app, "class-c"),
    ]);
    expect((await registerAs(classId, first!)).json().state).toBe("registered");
    expect((await registerAs(classId, second!)).json().state).toBe("waiting_list");
    expect((await registerAs(classId, third!)).json().state).toBe("waiting_list");
    expect((await registerAs(classId, first!)).statusCode).toBe(409);
    const [confirmation] = await mailsTo(first!.email, "class_registered");
    expect(readInvite(confirmation!.attachments![0]!.content)).toMatchObject({
      method: "REQUEST",
      start: START.toISOString(),
      end: new Date(START.getTime() + 60 * MINUTE).toISOString(),
    });

    const cancelled = await post(`/reactapi/classes/${classId}/registrations/cancel`, {}, first!.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await list(second!.cookie)).upcoming.find((entry) => entry.id === classId)).toMatchObject({
      my_state: "registered",
      places_left: 0,
    });
    expect((await list(third!.cookie)).upcoming.find((entry) => entry.id === classId)).toMatchObject({ my_state: "waiting_list" });
    const [promoted] = await mailsTo(second!.email, "class_registered");
    expect(promoted!.subject).toBe("A place opened for you: Breastfeeding basics");
    expect(await mailsTo(third!.email, "class_registered")).toHaveLength(0);
    expect((await post(`/reactapi/classes/${classId}/registrations/cancel`, {}, first!.cookie)).statusCode).toBe(404);
  });

  it("shows the join link only to a registered person, from 15 minutes before the start until the end", async () => {
    const classId = await createClass({ title: "Partner workshop" });
    const [registered, waiting, other] = await Promise.all([
      signedInMember(context.app, "join-a"),
      signedInMember(context.app, "join-b"),
      signedInMember(context.app, "join-c"),
    ]);
    await registerAs(classId, registered!);
    await registerAs(classId, waiting!);
    const joinOf = async (cookie?: string) => (await list(cookie)).upcoming.find((entry) => entry.id === classId)?.join_url;
    const everyone = [registered!.cookie, waiting!.cookie, other!.cookie, undefined];

    clock.set(new Date(START.getTime() - 16 * MINUTE));
    for (const cookie of everyone) expect(await joinOf(cookie)).toBeUndefined();
    clock.set(new Date(START.getTime() - 15 * MINUTE));
    expect(await joinOf(registered!.cookie)).toBe("https://meet.example/breastfeeding");
    for (const cookie of everyone.slice(1)) expect(await joinOf(cookie)).toBeUndefined();
    clock.set(new Date(START.getTime() + 60 * MINUTE));
    expect((await list(registered!.cookie)).past.map((entry) => entry.id)).toContain(classId);
    expect(JSON.stringify(await list(registered!.cookie))).not.toContain("meet.example");
    // Registration closes at the start.
    expect((await registerAs(classId, { email: uniqueEmail("late") })).statusCode).toBe(409);
  });

  it("releases a visitor's unconfirmed place after 30 minutes, and her late confirmation puts her on the waiting list", async () => {
    const classId = await createClass({ title: "Hospital tour Q&A" });
    const visitor = uniqueEmail("visitor");
    expect((await registerAs(classId, { email: visitor })).json().state).toBe("awaiting_email");
    const [confirm] = await mailsTo(visitor, "class_confirm_email");
    const token = /confirm=([A-Za-z0-9_-]+)/.exec(confirm!.textBody)![1]!;
    clock.advance(31 * MINUTE);
    const member = await signedInMember(context.app, "after-release");
    expect((await registerAs(classId, member)).json().state).toBe("registered");
    const late = await post("/reactapi/classes/registrations/confirm", { token });
    expect(late.json()).toMatchObject({ state: "waiting_list" });
    expect((await post("/reactapi/classes/registrations/confirm", { token: "x".repeat(32) })).statusCode).toBe(404);
    // The studio is told of the place she has, once; a place on the waiting list is not one (docs/notifications.md).
    const notices = (
      await context.app.inject({ method: "GET", url: "/reactapi/studio/notifications", headers: { cookie: instructor } })
    ).json().notices as { kind: string; text: string }[];
    expect(notices.filter((notice) => notice.text.endsWith(" has a place in Hospital tour Q&A.")).map((notice) => notice.text)).toEqual([
      "Maya has a place in Hospital tour Q&A.",
    ]);
  });

  const work = () =>
    runClassWork(context.database.db, clock.now(), {
      practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
      publicUrl: "https://courses.example",
      contactEmail: "hello@example.com",
    });

  it("sends each reminder once across two servers, skips one whose moment had passed, and none after a cancellation", async () => {
    const startsAt = new Date(clock.now().getTime() + 3 * 24 * 60 * MINUTE);
    const classId = await createClass({ title: "Birth plan circle", starts_at: startsAt.toISOString(), places: 5 });
    const [early, leaving] = await Promise.all([signedInMember(context.app, "remind-a"), signedInMember(context.app, "remind-b")]);
    await registerAs(classId, early!);
    await registerAs(classId, leaving!);
    await post(`/reactapi/classes/${classId}/registrations/cancel`, {}, leaving!.cookie);

    clock.set(new Date(startsAt.getTime() - 24 * 60 * MINUTE));
    // Other classes of this file fall due too: each person's own mails are counted.
    await Promise.all([work(), work()]);
    await work();
    const days = await mailsTo(early!.email, "class_reminder");
    expect(days.map((mail) => mail.subject)).toEqual(["Tomorrow: Birth plan circle"]);
    // A place taken 20 hours before gets the hour's reminder only.
    clock.set(new Date(startsAt.getTime() - 20 * 60 * MINUTE));
    const late = await signedInMember(context.app, "remind-late");
    await registerAs(classId, late);
    await work();
    expect(await mailsTo(late.email, "class_reminder")).toHaveLength(0);
    clock.set(new Date(startsAt.getTime() - 60 * MINUTE));
    await Promise.all([work(), work()]);
    expect((await mailsTo(early!.email, "class_reminder")).map((mail) => mail.subject)).toEqual([
      "Tomorrow: Birth plan circle",
      "In an hour: Birth plan circle",
    ]);
    const hour = (await mailsTo(late.email, "class_reminder")).map((mail) => mail.subject);
    expect(hour).toEqual(["In an hour: Birth plan circle"]);
    expect((await mailsTo(late.email, "class_reminder"))[0]!.textBody).toContain("https://meet.example/breastfeeding");
    expect(await mailsTo(leaving!.email, "class_reminder")).toHaveLength(0);
  });

  it("writes her place, its invitation and her reminder in the language she registered in (docs/languages.md)", async () => {
    const startsAt = new Date(clock.now().getTime() + 3 * 24 * 60 * MINUTE);
    const classId = await createClass({ title: "Círculo de lactancia", starts_at: startsAt.toISOString(), places: 5 });
    const her = await signedInMember(context.app, "clase-es");
    expect((await post("/reactapi/account/language", { language: "es" }, her.cookie)).statusCode).toBe(200);
    expect((await registerAs(classId, her)).json().state).toBe("registered");
    const spanishWhen =
      /el (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}, \d{1,2}:\d\d \(hora de [^)]+\)/;

    const [place] = await mailsTo(her.email, "class_registered");
    expect(place!.subject).toMatch(/^Inscrita: Círculo de lactancia, /);
    expect(place!.textBody).toMatch(new RegExp(`Tienes plaza en «Círculo de lactancia» del ${spanishWhen.source.slice(3)}\\.`));
    expect(place!.textBody).toContain("¿No puedes venir? Deja tu plaza a alguien que espera:");
    expect(place!.textBody).toContain("Para dejar de recibir por correo los recordatorios y las grabaciones de las clases, abre ");
    expect(readInvite(place!.attachments![0]!.content)).toMatchObject({ summary: "Círculo de lactancia", location: "Videollamada" });

    clock.set(new Date(startsAt.getTime() - 24 * 60 * MINUTE));
    await work();
    const [reminder] = await mailsTo(her.email, "class_reminder");
    expect(reminder!.subject).toBe("Mañana: Círculo de lactancia");
    expect(reminder!.textBody).toMatch(new RegExp(`^Un recordatorio: «Círculo de lactancia» es ${spanishWhen.source}\\.$`, "m"));
    expect(reminder!.htmlBody).toContain('<html lang="es">');
  });

  it("lets her turn class reminders off from her account, and on again", async () => {
    const startsAt = new Date(clock.now().getTime() + 3 * 24 * 60 * MINUTE);
    const classId = await createClass({ title: "Quiet circle", starts_at: startsAt.toISOString(), places: 5 });
    const her = await signedInMember(context.app, "remind-choice");
    expect((await registerAs(classId, her)).statusCode).toBe(201);
    const mailChoice = async () =>
      (await context.app.inject({ method: "GET", url: "/reactapi/account", headers: { cookie: her.cookie } })).json().mail.class_reminders;
    expect(await mailChoice()).toBe(true);
    expect((await post("/reactapi/account/mail", { class_reminders: false }, her.cookie)).statusCode).toBe(200);
    expect(await mailChoice()).toBe(false);
    clock.set(new Date(startsAt.getTime() - 24 * 60 * MINUTE));
    await work();
    expect(await mailsTo(her.email, "class_reminder")).toHaveLength(0);

    expect((await post("/reactapi/account/mail", { class_reminders: true }, her.cookie)).statusCode).toBe(200);
    expect(await mailChoice()).toBe(true);
    clock.set(new Date(startsAt.getTime() - 60 * MINUTE));
    await work();
    expect((await mailsTo(her.email, "class_reminder")).map((mail) => mail.subject)).toEqual(["In an hour: Quiet circle"]);
  });

  it("sends her reminders, and keeps her choice about them, at the new address she confirms", async () => {
    const startsAt = new Date(clock.now().getTime() + 3 * 24 * 60 * MINUTE);
    const classId = await createClass({ title: "Moving circle", starts_at: startsAt.toISOString(), places: 5 });
    const [moving, quiet] = await Promise.all([signedInMember(context.app, "moving"), signedInMember(context.app, "moving-quiet")]);
    expect((await registerAs(classId, moving)).statusCode).toBe(201);
    expect((await post("/reactapi/account/mail", { class_reminders: false }, quiet.cookie)).statusCode).toBe(200);
    const moveTo = async (who: { cookie: string }, address: string) => {
      expect((await post("/reactapi/account/email", { email: address, password: GOOD_PASSWORD }, who.cookie)).statusCode).toBe(202);
      const token = await tokenMailedTo(context.database.db, address, "email_change_confirm");
      expect((await post("/reactapi/account/email/confirm", { token })).statusCode).toBe(200);
    };
    const [newAddress, quietAddress] = [uniqueEmail("moved"), uniqueEmail("moved-quiet")];
    await moveTo(moving, newAddress);
    await moveTo(quiet, quietAddress);
    const account = await context.app.inject({ method: "GET", url: "/reactapi/account", headers: { cookie: quiet.cookie } });
    expect(account.json().mail.class_reminders).toBe(false);

    clock.set(new Date(startsAt.getTime() - 60 * MINUTE));
    await work();
    expect((await mailsTo(newAddress, "class_reminder")).map((mail) => mail.subject)).toEqual(["In an hour: Moving circle"]);
    expect(await mailsTo(moving.email, "class_reminder")).toHaveLength(0);
    expect((await list(moving.cookie)).upcoming.find((entry) => entry.id === classId)?.my_state).toBe("registered");
  });

  it("gives a lapsed visitor's place to the first person waiting, when the timed work runs", async () => {
    const classId = await createClass({ title: "Sleep and the newborn" });
    await registerAs(classId, { email: uniqueEmail("holds-it") });
    const waiting = await signedInMember(context.app, "waits-for-it");
    expect((await registerAs(classId, waiting)).json().state).toBe("waiting_list");
    clock.advance(31 * MINUTE);
    expect((await work()).released).toBe(1);
    expect((await list(waiting.cookie)).upcoming.find((entry) => entry.id === classId)).toMatchObject({ my_state: "registered" });
    expect((await mailsTo(waiting.email, "class_registered"))[0]!.subject).toBe("A place opened for you: Sleep and the newborn");
  });

  it("lists her classes with places taken and waiting, exports the registrations, and cancels a class with a calendar CANCEL to everyone", async () => {
    const classId = await createClass({ title: "Partners' evening" });
    const [placed, waiting] = await Promise.all([signedInMember(context.app, "cancel-a"), signedInMember(context.app, "cancel-b")]);
    await registerAs(classId, placed!, '=HYPERLINK("x")');
    await registerAs(classId, waiting!);
    const studio = (await context.app.inject({ method: "GET", url: "/reactapi/studio/classes", headers: { cookie: instructor } })).json()
      .classes as { id: number; registered: number; waiting: number; cancelled: boolean }[];
    expect(studio.find((entry) => entry.id === classId)).toMatchObject({ registered: 1, waiting: 1, cancelled: false });
    const csv = await context.app.inject({
      method: "GET",
      url: `/reactapi/studio/classes/${classId}/registrations.csv`,
      headers: { cookie: instructor },
    });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toContain("'=HYPERLINK");
    expect(csv.body).toContain(waiting!.email);

    const cancelled = await post(`/reactapi/studio/classes/${classId}/cancel`, {}, instructor);
    expect(cancelled.json().message).toBe("Cancelled “Partners' evening”. The 2 people registered or waiting were told by mail.");
    for (const person of [placed!, waiting!]) {
      const [mail] = await mailsTo(person.email, "class_cancelled");
      expect(readInvite(mail!.attachments![0]!.content)).toMatchObject({ method: "CANCEL" });
    }
    expect((await list(placed!.cookie)).upcoming.map((entry) => entry.id)).not.toContain(classId);
    expect((await post(`/reactapi/studio/classes/${classId}/cancel`, {}, instructor)).statusCode).toBe(404);
    expect((await registerAs(classId, { email: uniqueEmail("too-late") })).statusCode).toBe(404);
  });

  it("keeps a members' class for members, refuses a paid class where payment is not set up, and keeps the studio's side for the instructor", async () => {
    const classId = await createClass({ who: "members", title: "Members' circle" });
    expect((await registerAs(classId, { email: uniqueEmail("stranger") })).statusCode).toBe(403);
    const paid = await post(
      "/reactapi/studio/classes",
      {
        title: "Paid",
        starts_at: START.toISOString(),
        duration_minutes: 60,
        places: 5,
        price: 2500,
        who: "anyone",
        join_url: "https://meet.example/x",
      },
      instructor,
    );
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toBe("Online payment is not set up on this server, so a class can only be free (price 0) for now.");
    const member = await signedInMember(context.app, "not-studio");
    expect((await post("/reactapi/studio/classes", {}, member.cookie)).statusCode).toBe(403);
    expect((await post("/reactapi/classes/9999/registrations", { name: "A", email: uniqueEmail("x") })).statusCode).toBe(404);
    expect(
      (await post(`/reactapi/studio/classes/${classId}/replay`, { replay_url: "https://example.com/video" }, member.cookie)).statusCode,
    ).toBe(403);
  });

  it("names a class's course, and tells the members who may open it that they register with one press", async () => {
    const member = await signedInMember(context.app, "course-class");
    const access = await post("/reactapi/getuseraccessdata", { query: "" }, member.cookie);
    const open = (access.json().accessible_course_ids as number[])[0]!;
    const titles = (await context.app.inject({ method: "GET", url: "/reactapi/getcourses", headers: { cookie: member.cookie } })).json()
      .courses as { id: number; course_title: string }[];
    const locked = titles.find((course) => course.id !== open && !(access.json().accessible_course_ids as number[]).includes(course.id));
    const forOpen = await createClass({ title: "Q&A for the course", course_id: open });
    const entry = async (id: number, cookie?: string) =>
      (await list(cookie)).upcoming.find((live) => live.id === id) as Record<string, unknown>;
    expect(await entry(forOpen, member.cookie)).toMatchObject({
      course: { id: open, title: titles.find((course) => course.id === open)!.course_title },
      for_your_course: true,
    });
    expect(await entry(forOpen)).toMatchObject({ for_your_course: false });
    if (locked)
      expect(await entry(await createClass({ title: "Q&A for another", course_id: locked.id }), member.cookie)).toMatchObject({
        for_your_course: false,
      });
    const missing = await post(
      "/reactapi/studio/classes",
      {
        title: "Nowhere",
        starts_at: START.toISOString(),
        duration_minutes: 60,
        places: 5,
        who: "anyone",
        join_url: "https://meet.example/x",
        course_id: 99_999,
      },
      instructor,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.course_id).toBe("Choose one of your courses, or none.");
  });

  it("lets a visitor give up her place through her mailed link, which hands it to the first person waiting", async () => {
    const classId = await createClass({ title: "Pelvic floor after birth" });
    const visitor = uniqueEmail("link-visitor");
    await registerAs(classId, { email: visitor });
    const token = /confirm=([A-Za-z0-9_-]+)/.exec((await mailsTo(visitor, "class_confirm_email"))[0]!.textBody)![1]!;
    expect((await post("/reactapi/classes/registrations/confirm", { token })).json().state).toBe("registered");
    const waiting = await signedInMember(context.app, "link-waiting");
    expect((await registerAs(classId, waiting)).json().state).toBe("waiting_list");
    const placeMail = (await mailsTo(visitor, "class_registered"))[0]!;
    expect(placeMail.textBody).toContain(`/classes?cancel=${token}`);

    const byLink = await context.app.inject({ method: "GET", url: `/reactapi/classes/registrations/by-link/${token}` });
    expect(byLink.json()).toMatchObject({ class_id: classId, title: "Pelvic floor after birth", state: "registered" });
    const gaveUp = await post("/reactapi/classes/registrations/cancel-by-link", { token });
    expect(gaveUp.statusCode, gaveUp.body).toBe(200);
    expect(gaveUp.json().message).toContain("You gave up your place");
    expect(readInvite((await mailsTo(visitor, "class_cancelled"))[0]!.attachments![0]!.content)).toMatchObject({ method: "CANCEL" });
    expect((await list(waiting.cookie)).upcoming.find((entry) => entry.id === classId)).toMatchObject({ my_state: "registered" });
    expect((await post("/reactapi/classes/registrations/cancel-by-link", { token: "short" })).statusCode).toBe(400);
    expect((await post("/reactapi/classes/registrations/cancel-by-link", { token: "y".repeat(32) })).statusCode).toBe(404);
  });

  it("marks who came, sends the replay once with thanks to those who came and a kind word to the others, and honours an unsubscribe", async () => {
    const classId = await createClass({ title: "Newborn sleep", places: 4 });
    const [came, missed, unsubscribed, waiting] = await Promise.all([
      signedInMember(context.app, "replay-came"),
      signedInMember(context.app, "replay-missed"),
      signedInMember(context.app, "replay-off"),
      signedInMember(context.app, "replay-wait"),
    ]);
    const ids: Record<string, number> = {};
    for (const person of [came!, missed!, unsubscribed!]) ids[person.email] = (await registerAs(classId, person)).json().id as number;
    await post(`/reactapi/classes/${classId}/registrations/cancel`, {}, missed!.cookie);
    await registerAs(classId, missed!);
    ids[missed!.email] = (
      await context.app.inject({ method: "GET", url: `/reactapi/studio/classes/${classId}/registrations`, headers: { cookie: instructor } })
    )
      .json()
      .registrations.find((row: { email: string; state: string }) => row.email === missed!.email && row.state === "registered").id;
    await createClass({ title: "Other", places: 1 }).then((other) => registerAs(other, waiting!));

    // One-click unsubscribe (RFC 8058): a form post from the mail program, no cookie, no origin.
    const sent = (await mailsTo(unsubscribed!.email, "class_registered"))[0]!;
    const header = JSON.stringify(sent.headers);
    expect(header).toContain("List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(JSON.parse(header)["List-Unsubscribe"] as string)![1]!;
    // The header carries its own token: the one that confirms, cancels and pays the place is not in it.
    const manageToken = /[?&]cancel=([\w-]+)/.exec(sent.textBody)?.[1];
    expect(manageToken).toBeDefined();
    expect(header).not.toContain(manageToken);
    expect(
      (await post("/reactapi/classes/registrations/cancel-by-link", { token: new URL(oneClick).pathname.split("/").pop() })).statusCode,
    ).toBe(404);
    const stopped = await context.app.inject({
      method: "POST",
      url: new URL(oneClick).pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().message).toContain(unsubscribed!.email);

    const attendance = (registration: number, attended: boolean) =>
      post(`/reactapi/studio/classes/${classId}/registrations/${registration}/attendance`, { attended }, instructor);
    expect((await attendance(ids[came!.email]!, true)).statusCode).toBe(409);
    const replay = (url: string) => post(`/reactapi/studio/classes/${classId}/replay`, { replay_url: url }, instructor);
    clock.set(new Date(START.getTime() + 30 * MINUTE));
    expect((await replay("https://youtu.be/dQw4w9WgXcQ")).json().error).toBe("The replay can be sent once the class has ended.");
    expect((await attendance(ids[came!.email]!, true)).json().message).toBe("Marked Maya as there.");
    expect((await attendance(ids[unsubscribed!.email]!, true)).statusCode).toBe(200);
    clock.set(new Date(START.getTime() + 61 * MINUTE));
    expect((await replay("https://example.com/not-a-video")).statusCode).toBe(400);
    const first = await replay("https://youtu.be/dQw4w9WgXcQ?t=30");
    expect(first.json().message).toBe("Sent the replay to 2 people: 1 who came, 1 who could not.");
    const [thanks] = await mailsTo(came!.email, "class_replay");
    expect(thanks!.subject).toBe("Thank you for coming: Newborn sleep");
    expect(thanks!.textBody).toContain("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s");
    expect((await mailsTo(missed!.email, "class_replay"))[0]!.subject).toBe("Sorry we missed you: Newborn sleep");
    expect(await mailsTo(unsubscribed!.email, "class_replay")).toHaveLength(0);
    expect(await mailsTo(waiting!.email, "class_replay")).toHaveLength(0);
    expect((await list(came!.cookie)).past.find((entry) => entry.id === classId)?.replay_url).toBe(
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=30s",
    );
    expect(JSON.stringify(await list())).not.toContain("dQw4w9WgXcQ");

    const again = await replay("https://vimeo.com/123456789");
    expect(again.json().message).toContain("nobody was mailed again");
    expect(await mailsTo(came!.email, "class_replay")).toHaveLength(1);
  });
});

describe.each(backends)("paid live classes on %s", (backend) => {
  let context: TestApp;
  let stripe: StripeStandIn;
  let instructor: string;
  const clock = movableClock(new Date(START.getTime() - 3 * 24 * 60 * MINUTE));
  beforeAll(async () => {
    stripe = await startStripeStandIn();
    context = await createTestApp(backend, { clock, startMailSender: false, environment: standInEnvironment(stripe) });
    instructor = (await signedInInstructor(context.app, context.database.db, "paid-classes-instructor")).cookie;
  });
  afterAll(async () => {
    await context.close();
    await stripe.close();
  });
  beforeEach(() => clock.set(new Date(START.getTime() - 3 * 24 * 60 * MINUTE)));

  const post = (url: string, payload: unknown, cookie?: string) => poster(context.app)(url, payload, cookie);
  const deliver = async (event: Parameters<typeof signedDelivery>[0]) => {
    const delivery = signedDelivery(event);
    const answer = await context.app.inject({
      method: "POST",
      url: "/reactapi/stripe/webhook",
      headers: delivery.headers,
      payload: delivery.payload,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const mailsTo = mailFinder(() => context);
  const paidClass = async (title: string) => {
    const created = await post(
      "/reactapi/studio/classes",
      {
        title,
        starts_at: START.toISOString(),
        duration_minutes: 90,
        places: 1,
        price: 4500,
        currency: "EUR",
        who: "anyone",
        join_url: "https://meet.example/paid",
      },
      instructor,
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  };

  it("holds a paid place while she pays, confirms it on Stripe's word, and refunds every paid place when the class is cancelled", async () => {
    const classId = await paidClass("Breastfeeding class");
    const payer = uniqueEmail("payer");
    const held = await post(`/reactapi/classes/${classId}/registrations`, { name: "Ana", email: payer, time_zone: "Europe/Berlin" });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ state: "awaiting_payment" });
    expect(held.json().checkout_url).toContain(stripe.url);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session.metadata.class_registration_id).toBe(String(held.json().id));
    expect(session.amount_total).toBe(4500);
    const second = uniqueEmail("second");
    expect((await post(`/reactapi/classes/${classId}/registrations`, { name: "Bea", email: second })).json().state).toBe("waiting_list");

    await deliver(checkoutCompleted(session));
    const [confirmation] = await mailsTo(payer, "class_registered");
    // Her own zone, as her browser named it.
    expect(confirmation!.subject).toContain("time in Europe/Berlin");
    await deliver(checkoutCompleted(session));
    expect(await mailsTo(payer, "class_registered")).toHaveLength(1);

    const cancelled = await post(`/reactapi/studio/classes/${classId}/cancel`, {}, instructor);
    expect(cancelled.json().message).toBe(
      "Cancelled “Breastfeeding class”. The 2 people registered or waiting were told by mail. 1 paid place was refunded in full.",
    );
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(session.payment_intent);
    expect((await mailsTo(payer, "class_cancelled"))[0]!.textBody).toContain("refunded in full");
  });

  it("prices a place by the tier she chose and the code she typed, and gives a code's use back when no payment follows (docs/gifts.md)", async () => {
    const tiers = [
      { name: "Supporter", price: 6000, line: "Helps fund a place" },
      { name: "Supported", price: 2500, line: "" },
      { name: "Standard", price: 4500, line: "" },
    ];
    const base = {
      starts_at: START.toISOString(),
      duration_minutes: 60,
      currency: "EUR",
      who: "anyone",
      join_url: "https://meet.example/t",
    };
    const freeWithTiers = await post("/reactapi/studio/classes", { ...base, title: "Free circle", places: 5, price: 0, tiers }, instructor);
    expect(freeWithTiers.statusCode).toBe(400);
    expect(freeWithTiers.json().error).toContain("A free class has no prices to choose from");
    const created = await post("/reactapi/studio/classes", { ...base, title: "Tiered class", places: 1, price: 4500, tiers }, instructor);
    expect(created.statusCode, created.body).toBe(201);
    const classId = created.json().id as number;
    const listed = (await context.app.inject({ method: "GET", url: "/reactapi/classes" }))
      .json()
      .upcoming.find((shown: { id: number }) => shown.id === classId);
    expect(listed.tiers.map((tier: { price: number }) => tier.price)).toEqual([2500, 4500, 6000]);

    const code = `CLASS-${Date.now()}`;
    const made = await post("/reactapi/studio/codes", { code, percent_off: 20, class_ids: [classId], max_uses: 1 }, instructor);
    expect(made.statusCode, made.body).toBe(201);
    const freeClass = await post("/reactapi/studio/classes", { ...base, title: "Free talk", places: 5 }, instructor);
    const onFree = await post(`/reactapi/classes/${freeClass.json().id}/registrations`, { name: "Ivy", email: uniqueEmail("free"), code });
    expect(onFree.statusCode).toBe(400);
    expect(onFree.json().error).toBe("This class is free: there is nothing to pay, so no price or code is needed.");

    const notOffered = await post(`/reactapi/classes/${classId}/registrations`, { name: "Ana", email: uniqueEmail("odd"), tier: 1000 });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().error).toBe("That is not one of this class's prices.");

    const payer = uniqueEmail("tiered");
    const held = await post(`/reactapi/classes/${classId}/registrations`, { name: "Ana", email: payer, tier: "supported", code });
    expect(held.statusCode, held.body).toBe(201);
    const session = [...stripe.sessions.values()].at(-1)!;
    // 20% off the Supported tier's 25.00, computed on the server.
    expect(session.amount_total).toBe(2000);
    const usedUp = await post(`/reactapi/classes/${classId}/registrations`, { name: "Bea", email: uniqueEmail("late"), code });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().error).toBe(`The code ${code} has been used as many times as it could be.`);

    // Unpaid: the place is offered on, and the code's use comes back for the next person.
    const waiting = uniqueEmail("waits");
    expect(
      (await post(`/reactapi/classes/${classId}/registrations`, { name: "Cleo", email: waiting, tier: "Standard" })).json().state,
    ).toBe("waiting_list");
    await deliver(
      stripeEvent("checkout.session.expired", { object: "checkout.session", ...session, status: "expired", payment_status: "unpaid" }),
    );
    const [offer] = await mailsTo(waiting, "class_place_offered");
    const token = /pay=([A-Za-z0-9_-]+)/.exec(offer!.textBody)![1]!;
    const byLink = await context.app.inject({ method: "GET", url: `/reactapi/classes/registrations/by-link/${token}` });
    expect(byLink.json().price).toBe(4500);
    const paying = await post("/reactapi/classes/registrations/pay", { token, code: code.toLowerCase() });
    expect(paying.statusCode, paying.body).toBe(200);
    const offered = [...stripe.sessions.values()].at(-1)!;
    expect(offered.amount_total).toBe(3600);
    await deliver(checkoutCompleted(offered));
    const studio = (await context.app.inject({ method: "GET", url: "/reactapi/studio/codes", headers: { cookie: instructor } })).json();
    expect(studio.codes.find((row: { code: string }) => row.code === code)).toMatchObject({ used: 1, held: 0 });
  });

  it("offers a paid place freed by an unpaid checkout to the first person waiting, who pays through her mailed link", async () => {
    const classId = await paidClass("Partner workshop");
    const first = uniqueEmail("abandons");
    await post(`/reactapi/classes/${classId}/registrations`, { name: "Cleo", email: first });
    const abandoned = [...stripe.sessions.values()].at(-1)!;
    const next = await signedInMember(context.app, "offered");
    expect((await post(`/reactapi/classes/${classId}/registrations`, { name: "Dee", email: next.email }, next.cookie)).json().state).toBe(
      "waiting_list",
    );
    await deliver(
      stripeEvent("checkout.session.expired", { object: "checkout.session", ...abandoned, status: "expired", payment_status: "unpaid" }),
    );
    const [offer] = await mailsTo(next.email, "class_place_offered");
    const token = /pay=([A-Za-z0-9_-]+)/.exec(offer!.textBody)![1]!;
    const paying = await post("/reactapi/classes/registrations/pay", { token });
    expect(paying.statusCode, paying.body).toBe(200);
    expect(paying.json().checkout_url).toContain(stripe.url);
    await deliver(checkoutCompleted([...stripe.sessions.values()].at(-1)!));
    expect((await mailsTo(next.email, "class_registered"))[0]!.subject).toBe("A place opened for you: Partner workshop");
    expect((await post("/reactapi/classes/registrations/pay", { token })).statusCode).toBe(409);

    // Given up more than a day before: refunded in full, by her own hand.
    const gaveUp = await post(`/reactapi/classes/${classId}/registrations/cancel`, {}, next.cookie);
    expect(gaveUp.json().message).toContain("refunded in full");
    expect(stripe.refunds.length).toBeGreaterThan(0);
  });
});

if (!backends.includes("postgres")) it.skip(`live classes on two app servers: ${postgresMissingNotice}`, () => {});

describe.runIf(backends.includes("postgres"))("live classes on two app servers sharing PostgreSQL", () => {
  const clock = movableClock(new Date(START.getTime() - 3 * 24 * 60 * MINUTE));
  const servers = useAppServers({ clock });

  it("gives 50 registrations split between the servers exactly 3 places, and each reminder once", async () => {
    const [a, b] = servers;
    const instructor = await signedInInstructor(a!.app, a!.handle.db);
    const created = await a!.app.inject({
      method: "POST",
      url: "/reactapi/studio/classes",
      headers: { ...jsonHeaders, cookie: instructor.cookie },
      payload: {
        title: "Shared webinar",
        starts_at: START.toISOString(),
        duration_minutes: 60,
        places: 3,
        who: "anyone",
        join_url: "https://meet.example/shared",
      },
    });
    const classId = created.json().id as number;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 ? a! : b!).app.inject({
          method: "POST",
          url: `/reactapi/classes/${classId}/registrations`,
          headers: jsonHeaders,
          payload: { name: `Guest ${index}`, email: uniqueEmail(`shared-${index}`) },
        }),
      ),
    );
    const states = answers.map((answer) => answer.json().state as string);
    expect(states.filter((state) => state === "awaiting_email")).toHaveLength(3);
    expect(states.filter((state) => state === "waiting_list")).toHaveLength(47);

    const member = await signedInMember(b!.app, "shared-member");
    const second = await a!.app.inject({
      method: "POST",
      url: "/reactapi/studio/classes",
      headers: { ...jsonHeaders, cookie: instructor.cookie },
      payload: {
        title: "Shared circle",
        starts_at: START.toISOString(),
        duration_minutes: 60,
        places: 5,
        who: "anyone",
        join_url: "https://meet.example/circle",
      },
    });
    await b!.app.inject({
      method: "POST",
      url: `/reactapi/classes/${second.json().id}/registrations`,
      headers: { ...jsonHeaders, cookie: member.cookie },
      payload: { name: "Maya", email: member.email },
    });
    clock.set(new Date(START.getTime() - 60 * MINUTE));
    const mail = {
      practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth" }),
      publicUrl: "https://courses.example",
      contactEmail: "hello@example.com",
    };
    await Promise.all(servers.map((server) => runClassWork(server.handle.db, clock.now(), mail)));
    const reminders = await a!.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.kind, "class_reminder")));
    expect(reminders.map((row) => row.subject)).toEqual(["In an hour: Shared circle"]);
  });
});
