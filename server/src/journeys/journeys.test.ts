import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSubscription, startPushServiceStandIn, type PushServiceStandIn } from "../../../testing/push-service-stand-in.ts";
import type { JourneySave, MyJourney, StudioJourney } from "../../../contract/journeys.ts";
import { users } from "../accounts/accounts-schema.ts";
import { findUserByEmail } from "../accounts/users-repository.ts";
import { movableClock } from "../lib/clock.ts";
import type { Database } from "../db/client.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import {
  backends,
  createTestApp,
  GOOD_PASSWORD,
  register,
  login,
  sessionCookieOf,
  uniqueEmail,
  jsonHeaders,
  postgresMissingNotice,
  signedInInstructor,
  signedInMember,
  useAppServers,
  type TestApp,
  useTestApp,
} from "../../../testing/test-app.ts";
import { takeOnClient } from "../../../testing/care-clients.ts";
import { linkedPartner } from "../../../testing/partners.ts";
import { journeyCheckIns, journeyDeliveries } from "./journeys-schema.ts";
import { communityThreads } from "../community/community-schema.ts";
import { pushOutbox, pushSubscriptions } from "../push/push-schema.ts";
import { audienceCheck } from "./journeys-repository.ts";
import { isCareClient } from "../care/care-repository.ts";
import { sendDueSteps } from "./journey-work.ts";
import { tellBackups } from "./check-ins.ts";

// docs/journeys.md. The clock is moved, never waited for; the timed work is run by hand.

const step = (at: JourneySave["steps"][number]["at"], title: string, extra: Partial<JourneySave["steps"][number]> = {}) => ({
  at,
  hour: "09:00",
  channels: ["app", "mail"] as ("app" | "mail" | "push")[],
  title: { en: title, es: `${title} (es)` },
  text: { en: `About ${title}.`, es: `Sobre ${title}.` },
  ...extra,
});

const workOn = (db: Database, clock: { now: () => Date }) =>
  sendDueSteps({
    db,
    clock,
    mail: {
      practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
      publicUrl: "https://journeys.example",
    },
    sender: { wake: () => {} } as unknown as MailSender,
    isFor: audienceCheck({ mayOpenCourse: async () => false, isBirthClient: (memberId) => isCareClient(db, memberId) }),
  });

const mailsTo = (db: Database, address: string) =>
  db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, "journey_step")))
    .orderBy(mailOutbox.id);

describe.each(backends)("journeys in pregnancy time on %s", (backend) => {
  // Chicago springs forward on Sunday 14 March 2027: that day has 23 hours.
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  const context = useTestApp(backend, { clock });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string | undefined, payload: unknown = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object });
  const get = (url: string, cookie?: string) => app().inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  /** A member who joins now (the clock's now), due on `dueDate`, in `zone`. */
  async function memberDue(prefix: string, dueDate: string, zone = "America/Chicago") {
    const member = await signedInMember(app(), prefix);
    expect((await post("/reactapi/account/pacing", member.cookie, { due_date: dueDate, baby_arrived: false })).statusCode).toBe(200);
    expect((await post("/reactapi/journey/settings", member.cookie, { time_zone: zone })).statusCode).toBe(200);
    // She joins at the clock's now, as a member registering that day would.
    await db().update(users).set({ createdAt: clock.now() }).where(eq(users.email, member.email));
    return member;
  }

  it("refuses anyone but the instructor, and a journey that names what does not exist, each with a sentence", async () => {
    const member = await signedInMember(app(), "journey-outsider");
    const body = { name: "Week by week", for: "due_date", steps: [step({ week: 36, day: 0 }, "Pack your bag")] };
    expect((await post("/reactapi/studio/journeys", undefined, body)).statusCode).toBe(401);
    expect((await post("/reactapi/studio/journeys", member.cookie, body)).statusCode).toBe(403);
    expect((await get("/reactapi/journey")).statusCode).toBe(401);
    const doula = await signedInInstructor(app(), db(), "journey-writer-refusals");
    const refused = async (payload: unknown) => (await post("/reactapi/studio/journeys", doula.cookie, payload)).json().error as string;
    expect(await refused({ ...body, steps: [] })).toMatch(/at least one step/);
    expect(await refused({ ...body, steps: [step({ week: 44, day: 0 }, "Late")] })).toMatch(/./);
    expect(await refused({ ...body, steps: [step({ week: 36, day: 0 }, "X", { hour: "25:00" })] })).toMatch(/09:00/);
    expect(await refused({ ...body, steps: [step({ week: 36, day: 0 }, "X", { channels: [] })] })).toMatch(/how the step reaches her/);
    const noCourse = await post("/reactapi/studio/journeys", doula.cookie, { ...body, for: { course_id: 999_999 } });
    expect(noCourse.statusCode).toBe(404);
    expect(noCourse.json().error).toBe("There is no course with the id 999999.");
    const noLesson = await post("/reactapi/studio/journeys", doula.cookie, {
      ...body,
      steps: [step({ week: 36, day: 0 }, "X", { lesson_id: 999_999 })],
    });
    expect(noLesson.statusCode).toBe(404);
    expect((await post("/reactapi/studio/journeys/999999", doula.cookie, body)).statusCode).toBe(404);
    expect((await post("/reactapi/studio/journeys/999999/delete", doula.cookie)).statusCode).toBe(404);
  });

  it("sends a 36+0 step once, at 09:00 of her day across the night Chicago springs forward, moves what is unsent with her due date, and skips what passed before she joined", async () => {
    const doula = await signedInInstructor(app(), db(), "journey-writer");
    const created = await post("/reactapi/studio/journeys", doula.cookie, {
      name: "Week by week",
      for: "due_date",
      steps: [
        step({ week: 36, day: 0 }, "Pack your bag"),
        step({ week: 37, day: 0 }, "Rest and nest"),
        step({ after_birth_days: 3 }, "Day three"),
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const journeyId = created.json().id as number;
    expect(
      (await get("/reactapi/studio/journeys", doula.cookie)).json().journeys.find((each: { id: number }) => each.id === journeyId),
    ).toMatchObject({
      name: "Week by week",
      for: "due_date",
      steps: [{ at: { week: 36, day: 0 }, hour: "09:00" }, { at: { week: 37, day: 0 } }, { at: { after_birth_days: 3 } }],
    });
    // The preview, in the practice's zone (UTC until she sets one): 36+0 is four weeks before the due date.
    const preview = (await get(`/reactapi/studio/journeys/${journeyId}/preview?due_date=2027-04-11`, doula.cookie)).json();
    expect(preview.steps.map((each: { at_iso: string }) => each.at_iso)).toEqual([
      "2027-03-14T09:00:00.000Z",
      "2027-03-21T09:00:00.000Z",
      "2027-04-14T09:00:00.000Z",
    ]);
    expect((await get(`/reactapi/studio/journeys/${journeyId}/preview?due_date=soon`, doula.cookie)).statusCode).toBe(400);

    // Due 11 April 2027: 36+0 is Sunday 14 March, the spring-forward day; 09:00 there is 14:00 UTC (CDT).
    const maya = await memberDue("journey-maya", "2027-04-11");
    const mayaEmail = maya.email;
    // Joined at 36+0 at 12:00 Chicago time, three hours after that day's step: not sent to her, ever.
    clock.set(new Date("2027-03-14T17:00:00Z"));
    const late = await memberDue("journey-late", "2027-04-11");
    clock.set(new Date("2027-03-14T13:59:00Z"));
    expect(await workOn(db(), clock)).toBe(0);
    const before = (await get("/reactapi/journey", maya.cookie)).json() as MyJourney;
    expect(before).toMatchObject({ due_date: "2027-04-11", time_zone: "America/Chicago", paused: false });
    expect(before.steps[0]).toMatchObject({ title: "Pack your bag", at: "2027-03-14T14:00:00.000Z", status: "upcoming" });

    clock.set(new Date("2027-03-14T14:00:00Z"));
    expect(await workOn(db(), clock)).toBe(1);
    expect(await workOn(db(), clock)).toBe(0);
    const mails = await mailsTo(db(), mayaEmail);
    expect(mails.map((mail) => mail.subject)).toEqual(["Pack your bag"]);
    expect(mails[0]!.text).toContain("About Pack your bag.");
    expect(mails[0]!.text).toContain("https://journeys.example/journey/steps/");
    clock.set(new Date("2027-03-14T18:00:00Z"));
    expect(await workOn(db(), clock)).toBe(0);
    expect(await mailsTo(db(), late.email)).toEqual([]);
    const afterSend = (await get("/reactapi/journey", maya.cookie)).json() as MyJourney;
    expect(afterSend.steps.map((each) => [each.title, each.status])).toEqual([
      ["Pack your bag", "sent"],
      ["Rest and nest", "upcoming"],
    ]);

    // Her due date moves two weeks later: the sent step stays sent, the next one moves with it.
    expect((await post("/reactapi/account/pacing", maya.cookie, { due_date: "2027-04-25", baby_arrived: false })).statusCode).toBe(200);
    // The member who joined at 36+0 gets what comes after she joined: 37+0, on 21 March.
    clock.set(new Date("2027-03-21T14:00:00Z"));
    expect(await workOn(db(), clock)).toBe(1);
    expect((await mailsTo(db(), late.email)).map((mail) => mail.subject)).toEqual(["Rest and nest"]);
    const moved = (await get("/reactapi/journey", maya.cookie)).json() as MyJourney;
    expect(moved.steps.map((each) => [each.title, each.at, each.status])).toEqual([
      ["Pack your bag", "2027-03-14T14:00:00.000Z", "sent"],
      ["Rest and nest", "2027-04-04T14:00:00.000Z", "upcoming"],
    ]);
    clock.set(new Date("2027-04-04T14:00:00Z"));
    expect(await workOn(db(), clock)).toBe(1);
    expect((await mailsTo(db(), mayaEmail)).map((mail) => mail.subject)).toEqual(["Pack your bag", "Rest and nest"]);
    // Her Spanish reads the Spanish step.
    expect((await get("/reactapi/journey", maya.cookie)).json().steps[0].title).toBe("Pack your bag");
    const spanish = await app().inject({
      method: "GET",
      url: "/reactapi/journey",
      headers: { cookie: maya.cookie, "accept-language": "es" },
    });
    expect(spanish.json().steps[0].title).toBe("Pack your bag (es)");

    // Saved again with the 37-week step's words changed: it keeps its id, and is not sent again.
    const saved = await post(`/reactapi/studio/journeys/${journeyId}`, doula.cookie, {
      name: "Week by week",
      for: "due_date",
      steps: [step({ week: 36, day: 0 }, "Pack your bag"), step({ week: 37, day: 0 }, "Rest, nest, and eat well")],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await workOn(db(), clock)).toBe(0);
    expect((await get("/reactapi/journey", maya.cookie)).json().steps.map((each: { title: string }) => each.title)).toEqual([
      "Pack your bag",
      "Rest, nest, and eat well",
    ]);

    // Paused, nothing reaches her; in her download are her choices and what was sent.
    expect((await post("/reactapi/journey/settings", maya.cookie, { paused: true })).statusCode).toBe(200);
    expect((await post("/reactapi/journey/settings", maya.cookie, { time_zone: "Mars/Olympus" })).statusCode).toBe(400);
    const download = (await get("/reactapi/account/export", maya.cookie)).json().journeys;
    expect(download).toMatchObject({ time_zone: "America/Chicago", paused: true });
    expect(download.steps_sent.map((each: { title: string }) => each.title)).toEqual(["Pack your bag", "Rest, nest, and eat well"]);
    // Another member's timeline is her own: the step she was sent, none of Maya's.
    expect(((await get("/reactapi/journey", late.cookie)).json() as MyJourney).steps.map((each) => [each.title, each.status])).toEqual([
      ["Rest, nest, and eat well", "sent"],
    ]);

    const mayaId = (await findUserByEmail(db(), mayaEmail))!.id;
    expect((await post("/reactapi/account/delete", maya.cookie, { password: "calm-Birth-2025" })).statusCode).toBe(200);
    expect(await db().select().from(journeyDeliveries).where(eq(journeyDeliveries.memberId, mayaId))).toEqual([]);
    expect((await post(`/reactapi/studio/journeys/${journeyId}/delete`, doula.cookie)).json().message).toBe(
      'Deleted the journey "Week by week". No more of its steps are sent.',
    );
  });
});

describe.each(backends)("who a journey is for, and how it reaches her, on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  const context = useTestApp(backend, { clock });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string | undefined, payload: unknown = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object });
  const get = (url: string, cookie?: string) => app().inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const titles = async (cookie: string) =>
    ((await get("/reactapi/journey", cookie)).json() as MyJourney).steps.map((each) => [each.title, each.status]);

  it("reaches her birth clients alone when it is for them, and by mail only when she lets it", async () => {
    const doula = await signedInInstructor(app(), db(), "journey-audiences");
    const forClients = await post("/reactapi/studio/journeys", doula.cookie, {
      name: "For my clients",
      for: "clients",
      steps: [step({ week: 36, day: 0 }, "Your birth plan visit")],
    });
    expect(forClients.statusCode, forClients.body).toBe(201);
    // Due on 1 June 2027: 36+0 is 4 May, 09:00 in Chicago.
    const client = await takeOnClient(app(), db(), doula.cookie, { prefix: "journey-client", dueDate: "2027-06-01" });
    const member = await signedInMember(app(), "journey-not-client");
    for (const cookie of [client.cookie, member.cookie]) {
      expect((await post("/reactapi/account/pacing", cookie, { due_date: "2027-06-01", baby_arrived: false })).statusCode).toBe(200);
      expect((await post("/reactapi/journey/settings", cookie, { time_zone: "America/Chicago" })).statusCode).toBe(200);
    }
    expect(await titles(client.cookie)).toEqual([["Your birth plan visit", "upcoming"]]);
    expect(await titles(member.cookie)).toEqual([]);
    // With her clients' journey (care) off, she has no birth clients for a journey to reach; on again, it does.
    const turn = (name: string, on: boolean) => post(`/reactapi/studio/capabilities/${name}`, doula.cookie, { on });
    for (const name of ["team", "labour", "care"]) expect((await turn(name, false)).statusCode).toBe(200);
    expect(await titles(client.cookie)).toEqual([]);
    for (const name of ["care", "labour", "team"]) expect((await turn(name, true)).statusCode).toBe(200);
    expect(await titles(client.cookie)).toEqual([["Your birth plan visit", "upcoming"]]);

    // A journey for everyone due, which she lets reach her in the app only.
    expect(
      (
        await post("/reactapi/studio/journeys", doula.cookie, {
          name: "For everyone due",
          for: "due_date",
          steps: [step({ week: 36, day: 0 }, "Pack your bag", { channels: ["app", "mail"] })],
        })
      ).statusCode,
    ).toBe(201);
    const refused = await post("/reactapi/journey/settings", member.cookie, { channels: ["sms"] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/mail/);
    expect((await post("/reactapi/journey/settings", member.cookie, { channels: [] })).statusCode).toBe(200);
    expect((await get("/reactapi/journey", member.cookie)).json()).toMatchObject({ channels: [] });
    expect((await get("/reactapi/journey", client.cookie)).json()).toMatchObject({ channels: ["mail", "push"] });

    clock.set(new Date("2027-05-04T14:00:00Z"));
    // Opening her journey once its hour has come, she reads the step without waiting for the timed work, which then sends the rest once.
    expect(await titles(member.cookie)).toEqual([["Pack your bag", "sent"]]);
    expect(await workOn(db(), clock)).toBe(2);
    expect(await workOn(db(), clock)).toBe(0);
    expect((await mailsTo(db(), member.email)).length).toBe(0);
    expect((await mailsTo(db(), client.email)).map((mail) => mail.subject).sort()).toEqual(
      [expect.stringContaining("Pack your bag"), expect.stringContaining("Your birth plan visit")].sort(),
    );
  });

  it("gives a member who joins at 37 weeks no 36-week step, only the steps to come", async () => {
    const doula = await signedInInstructor(app(), db(), "journey-late-joiner");
    clock.set(new Date("2027-06-01T12:00:00Z"));
    expect(
      (
        await post("/reactapi/studio/journeys", doula.cookie, {
          name: "Late in pregnancy",
          for: "due_date",
          steps: [step({ week: 36, day: 0 }, "Thirty-six weeks"), step({ week: 38, day: 0 }, "Thirty-eight weeks")],
        })
      ).statusCode,
    ).toBe(201);
    // A day later she joins, due on 25 June 2027: she is at 37+0 today.
    clock.set(new Date("2027-06-04T12:00:00Z"));
    const member = await signedInMember(app(), "journey-joins-late");
    await db().update(users).set({ createdAt: clock.now() }).where(eq(users.email, member.email));
    expect((await post("/reactapi/account/pacing", member.cookie, { due_date: "2027-06-25", baby_arrived: false })).statusCode).toBe(200);
    expect((await post("/reactapi/journey/settings", member.cookie, { time_zone: "America/Chicago" })).statusCode).toBe(200);
    expect(await titles(member.cookie)).toEqual([["Thirty-eight weeks", "upcoming"]]);
    expect(await workOn(db(), clock)).toBe(0);
    // 38+0 is 11 June, 09:00 in Chicago (14:00 UTC).
    clock.set(new Date("2027-06-11T14:00:00Z"));
    expect(await titles(member.cookie)).toEqual([["Thirty-eight weeks", "sent"]]);
    expect(
      await db()
        .select()
        .from(journeyDeliveries)
        .where(eq(journeyDeliveries.memberId, (await findUserByEmail(db(), member.email))!.id)),
    ).toHaveLength(1);
  });

  it("sends no more pregnancy steps once her pacing says her baby has arrived, though no birth day was recorded", async () => {
    const member = await signedInMember(app(), "journey-arrived-early");
    await db().update(users).set({ createdAt: clock.now() }).where(eq(users.email, member.email));
    expect((await post("/reactapi/account/pacing", member.cookie, { due_date: "2027-07-09", baby_arrived: false })).statusCode).toBe(200);
    // Due on 9 July: the journey above's 38+0 step is on 25 June, still to come.
    expect(await titles(member.cookie)).toEqual([["Thirty-eight weeks", "upcoming"]]);
    expect((await post("/reactapi/account/pacing", member.cookie, { due_date: "2027-07-09", baby_arrived: true })).statusCode).toBe(200);
    expect(await titles(member.cookie)).toEqual([]);
    clock.set(new Date("2027-06-25T14:00:00Z"));
    expect(await titles(member.cookie)).toEqual([]);
    expect(await workOn(db(), clock)).toBe(0);
  });

  it("tells the community of the birth only when she chose it, as her own post", async () => {
    const doula = await signedInInstructor(app(), db(), "journey-community");
    expect((await post("/reactapi/studio/community/topics", doula.cookie, { title: "Our news" })).statusCode).toBe(201);
    const sharing = await signedInMember(app(), "journey-shares");
    const quiet = await signedInMember(app(), "journey-quiet");
    for (const cookie of [sharing.cookie, quiet.cookie])
      expect((await post("/reactapi/account/pacing", cookie, { due_date: "2027-03-10", baby_arrived: false })).statusCode).toBe(200);
    const shared = await post("/reactapi/account/birth", sharing.cookie, {
      born_on: "2027-03-01",
      baby_name: "Lucía",
      weight_grams: 3200,
      tell_community: true,
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect((await post("/reactapi/account/birth", quiet.cookie, { born_on: "2027-03-01", baby_name: "Leo" })).statusCode).toBe(200);
    expect((await post("/reactapi/account/birth", quiet.cookie, { born_on: "2027-03-01", tell_community: "yes" })).statusCode).toBe(400);
    const announcements = await db().select().from(communityThreads);
    expect(announcements.map((thread) => thread.title)).toEqual(["Lucía is here!"]);
    expect(announcements[0]!.authorId).toBe((await findUserByEmail(db(), sharing.email))!.id);
  });

  it("starts a new site with a gentle default journey in both languages, which she edits like any other", async () => {
    const doula = await signedInInstructor(app(), db(), "journey-default");
    await db().transaction((tx) => app().seedCapabilities(tx));
    const journeys = (await get("/reactapi/studio/journeys", doula.cookie)).json().journeys as StudioJourney[];
    const seeded = journeys.find((journey) => journey.name === "Pregnancy and the first weeks")!;
    expect(seeded.for).toBe("due_date");
    expect(seeded.steps.map((each) => each.at)).toEqual([
      { week: 28, day: 0 },
      { week: 36, day: 0 },
      { after_birth_days: 3 },
      { after_birth_days: 14 },
    ]);
    for (const each of seeded.steps) {
      expect(each.title.es).not.toBe("");
      expect(each.text.es).not.toBe(each.text.en);
      expect(each.hour).toBe("09:00");
    }
    expect(seeded.steps.at(-1)!.check_in).toBe("wellbeing");
  });
});

describe.each(backends)("check-ins on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  const context = useTestApp(backend, { clock, environment: { PUSH_SERVICES: "https://push.example" } });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string, payload: unknown = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as object });
  const get = (url: string, cookie: string, language = "en") =>
    app().inject({ method: "GET", url, headers: { cookie, "accept-language": language } });
  const doulaMails = () =>
    db()
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "journey_contact_request"))
      .orderBy(mailOutbox.id);
  const calm = { phq2_1: 0, phq2_2: 0, gad2_1: 0, gad2_2: 0, harm: 0, contact: 0 };

  it("asks the wellbeing check-in and tells her doula once when she asks, when her PHQ-2 is 3, and when she speaks of harm; never shows a score", async () => {
    const doula = await signedInInstructor(app(), db(), "check-in-doula");
    // Her phone hears of each request: subscribed at a push service the site sends to; the queue is read.
    const doulaPhone = browserSubscription("https://push.example/doula-phone");
    const subscribed = await post("/reactapi/push/subscriptions", doula.cookie, {
      ...doulaPhone.json,
      kinds: ["journeys"],
      previews: true,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const created = await post("/reactapi/studio/journeys", doula.cookie, {
      name: "How are you?",
      for: "due_date",
      steps: [step({ week: 36, day: 0 }, "How are you feeling?", { channels: ["app"], check_in: "wellbeing" })],
    });
    expect(created.statusCode, created.body).toBe(201);
    const members: Record<string, { email: string; cookie: string }> = {};
    for (const name of ["asks", "scores", "harm", "calm"]) {
      const member = await signedInMember(app(), `check-in-${name}`);
      expect((await post("/reactapi/account/pacing", member.cookie, { due_date: "2027-04-11", baby_arrived: false })).statusCode).toBe(200);
      await db().update(users).set({ createdAt: clock.now() }).where(eq(users.email, member.email));
      members[name] = member;
    }
    clock.set(new Date("2027-03-14T09:00:00Z"));
    expect(await workOn(db(), clock)).toBe(4);
    const timeline = (await get("/reactapi/journey", members.asks!.cookie)).json() as MyJourney;
    expect(timeline.steps).toMatchObject([{ title: "How are you feeling?", check_in_id: "wellbeing", status: "sent" }]);
    const stepId = timeline.steps[0]!.id;

    const opened = (await get(`/reactapi/journey/steps/${stepId}`, members.asks!.cookie)).json();
    expect(opened.check_in.questions.map((question: { id: string; scale: string }) => [question.id, question.scale])).toEqual([
      ["phq2_1", "phq2"],
      ["phq2_2", "phq2"],
      ["gad2_1", "gad2"],
      ["gad2_2", "gad2"],
      ["harm", "harm"],
      ["contact", "contact"],
    ]);
    expect(opened.check_in.questions[0].options.map((option: { label: string }) => option.label)).toEqual([
      "Not at all",
      "Several days",
      "More than half the days",
      "Nearly every day",
    ]);
    const inSpanish = (await get(`/reactapi/journey/steps/${stepId}`, members.asks!.cookie, "es")).json();
    expect(inSpanish.check_in.questions[0].text).toBe("Poco interés o placer en hacer cosas");
    expect(inSpanish.check_in.questions[5].text).toBe("¿Le gustaría que su doula se comunique con usted?");

    const answer = (who: string, answers: Record<string, number>, consent: boolean | "left out" = true) =>
      post(`/reactapi/journey/steps/${stepId}/check-in`, members[who]!.cookie, { ...(consent === "left out" ? {} : { consent }), answers });
    // Without her consent nothing is kept; a question left out, or one it does not ask, is refused.
    const noConsent = await answer("asks", { ...calm, contact: 1 }, "left out");
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().details.consent).toMatch(/Tick the box/);
    expect((await answer("asks", { ...calm, contact: 1 }, false)).statusCode).toBe(400);
    expect((await answer("asks", { phq2_1: 0 })).json().details).toHaveProperty("phq2_2");
    expect((await answer("asks", { ...calm, surprise: 1 })).statusCode).toBe(400);
    expect((await answer("asks", { ...calm, harm: 3 })).statusCode).toBe(400);
    expect(await doulaMails()).toEqual([]);

    const asked = await answer("asks", { ...calm, contact: 1 });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      doula_will_reach_out: true,
      message: "Thank you for telling us. Your doula will reach out to you soon.",
    });
    expect(asked.json().crisis_lines.map((line: { phone: string }) => line.phone)).toEqual(["1-800-944-4773", "988", "911"]);
    expect(JSON.stringify(asked.json())).not.toMatch(/score|phq|gad/i);
    expect((await answer("asks", { ...calm, contact: 1 })).statusCode).toBe(409);
    // A PHQ-2 of 3 (2 + 1), without asking: her doula is told too.
    expect((await answer("scores", { ...calm, phq2_1: 2, phq2_2: 1 })).json().doula_will_reach_out).toBe(true);
    expect((await answer("harm", { ...calm, harm: 1 })).json().doula_will_reach_out).toBe(true);
    // The lines she is given are the ones her doula set for where her clients live.
    expect((await get("/reactapi/studio/journeys/crisis-lines", doula.cookie)).json()).toMatchObject({ is_default: true });
    const samaritans = { name: "Samaritans", phone: "116 123", note: "Free, day and night." };
    expect(
      (await post("/reactapi/studio/journeys/crisis-lines", doula.cookie, { lines: [{ ...samaritans, phone: "call me" }] })).statusCode,
    ).toBe(400);
    expect((await post("/reactapi/studio/journeys/crisis-lines", doula.cookie, { lines: Array(7).fill(samaritans) })).statusCode).toBe(400);
    expect((await post("/reactapi/studio/journeys/crisis-lines", members.calm!.cookie, { lines: [samaritans] })).statusCode).toBe(403);
    expect((await post("/reactapi/studio/journeys/crisis-lines", doula.cookie, { lines: [samaritans] })).statusCode).toBe(200);
    const quiet = await answer("calm", { ...calm, phq2_1: 1, gad2_1: 2 });
    expect(quiet.json().crisis_lines).toEqual([samaritans]);
    expect((await post("/reactapi/studio/journeys/crisis-lines", doula.cookie, { lines: [] })).json().message).toMatch(/US lines again/);
    expect(
      (await get("/reactapi/studio/journeys/crisis-lines", doula.cookie)).json().lines.map((line: { phone: string }) => line.phone),
    ).toEqual(["1-800-944-4773", "988", "911"]);
    expect(quiet.json()).toMatchObject({
      doula_will_reach_out: false,
      message: "Thank you for answering. Your doula keeps your answers with your care.",
    });
    expect((await doulaMails()).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/ asked you to contact her$/),
      expect.stringMatching(/'s check-in calls for a call from you$/),
      expect.stringMatching(/ needs a call from you now$/),
    ]);
    const pushed = await db().select({ payload: pushOutbox.payload }).from(pushOutbox).orderBy(pushOutbox.id);
    expect(pushed.map((row) => row.payload.title)).toEqual([
      expect.stringMatching(/ asked you to contact her$/),
      expect.stringMatching(/'s check-in calls for a call from you$/),
      expect.stringMatching(/ needs a call from you now$/),
    ]);

    // Studio → Journeys → Asked for contact: newest first, marked once.
    const member = await signedInMember(app(), "check-in-outsider");
    expect((await get("/reactapi/studio/journeys/contact-requests", member.cookie)).statusCode).toBe(403);
    const requests = (await get("/reactapi/studio/journeys/contact-requests", doula.cookie)).json() as {
      id: number;
      reason: string;
      seen_at: string | null;
    }[];
    expect(requests.map((request) => request.reason)).toEqual(["harm", "score", "asked"]);
    expect((await post(`/reactapi/studio/journeys/contact-requests/${requests[0]!.id}/seen`, doula.cookie)).json().message).toBe(
      "Marked as called.",
    );
    expect((await post(`/reactapi/studio/journeys/contact-requests/${requests[0]!.id}/seen`, doula.cookie)).json().message).toBe(
      "It was marked as called already.",
    );
    expect((await post("/reactapi/studio/journeys/contact-requests/999999/seen", doula.cookie)).statusCode).toBe(404);
    expect((await get("/reactapi/studio/journeys/contact-requests", doula.cookie)).json()[0]).toMatchObject({
      seen_by: expect.any(String),
      seen_at: expect.any(String),
    });

    // Her doula reads her answers question by question, in her own language, with the steps sent her.
    const scoresId = (await findUserByEmail(db(), members.scores!.email))!.id;
    const read = (await get(`/reactapi/studio/journeys/members/${scoresId}`, doula.cookie)).json();
    expect(read.steps_sent).toEqual([expect.objectContaining({ title: "How are you feeling?", due_at: "2027-03-14T09:00:00.000Z" })]);
    expect(read.check_ins[0].answers.slice(0, 2)).toEqual([
      { question: "Little interest or pleasure in doing things", answer: "More than half the days" },
      { question: "Feeling down, depressed, or hopeless", answer: "Several days" },
    ]);
    expect(read.contact_requests).toEqual([expect.objectContaining({ reason: "score", member_id: scoresId })]);
    expect((await get(`/reactapi/studio/journeys/members/${scoresId}`, doula.cookie, "es")).json().check_ins[0].answers[0]).toEqual({
      question: "Poco interés o placer en hacer cosas",
      answer: "Más de la mitad de los días",
    });
    expect((await get(`/reactapi/studio/journeys/members/${scoresId}`, members.calm!.cookie)).statusCode).toBe(403);
    expect((await get("/reactapi/studio/journeys/members/999999", doula.cookie)).statusCode).toBe(404);

    // Her answers: hers and her doula's only; in her download; gone with her account.
    expect((await get(`/reactapi/journey/steps/${stepId}`, member.cookie)).statusCode).toBe(404);
    expect((await get("/reactapi/journey", members.asks!.cookie)).json().steps[0].status).toBe("answered");
    const hers = (await get("/reactapi/account/export", members.harm!.cookie)).json().journeys;
    expect(hers.check_ins).toEqual([expect.objectContaining({ answers: { ...calm, harm: 1 } })]);
    expect(hers.contact_requests).toEqual([expect.objectContaining({ reason: "harm" })]);
    const others = JSON.stringify((await get("/reactapi/account/export", members.calm!.cookie)).json());
    expect(others).not.toContain('"harm":1');
    const harmId = (await findUserByEmail(db(), members.harm!.email))!.id;
    expect((await post("/reactapi/account/delete", members.harm!.cookie, { password: "calm-Birth-2025" })).statusCode).toBe(200);
    expect(await db().select().from(journeyCheckIns).where(eq(journeyCheckIns.memberId, harmId))).toEqual([]);
    expect(
      (await get("/reactapi/studio/journeys/contact-requests", doula.cookie)).json().map((request: { reason: string }) => request.reason),
    ).toEqual(["score", "asked"]);
  });
});

describe.each(backends)("a check-in made of one of her questionnaires, on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  const context = useTestApp(backend, { clock });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string, payload: unknown = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as object });
  const get = (url: string, cookie: string) => app().inject({ method: "GET", url, headers: { cookie } });

  it("asks her questions through her clients' questionnaire engine, ends with the contact question, and keeps sensitive answers only with consent", async () => {
    const doula = await signedInInstructor(app(), db(), "questionnaire-check-in");
    const questionnaire = await post("/reactapi/studio/care/questionnaires", doula.cookie, {
      title: "Feeding at two weeks",
      questions: [
        { kind: "choice", label: "How is feeding going?", options: ["Well", "It is hard"] },
        { kind: "yes_no", label: "Is your bleeding heavier than a period?", sensitive: true },
        { kind: "long_text", label: "Anything else?", optional: true },
      ],
    });
    expect(questionnaire.statusCode, questionnaire.body).toBe(201);
    const questionnaireId = questionnaire.json().id as number;
    const body = (checkIn: unknown) => ({
      name: "Feeding",
      for: "due_date",
      steps: [step({ week: 36, day: 0 }, "How is feeding?", { channels: ["app"], check_in: checkIn as "wellbeing" })],
    });
    const unknown = await post("/reactapi/studio/journeys", doula.cookie, body(999_999));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("There is no questionnaire with the id 999999.");
    expect((await post("/reactapi/studio/journeys", doula.cookie, body("feeding"))).statusCode).toBe(400);
    const created = await post("/reactapi/studio/journeys", doula.cookie, body(questionnaireId));
    expect(created.statusCode, created.body).toBe(201);
    const studio = (await get("/reactapi/studio/journeys", doula.cookie)).json();
    expect(studio.questionnaires).toEqual([{ id: questionnaireId, title: "Feeding at two weeks" }]);
    expect(studio.journeys[0].steps[0].check_in).toBe(questionnaireId);

    const member = await signedInMember(app(), "questionnaire-member");
    expect((await post("/reactapi/account/pacing", member.cookie, { due_date: "2027-04-11", baby_arrived: false })).statusCode).toBe(200);
    await db().update(users).set({ createdAt: clock.now() }).where(eq(users.email, member.email));
    clock.set(new Date("2027-03-14T15:00:00Z"));
    const timeline = (await get("/reactapi/journey", member.cookie)).json() as MyJourney;
    expect(timeline.steps).toMatchObject([{ title: "How is feeding?", check_in_id: questionnaireId, status: "sent" }]);
    const stepId = timeline.steps[0]!.id;
    const opened = (await get(`/reactapi/journey/steps/${stepId}`, member.cookie)).json();
    expect(opened.check_in.intro).toBe("Feeding at two weeks");
    expect(
      opened.check_in.questions.map((question: { id: string; kind: string; scale: string | null; sensitive: boolean }) => [
        question.id,
        question.kind,
        question.scale,
        question.sensitive,
      ]),
    ).toEqual([
      ["0", "choice", null, false],
      ["1", "yes_no", null, true],
      ["2", "long_text", null, false],
      ["contact", "choice", "contact", false],
    ]);

    const answer = (answers: Record<string, unknown>, consent?: boolean) =>
      post(`/reactapi/journey/steps/${stepId}/check-in`, member.cookie, { ...(consent === undefined ? {} : { consent }), answers });
    const missing = await answer({ 0: "Well", contact: 0 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ 1: "Please answer this question." });
    const misfit = await answer({ 0: "Fine", 1: true, contact: 0 });
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json().details).toEqual({ 0: "This answer does not fit the question." });
    expect((await answer({ 0: "Well", 1: true })).json().details).toEqual({ contact: "Please choose an answer." });
    const noConsent = await answer({ 0: "It is hard", 1: true, contact: 1 });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().details).toHaveProperty("consent");
    expect(await db().select().from(journeyCheckIns)).toEqual([]);

    const answered = await answer({ 0: "It is hard", 1: true, 2: "  Tired.  ", contact: 1 }, true);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ doula_will_reach_out: true });
    expect((await answer({ 0: "Well", 1: false, contact: 0 }, true)).statusCode).toBe(409);
    const memberId = (await findUserByEmail(db(), member.email))!.id;
    const read = (await get(`/reactapi/studio/journeys/members/${memberId}`, doula.cookie)).json();
    expect(read.check_ins[0].answers).toEqual([
      { question: "How is feeding going?", answer: "It is hard" },
      { question: "Is your bleeding heavier than a period?", answer: "Yes" },
      { question: "Anything else?", answer: "Tired." },
      { question: "Would you like your doula to contact you?", answer: "Yes" },
    ]);
    expect(read.contact_requests).toMatchObject([{ reason: "asked", seen_at: null }]);
    const download = (await get("/reactapi/account/export", member.cookie)).json().journeys;
    expect(download.check_ins[0].answers).toEqual({ 0: "It is hard", 1: true, 2: "Tired.", contact: 1 });
  });
});

describe.each(backends)("a contact request her doula has not seen, on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  // Her backup's phone is subscribed at a push service the site sends to; nothing is sent here, the queue is read.
  const context = useTestApp(backend, { clock, environment: { PUSH_SERVICES: "https://push.example" } });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string, payload: unknown = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as object });
  const backupMails = (email: string) =>
    db()
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "journey_contact_request")));
  const escalate = () =>
    tellBackups({
      db: db(),
      clock,
      mail: {
        practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
        publicUrl: "https://journeys.example",
      },
      sender: { wake: () => {} } as unknown as MailSender,
      contactEmail: "doula@journeys.example",
      escalateMinutes: 10,
    });

  it("goes on to her backup doula after the labour line's escalation time, once, and never when seen", async () => {
    const doula = await signedInInstructor(app(), db(), "escalation-doula");
    const backupEmail = uniqueEmail("escalation-backup");
    expect((await post("/reactapi/studio/team/invite", doula.cookie, { email: backupEmail, first_name: "Noor" })).statusCode).toBe(201);
    const [invitation] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, backupEmail), eq(mailOutbox.kind, "team_invitation")));
    const token = invitation!.textBody.match(/team_invitation=([A-Za-z0-9_-]+)/)![1];
    const backup = await register(app(), { email: backupEmail, password: GOOD_PASSWORD, first_name: "Noor", team_invitation: token });
    expect(backup.statusCode, backup.body).toBe(201);
    // Her phone hears of the members who ask for a call.
    const backupCookie = sessionCookieOf(await login(app(), backupEmail));
    const backupPhone = browserSubscription("https://push.example/backup-phone");
    const subscribed = await post("/reactapi/push/subscriptions", backupCookie, {
      ...backupPhone.json,
      kinds: ["journeys"],
      previews: true,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    expect(
      (
        await post("/reactapi/studio/journeys", doula.cookie, {
          name: "Checking in",
          for: "due_date",
          steps: [step({ week: 36, day: 0 }, "How are you?", { channels: ["app"], check_in: "wellbeing" })],
        })
      ).statusCode,
    ).toBe(201);
    const clients = [];
    for (const name of ["Rosa", "Ana"]) {
      const client = await takeOnClient(app(), db(), doula.cookie, {
        prefix: `escalation-${name.toLowerCase()}`,
        dueDate: "2027-04-11",
        firstName: name,
      });
      expect(
        (await post(`/reactapi/studio/care/clients/${client.recordId}/backup`, doula.cookie, { user_id: backup.json().id })).statusCode,
      ).toBe(200);
      expect((await post("/reactapi/account/pacing", client.cookie, { due_date: "2027-04-11", baby_arrived: false })).statusCode).toBe(200);
      await db().update(users).set({ createdAt: clock.now() }).where(eq(users.email, client.email));
      clients.push(client);
    }
    clock.set(new Date("2027-03-14T09:00:00Z"));
    expect(await workOn(db(), clock)).toBe(2);
    for (const client of clients) {
      const stepId = (
        (await app().inject({ method: "GET", url: "/reactapi/journey", headers: { cookie: client.cookie } })).json() as MyJourney
      ).steps[0]!.id;
      const answered = await post(`/reactapi/journey/steps/${stepId}/check-in`, client.cookie, {
        consent: true,
        answers: { phq2_1: 0, phq2_2: 0, gad2_1: 0, gad2_2: 0, harm: 0, contact: 1 },
      });
      expect(answered.json().doula_will_reach_out).toBe(true);
    }
    // Ana's request is seen at once; Rosa's waits.
    const requests = (
      await app().inject({ method: "GET", url: "/reactapi/studio/journeys/contact-requests", headers: { cookie: doula.cookie } })
    ).json() as {
      id: number;
      name: string;
    }[];
    const anas = requests.find((request) => request.name.startsWith("Ana"))!;
    expect((await post(`/reactapi/studio/journeys/contact-requests/${anas.id}/seen`, doula.cookie)).statusCode).toBe(200);

    clock.set(new Date("2027-03-14T09:09:00Z"));
    expect(await escalate()).toBe(0);
    clock.set(new Date("2027-03-14T09:11:00Z"));
    expect(await escalate()).toBe(1);
    expect(await escalate()).toBe(0);
    const told = await backupMails(backupEmail);
    expect(told.map((mail) => mail.subject)).toEqual(["Rosa Díaz asked you to contact her"]);
    expect(told[0]!.text).toContain("You are told as her backup doula: her doula has not marked it seen yet.");
    const backupId = (await findUserByEmail(db(), backupEmail))!.id;
    const pushed = await db()
      .select({ payload: pushOutbox.payload })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.userId, backupId));
    expect(pushed.map((row) => row.payload.title)).toEqual(["Rosa Díaz asked you to contact her"]);
  });
});

describe.each(backends)("Baby is here on %s", (backend) => {
  // Her care client is due on 1 June 2027: at 39 weeks her labour line is open.
  const clock = movableClock(new Date("2027-05-25T12:00:00Z"));
  const context = useTestApp(backend, { clock });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string, payload: unknown = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as object });
  const get = (url: string, cookie: string) => app().inject({ method: "GET", url, headers: { cookie } });
  const doulaMails = () =>
    db()
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, "baby_arrived"))
      .orderBy(mailOutbox.id);

  it("turns her journey to the days after the birth, closes her labour line and tells her doula once, from her partner's account", async () => {
    const doula = await signedInInstructor(app(), db(), "birth-doula");
    expect(
      (
        await post("/reactapi/studio/journeys", doula.cookie, {
          name: "Around the birth",
          for: "due_date",
          steps: [step({ week: 40, day: 0 }, "Your due date"), step({ after_birth_days: 3 }, "Day three")],
        })
      ).statusCode,
    ).toBe(201);
    const client = await takeOnClient(app(), db(), doula.cookie, { prefix: "birth-client", dueDate: "2027-06-01" });
    expect((await post("/reactapi/account/pacing", client.cookie, { due_date: "2027-06-01", baby_arrived: false })).statusCode).toBe(200);
    expect((await get("/reactapi/care/labour", client.cookie)).json().records[0].open).toBe(true);
    const partner = (await linkedPartner(app(), db(), client.cookie, { prefix: "birth-partner" })).cookie;

    expect((await post("/reactapi/account/birth", partner, { born_on: "2027-05-27" })).json().error).toBe(
      "The birth date cannot be in the future.",
    );
    expect((await post("/reactapi/account/birth", partner, { born_on: "2026-05-01" })).statusCode).toBe(400);
    expect((await post("/reactapi/account/birth", partner, { born_on: "2027-05-24", weight_grams: 90_000 })).statusCode).toBe(400);
    const recorded = await post("/reactapi/account/birth", partner, { born_on: "2027-05-24", baby_name: "Lily", weight_grams: 3400 });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().message).toMatch(/^Congratulations\./);

    // Her doula is told, once, and her line is closed.
    const told = await doulaMails();
    expect(told.map((mail) => mail.subject)).toEqual(["Rosa Díaz's baby is here"]);
    expect(told[0]!.text).toContain("Born on 24 May 2027.");
    expect(told[0]!.text).toContain("Her partner recorded it.");
    expect(told[0]!.text).toContain("Lily, 3400 g");
    expect(told[0]!.text).toContain(`/studio/clients/${client.recordId}`);
    expect((await get("/reactapi/care/labour", client.cookie)).json().records[0].open).toBe(false);
    expect((await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, { kind: "labour" })).statusCode).toBe(409);
    expect((await post("/reactapi/account/birth", client.cookie, { born_on: "2027-05-24", baby_name: "Lily Rose" })).json().message).toBe(
      "Saved the birth's details.",
    );
    expect(await doulaMails()).toHaveLength(1);

    // Her timeline: the due-date step is gone, the third day's comes on 27 May at 09:00 (UTC, the practice's zone).
    const timeline = (await get("/reactapi/journey", client.cookie)).json() as MyJourney;
    expect(timeline.born_on).toBe("2027-05-24");
    expect(timeline.steps.map((each) => [each.title, each.at, each.status])).toEqual([
      ["Day three", "2027-05-27T09:00:00.000Z", "upcoming"],
    ]);
    clock.set(new Date("2027-05-27T08:59:00Z"));
    expect(await workOn(db(), clock)).toBe(0);
    clock.set(new Date("2027-05-27T09:00:00Z"));
    expect(await workOn(db(), clock)).toBe(1);
    clock.set(new Date("2027-06-01T09:00:00Z"));
    expect(await workOn(db(), clock)).toBe(0);
    expect((await mailsTo(db(), client.email)).map((mail) => mail.subject)).toEqual(["Day three"]);
    expect((await get("/reactapi/account/export", client.cookie)).json().journeys).toMatchObject({
      born_on: "2027-05-24",
      baby_name: "Lily Rose",
    });

    // The doula records a client's birth as she would; a client with no such record is a 404.
    clock.set(new Date("2027-05-25T12:00:00Z"));
    const other = await takeOnClient(app(), db(), doula.cookie, { prefix: "birth-other", dueDate: "2027-06-01", firstName: "Ana" });
    const byDoula = await post(`/reactapi/studio/care/clients/${other.recordId}/birth`, doula.cookie, { born_on: "2027-05-25" });
    expect(byDoula.statusCode, byDoula.body).toBe(200);
    expect((await doulaMails()).map((mail) => mail.subject)).toEqual(["Rosa Díaz's baby is here", "Ana Díaz's baby is here"]);
    expect((await post("/reactapi/studio/care/clients/999999/birth", doula.cookie, { born_on: "2027-05-25" })).statusCode).toBe(404);
    expect((await post(`/reactapi/studio/care/clients/${other.recordId}/birth`, client.cookie, { born_on: "2027-05-25" })).statusCode).toBe(
      403,
    );
  });
});

describe.each(backends)("journeys' notifications on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  let service: PushServiceStandIn;
  let context: TestApp;
  beforeAll(async () => {
    service = await startPushServiceStandIn();
    context = await createTestApp(backend, { clock, environment: { PUSH_SERVICES: service.origin } });
  });
  afterAll(async () => {
    await context.close();
    await service.close();
  });
  const post = (url: string, cookie: string, payload: unknown = {}) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as object });
  const pushesTo = (path: string) => service.delivered.filter((push) => push.path === path);

  it("tells her phone of a step whose channels name notifications, and her doula's of a member who asks for a call", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-doula");
    const member = await signedInMember(context.app, "push-member");
    expect((await post("/reactapi/account/pacing", member.cookie, { due_date: "2027-04-11", baby_arrived: false })).statusCode).toBe(200);
    await context.database.db.update(users).set({ createdAt: clock.now() }).where(eq(users.email, member.email));
    const doulaPhone = browserSubscription(`${service.origin}/push/journeys-doula`);
    const memberPhone = browserSubscription(`${service.origin}/push/journeys-member`);
    expect(
      (await post("/reactapi/push/subscriptions", doula.cookie, { ...doulaPhone.json, kinds: ["journeys"], previews: true })).statusCode,
    ).toBe(201);
    expect(
      (await post("/reactapi/push/subscriptions", member.cookie, { ...memberPhone.json, kinds: ["journeys"], previews: true })).statusCode,
    ).toBe(201);
    const created = await post("/reactapi/studio/journeys", doula.cookie, {
      name: "On her phone",
      for: "due_date",
      steps: [step({ week: 36, day: 0 }, "A quiet check-in", { channels: ["push"], check_in: "wellbeing" })],
    });
    expect(created.statusCode, created.body).toBe(201);
    clock.set(new Date("2027-03-14T09:00:00Z"));
    expect(await workOn(context.database.db, clock)).toBe(1);
    await expect.poll(() => pushesTo("/push/journeys-member").length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(memberPhone.decrypt(pushesTo("/push/journeys-member")[0]!.body))).toMatchObject({
      title: "A quiet check-in",
      body: "About A quiet check-in.",
      url: expect.stringMatching(/^\/journey\/steps\/\d+$/),
    });
    // Only notifications: no mail.
    expect(await mailsTo(context.database.db, member.email)).toEqual([]);

    const stepId = (
      (await context.app.inject({ method: "GET", url: "/reactapi/journey", headers: { cookie: member.cookie } })).json() as MyJourney
    ).steps[0]!.id;
    const answered = await post(`/reactapi/journey/steps/${stepId}/check-in`, member.cookie, {
      consent: true,
      answers: { phq2_1: 0, phq2_2: 0, gad2_1: 0, gad2_2: 0, harm: 0, contact: 1 },
    });
    expect(answered.json().doula_will_reach_out).toBe(true);
    await expect.poll(() => pushesTo("/push/journeys-doula").length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(doulaPhone.decrypt(pushesTo("/push/journeys-doula")[0]!.body))).toMatchObject({
      title: expect.stringMatching(/ asked you to contact her$/),
      url: "/studio/journeys",
    });
    // Her baby's birth reaches her doula's phone too.
    expect((await post("/reactapi/account/birth", member.cookie, { born_on: "2027-03-14" })).statusCode).toBe(200);
    await expect.poll(() => pushesTo("/push/journeys-doula").length, { timeout: 5000 }).toBe(2);
    expect(JSON.parse(doulaPhone.decrypt(pushesTo("/push/journeys-doula")[1]!.body))).toMatchObject({
      title: expect.stringMatching(/'s baby is here$/),
      body: "Born on 14 March 2027.",
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("journeys on two app servers", () => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  const servers = useAppServers({ clock });

  it("sends each step once when both servers run the work at the same moment", async () => {
    const [one, two] = servers;
    const doula = await signedInInstructor(one!.app, one!.handle.db, "journey-two-servers");
    const created = await one!.app.inject({
      method: "POST",
      url: "/reactapi/studio/journeys",
      headers: { ...jsonHeaders, cookie: doula.cookie },
      payload: { name: "Once", for: "due_date", steps: [step({ week: 36, day: 0 }, "Once only")] },
    });
    expect(created.statusCode).toBe(201);
    const members = [];
    for (let index = 0; index < 5; index += 1) {
      const member = await signedInMember(two!.app, `journey-pair-${index}`);
      await two!.app.inject({
        method: "POST",
        url: "/reactapi/account/pacing",
        headers: { ...jsonHeaders, cookie: member.cookie },
        payload: { due_date: "2027-04-11", baby_arrived: false },
      });
      members.push(member);
    }
    await one!.handle.db.update(users).set({ createdAt: clock.now() });
    clock.set(new Date("2027-03-14T09:00:00Z"));
    const sent = await Promise.all([workOn(one!.handle.db, clock), workOn(two!.handle.db, clock), workOn(one!.handle.db, clock)]);
    expect(sent.reduce((sum, each) => sum + each, 0)).toBe(5);
    for (const member of members) expect(await mailsTo(one!.handle.db, member.email)).toHaveLength(1);
  });
});

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});
