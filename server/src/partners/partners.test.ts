import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app.ts";
import { openPurchaseGrants } from "../grants/grants-repository.ts";
import { loadConfig } from "../config.ts";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import { purchases } from "../payments/payments-schema.ts";
import { findUserByEmail } from "../accounts/users-repository.ts";
import { createAccessCode } from "../access-codes/access-codes-repository.ts";
import { importCatalogue } from "../catalogue/catalogue-transfer.ts";
import { movableClock } from "../lib/clock.ts";
import {
  backends,
  createScratchPostgres,
  DEMO_CODE,
  demoCatalogue,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  postgresMissingNotice,
  register,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  uniqueEmail,
  useTestApp,
  rememberTestDatabase,
} from "../../../testing/test-app.ts";
import type { Database } from "../db/client.ts";

type Caller = { app: FastifyInstance };
const post = ({ app }: Caller, url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload });
const get = ({ app }: Caller, url: string, cookie: string) => app.inject({ method: "GET", url, headers: { cookie } });

/** Whether the course list says the course opens for this account. */
async function opens(caller: Caller, cookie: string, courseId: number): Promise<boolean> {
  const list = (await get(caller, "/reactapi/getcourses", cookie)).json() as { courses: { id: number; course_access: string }[] };
  return list.courses.find((course) => course.id === courseId)?.course_access === "true";
}

/** His account, made through her invitation; returns his address and cookie. */
async function partnerOf(caller: Caller & { db: Database }, her: { cookie: string }, prefix = "partner") {
  const email = uniqueEmail(prefix);
  expect((await post(caller, "/reactapi/account/partner/invite", her.cookie, { email })).statusCode).toBe(201);
  const invitation = await invitationMailedTo(caller.db, email);
  const registered = await register(caller.app, { email, password: GOOD_PASSWORD, first_name: "Sam", invitation });
  expect(registered.statusCode, registered.body).toBe(201);
  return { email, cookie: sessionCookieOf(await login(caller.app, email)), invitation };
}

async function invitationMailedTo(db: Database, email: string): Promise<string> {
  // The partner's link names its token "invitation", not "token": read it from the mail's text.
  const { mailOutbox } = await import("../mail/mail-schema.ts");
  const { and, desc, eq } = await import("drizzle-orm");
  const [mail] = await db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "partner_invitation")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = mail?.text.match(/\/register\?invitation=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return token;
}

// docs/product.md, Partner seat.
describe.each(backends)("the partner seat on %s", (backend) => {
  const clock = movableClock(new Date("2026-11-25T09:00:00Z"));
  const context = useTestApp(backend, { clock });
  const caller = () => ({ app: context.app, db: context.database.db });

  it("writes her invitation to him in her language (docs/languages.md)", async () => {
    const her = await signedInMember(context.app, "invita");
    await post(caller(), "/reactapi/account/name", her.cookie, { first_name: "Lucía", last_name: "Ortega" });
    await post(caller(), "/reactapi/account/language", her.cookie, { language: "es" });
    const email = uniqueEmail("acompanante");
    expect((await post(caller(), "/reactapi/account/partner/invite", her.cookie, { email })).statusCode).toBe(201);
    const { mailOutbox } = await import("../mail/mail-schema.ts");
    const { and, eq } = await import("drizzle-orm");
    const [mail] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "partner_invitation")));
    expect(mail!.subject).toMatch(/^Lucía Ortega te invita a /);
    expect(mail!.textBody).toContain("A Lucía Ortega le gustaría tenerte a su lado mientras se prepara para el parto.");
    expect(mail!.textBody).toContain("Crear tu cuenta:");
  });

  it("mails an invitation that registers him once, without a code, linked to her", async () => {
    const her = await signedInMember(context.app, "inviter");
    await post(caller(), "/reactapi/account/pacing", her.cookie, { due_date: "2027-01-20", baby_arrived: false });
    const bad = await post(caller(), "/reactapi/account/partner/invite", her.cookie, { email: "not an address" });
    expect(bad.statusCode).toBe(400);
    const him = await partnerOf(caller(), her);

    const mine = (await get(caller(), "/reactapi/account/partner", her.cookie)).json();
    expect(mine).toMatchObject({ joined_as: "member", may_invite: false, partner: { email: him.email, first_name: "Sam" }, member: null });
    const his = (await get(caller(), "/reactapi/account/partner", him.cookie)).json();
    // Due 20 January 2027, seen on 25 November 2026: 56 days before, so 32 weeks done.
    expect(his).toMatchObject({
      joined_as: "partner",
      may_invite: false,
      member: { email: her.email, week: 32, due_date: "2027-01-20" },
    });
    expect((await get(caller(), "/reactapi/users/me", him.cookie)).json().joined_as).toBe("partner");

    // Once only.
    const again = await register(context.app, { email: uniqueEmail("second"), password: GOOD_PASSWORD, invitation: him.invitation });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toContain("already been used");
    const unknown = await register(context.app, { email: uniqueEmail("unknown"), password: GOOD_PASSWORD, invitation: "nonsense-token" });
    expect(unknown.statusCode).toBe(404);
    const neither = await register(context.app, { email: uniqueEmail("neither"), password: GOOD_PASSWORD });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().details.access_code).toBe("Please enter your beta access code.");
    // A partner cannot invite a partner, and she has one already.
    expect((await post(caller(), "/reactapi/account/partner/invite", him.cookie, { email: uniqueEmail("x") })).statusCode).toBe(403);
    expect((await post(caller(), "/reactapi/account/partner/invite", her.cookie, { email: uniqueEmail("y") })).statusCode).toBe(409);
  });

  it("lets an invitation expire after 7 days, and a newer one replaces an older one", async () => {
    const her = await signedInMember(context.app, "expiring");
    const email = uniqueEmail("late");
    await post(caller(), "/reactapi/account/partner/invite", her.cookie, { email });
    const first = await invitationMailedTo(context.database.db, email);
    await post(caller(), "/reactapi/account/partner/invite", her.cookie, { email });
    const second = await invitationMailedTo(context.database.db, email);
    expect((await register(context.app, { email, password: GOOD_PASSWORD, invitation: first })).statusCode).toBe(404);
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      const late = await register(context.app, { email, password: GOOD_PASSWORD, invitation: second });
      expect(late.statusCode).toBe(403);
      expect(late.json().error).toContain("expired");
    } finally {
      clock.set(new Date("2026-11-25T09:00:00Z"));
    }
  });

  it("mails at most 3 invitations an hour to one address and 5 from one member, then answers 429 with a sentence", async () => {
    const her = await signedInMember(context.app, "many-invitations");
    const invite = (email: string) => post(caller(), "/reactapi/account/partner/invite", her.cookie, { email });
    const stranger = uniqueEmail("stranger");
    for (let sent = 0; sent < 3; sent += 1) expect((await invite(stranger)).statusCode).toBe(201);
    const refused = await invite(stranger.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toContain("We have sent several invitations already.");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    for (let sent = 0; sent < 2; sent += 1) expect((await invite(uniqueEmail("other"))).statusCode).toBe(201);
    expect((await invite(uniqueEmail("sixth"))).statusCode).toBe(429);
    // A refused invitation mails nobody and does not count: a partner's account asking again and again still hears why.
    const him = await partnerOf(caller(), await signedInMember(context.app, "linked"));
    const hisFriend = uniqueEmail("friend");
    for (let asked = 0; asked < 6; asked += 1)
      expect((await post(caller(), "/reactapi/account/partner/invite", him.cookie, { email: hisFriend })).statusCode).toBe(403);
    clock.advance(60 * 60 * 1000 + 1000);
    try {
      expect((await invite(stranger)).statusCode).toBe(201);
    } finally {
      clock.set(new Date("2026-11-25T09:00:00Z"));
    }
  });

  it("opens him the courses for partners she may open, never her account, purchases, bookings or posts", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "partner-instructor");
    const her = await signedInMember(context.app, "sharing");
    const him = await partnerOf(caller(), her);
    // Course 3 is for partners but not free: closed to him until she may open it.
    expect(await opens(caller(), him.cookie, 3)).toBe(false);
    // Free courses are hers, not his, unless marked for partners.
    expect(await opens(caller(), him.cookie, 1)).toBe(false);
    const herUser = (await findUserByEmail(context.database.db, her.email))!;
    expect((await post(caller(), `/reactapi/studio/members/${herUser.id}/courses/3/grant`, instructor.cookie)).statusCode).toBe(200);
    expect(await opens(caller(), him.cookie, 3)).toBe(true);
    expect(await opens(caller(), him.cookie, 4)).toBe(false);
    const modules = (await post(caller(), "/reactapi/getcoursemodules", him.cookie, { query: 3 })).json() as {
      lessons: { locked: boolean }[];
    }[];
    expect(modules.flatMap((module) => module.lessons).every((lesson) => !lesson.locked)).toBe(true);

    // His own account: her purchases, bookings and account stay hers; the community is not his.
    expect((await get(caller(), "/reactapi/bookings/mine", him.cookie)).json().bookings).toEqual([]);
    expect((await get(caller(), "/reactapi/account", him.cookie)).json().profile.email).toBe(him.email);
    expect((await get(caller(), "/reactapi/community/topics", him.cookie)).statusCode).toBe(403);
    expect((await get(caller(), "/reactapi/community/topics", her.cookie)).statusCode).toBe(200);

    // The studio shows each side of the link.
    const herPage = (await get(caller(), `/reactapi/studio/members/${herUser.id}`, instructor.cookie)).json();
    expect(herPage.partner).toMatchObject({ email: him.email, relation: "her partner" });
    const hisUser = (await findUserByEmail(context.database.db, him.email))!;
    const hisPage = (await get(caller(), `/reactapi/studio/members/${hisUser.id}`, instructor.cookie)).json();
    expect(hisPage).toMatchObject({ joined_as: "partner", partner: { email: her.email, relation: "partner of" } });

    // He leaves: what came through her closes, his account stays.
    expect((await post(caller(), "/reactapi/account/partner/remove", him.cookie)).statusCode).toBe(200);
    expect(await opens(caller(), him.cookie, 3)).toBe(false);
    expect((await get(caller(), "/reactapi/account/partner", her.cookie)).json()).toMatchObject({ partner: null, may_invite: true });
    expect((await post(caller(), "/reactapi/account/partner/remove", him.cookie)).statusCode).toBe(404);
  });

  it("shares a plan's courses for partners only when the plan includes a partner seat; a free course for partners always", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "seat-instructor");
    const her = await signedInMember(context.app, "buyer");
    const him = await partnerOf(caller(), her);
    const herUser = (await findUserByEmail(context.database.db, her.email))!;
    const [purchase] = await context.database.db
      .insert(purchases)
      .values({
        userId: herUser.id,
        planId: 2,
        planName: "Partner Course",
        mode: "payment",
        amountMinor: 4900,
        currency: "usd",
        courseIds: [3],
        status: "paid",
        checkoutSessionId: `cs_seat_${herUser.id}`,
      })
      .returning();
    await openPurchaseGrants(context.database.db, { id: purchase!.id, userId: herUser.id }, [3]);
    expect(await opens(caller(), her.cookie, 3)).toBe(true);
    expect(await opens(caller(), him.cookie, 3)).toBe(true);
    // Her purchase is hers: his own list is empty.
    expect((await get(caller(), "/reactapi/payments/mine", her.cookie)).json().purchases).toHaveLength(1);
    expect((await get(caller(), "/reactapi/payments/mine", him.cookie)).json().purchases).toEqual([]);

    const plans = (await get(caller(), "/reactapi/studio/plans", instructor.cookie)).json().plans as Record<string, unknown>[];
    const plan = plans.find((candidate) => candidate.id === 2)!;
    const saved = await post(caller(), "/reactapi/studio/plans/2", instructor.cookie, {
      name: plan.name,
      description: plan.description,
      price_minor: plan.price_minor,
      currency: plan.currency,
      billing_interval: plan.billing_interval,
      course_ids: plan.course_ids,
      partner_seat: false,
      revision: plan.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().plan.partner_seat).toBe(false);
    expect(await opens(caller(), her.cookie, 3)).toBe(true);
    expect(await opens(caller(), him.cookie, 3)).toBe(false);

    // A free course the instructor marks for partners opens to him through her free membership.
    const course = (await get(caller(), "/reactapi/studio/courses/2", instructor.cookie)).json();
    const marked = await post(caller(), "/reactapi/studio/courses/2", instructor.cookie, {
      title: course.title,
      description_html: course.description_html,
      logo: course.logo,
      free_for_members: true,
      for_partners: true,
      plan_ids: course.plan_ids,
      revision: course.revision,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().course.for_partners).toBe(true);
    expect(await opens(caller(), him.cookie, 2)).toBe(true);
  });

  it("lets her share her birth preferences and timer with him, and keeps the link in both downloads", async () => {
    const her = await signedInMember(context.app, "share-toggle");
    expect((await post(caller(), "/reactapi/account/partner/sharing", her.cookie, { birth_plan: true })).statusCode).toBe(404);
    const nothing = await post(caller(), "/reactapi/account/partner/sharing", her.cookie, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error).toBe("Say what to share: your birth preferences, your contraction timer, or both.");
    const him = await partnerOf(caller(), her);
    const shared = await post(caller(), "/reactapi/account/partner/sharing", her.cookie, { birth_plan: true, timer: true });
    expect(shared.json().message).toBe("Your partner sees your birth preferences and your contraction timer.");
    // Each case is a sentence of its own, so each language writes it whole.
    const timerOnly = await caller().app.inject({
      method: "POST",
      url: "/reactapi/account/partner/sharing",
      headers: { "content-type": "application/json", cookie: her.cookie, "accept-language": "es" },
      payload: { birth_plan: false, timer: true },
    });
    expect(timerOnly.json().message).toBe("Tu pareja ve tu temporizador de contracciones.");
    expect((await post(caller(), "/reactapi/account/partner/sharing", her.cookie, { birth_plan: true, timer: true })).statusCode).toBe(200);
    expect((await get(caller(), "/reactapi/account/partner", him.cookie)).json().member).toMatchObject({
      shares_birth_plan: true,
      shares_timer: true,
    });
    const download = (await get(caller(), "/reactapi/account/export", her.cookie)).json();
    expect(download.partner).toMatchObject({ linked_as: "member", with: { email: him.email } });
  });
});

if (!backends.includes("postgres")) it.skip(`the partner seat on two app servers: ${postgresMissingNotice}`, () => {});

describe.runIf(backends.includes("postgres"))("the partner seat on two app servers sharing PostgreSQL", () => {
  let scratch: { url: string; drop: () => Promise<void> };
  const servers: { handle: DatabaseHandle; app: FastifyInstance }[] = [];
  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const config = loadConfig({ NODE_ENV: "test", REGISTRATIONS_PER_HOUR: "100000" });
    for (let index = 0; index < 2; index += 1) {
      // Each listens for changes, so each keeps what a partner may open in memory until told otherwise.
      const handle = await openDatabase({
        databaseUrl: scratch.url,
        dataDir: "memory",
        listenForChanges: { log: { info: () => {}, warn: () => {} } },
      });
      servers.push({
        handle,
        app: rememberTestDatabase(
          await buildApp({ db: handle.db, config, cacheTrust: handle.cacheTrust, logger: false, startMailSender: false }),
          handle.db,
        ),
      });
    }
    await importCatalogue(servers[0]!.handle.db, demoCatalogue, servers[0]!.app.mediaStorage);
    await createAccessCode(servers[0]!.handle.db, { code: DEMO_CODE });
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.app.close();
      await server.handle.close();
    }
    await scratch.drop();
  });

  it("closes his courses on the other server as soon as she removes him", async () => {
    const [a, b] = servers;
    const instructor = await signedInInstructor(a!.app, a!.handle.db, "two-instructor");
    const her = await signedInMember(a!.app, "two-her");
    const him = await partnerOf({ app: a!.app, db: a!.handle.db }, her);
    const herUser = (await findUserByEmail(a!.handle.db, her.email))!;
    await post({ app: a!.app }, `/reactapi/studio/members/${herUser.id}/courses/3/grant`, instructor.cookie);
    const until = async (expected: boolean) => {
      const deadline = Date.now() + 5_000;
      while ((await opens({ app: b!.app }, him.cookie, 3)) !== expected) {
        if (Date.now() > deadline) throw new Error(`server B still says ${!expected}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    await until(true);
    expect(await opens({ app: b!.app }, him.cookie, 3)).toBe(true);
    expect((await post({ app: a!.app }, "/reactapi/account/partner/remove", her.cookie)).statusCode).toBe(200);
    await until(false);
    const modules = (await post({ app: b!.app }, "/reactapi/getcoursemodules", him.cookie, { query: 3 })).json() as {
      visible_in_preview: boolean;
      lessons: { locked: boolean }[];
    }[];
    expect(
      modules
        .filter((module) => !module.visible_in_preview)
        .flatMap((module) => module.lessons)
        .every((lesson) => lesson.locked),
    ).toBe(true);
  });
});
