import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemberDetail, MemberPage } from "../../../contract/studio/members.ts";
import { findUserByEmail } from "../accounts/users-repository.ts";
import {
  backends,
  createTestApp,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  logInto,
  register,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  type TestApp,
  uniqueEmail,
} from "../../../testing/test-app.ts";
import { offerInstructorSetup } from "./setup/instructor-setup.ts";

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

describe.each(backends)("the instructor studio API on %s", (backend) => {
  let context: TestApp;
  let instructor: { email: string; cookie: string; id: number };
  let member: { email: string; cookie: string; id: number };
  const logLines: string[] = [];

  beforeAll(async () => {
    context = await createTestApp(backend, { logger: { level: "info", stream: logInto(logLines) } });
    instructor = await signedInInstructor(context.app, context.database.db);
    const plain = await signedInMember(context.app, "plain");
    member = { ...plain, id: (await findUserByEmail(context.database.db, plain.email))!.id };
  });
  afterAll(() => context.close());

  const get = (url: string, cookie = instructor.cookie) => context.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: unknown = {}, cookie = instructor.cookie) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as Record<string, unknown> });
  const activity = async (kind?: string) =>
    (await get(`/reactapi/studio/activity${kind ? `?kind=${kind}` : ""}`)).json().entries as {
      summary: string;
      actor: string;
      kind: string;
    }[];

  describe("the prefix guard", () => {
    const paths = [
      "/reactapi/studio/dashboard",
      "/reactapi/studio/members",
      "/reactapi/studio/lessons/1001",
      "/reactapi/studio/lessons/1001/files",
      "/reactapi/studio/files/5001/delete",
      "/reactapi/studio/no-such-page",
      "/reactapi/studio",
      "/reactapi/studio/access-codes/X/deactivate",
      "/reactapi/%73tudio/dashboard",
    ];
    it.each(paths)("answers 401 to a visitor on %s, whatever the method and body", async (url) => {
      for (const method of methods) {
        const response = await context.app.inject({
          method,
          url,
          headers: { "content-type": "text/plain" },
          payload: method === "GET" || method === "OPTIONS" ? undefined : "not json at all",
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(response.json().error).toBe("Please sign in to continue.");
      }
    });
    it.each(paths)("answers 403 to a member who is not an instructor on %s", async (url) => {
      for (const method of methods) {
        const response = await context.app.inject({
          method,
          url,
          headers: { cookie: member.cookie, "content-type": "application/json" },
          payload: method === "GET" || method === "OPTIONS" ? undefined : "{",
        });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().error).toMatch(/studio is for the instructor/);
      }
    });
    it("lets the instructor through, and answers an unknown studio path with 404", async () => {
      expect((await get("/reactapi/studio/dashboard")).statusCode).toBe(200);
      expect((await get("/reactapi/studio/no-such-page")).statusCode).toBe(404);
    });
    it("keeps the same-origin rule for the instructor", async () => {
      const response = await context.app.inject({
        method: "POST",
        url: "/reactapi/studio/access-codes",
        headers: { ...jsonHeaders, cookie: instructor.cookie, origin: "https://elsewhere.example" },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe("access codes", () => {
    it("creates her own code and a generated one, lists them with their invite links, and records both", async () => {
      const own = await post("/reactapi/studio/access-codes", { code: "spring-circle", max_uses: 2, expires_on: "2099-12-31" });
      expect(own.statusCode).toBe(201);
      expect(own.json().code).toMatchObject({
        code: "SPRING-CIRCLE",
        uses: 0,
        max_uses: 2,
        expires_on: "2099-12-31",
        status: "active",
        invite_url: "http://localhost:5000/register?code=SPRING-CIRCLE",
      });
      // Its day as she reads it, and a count that reads right (docs/languages.md): never "2099-12-31" or "1 use(s)".
      expect(own.json().message).toBe("Created access code SPRING-CIRCLE: 2 uses, valid through 31 December 2099 (UTC).");
      const single = await context.app.inject({
        method: "POST",
        url: "/reactapi/studio/access-codes",
        headers: { ...jsonHeaders, cookie: instructor.cookie, "accept-language": "es" },
        payload: { code: "ONE-MOTHER", max_uses: 1, expires_on: "2099-03-09" },
      });
      expect(single.json().message).toBe("Código de acceso ONE-MOTHER creado: 1 uso, válido hasta el 9 de marzo de 2099 (UTC).");
      const generated = await post("/reactapi/studio/access-codes", { code: "" });
      expect(generated.statusCode).toBe(201);
      expect(generated.json().code.code).toMatch(/^BETA-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const list = (await get("/reactapi/studio/access-codes")).json().codes as { code: string }[];
      expect(list.map((code) => code.code)).toEqual(expect.arrayContaining(["SPRING-CIRCLE", generated.json().code.code]));
      const entries = await activity("access-code");
      expect(entries.map((entry) => entry.summary)).toEqual(
        expect.arrayContaining([
          expect.stringContaining("Created access code SPRING-CIRCLE"),
          expect.stringContaining(`Created access code ${generated.json().code.code}`),
        ]),
      );
      expect(entries[0]!.actor).toBe(instructor.email);
    });

    it("refuses a badly formed code, a past date and a duplicate with a sentence per field", async () => {
      const bad = await post("/reactapi/studio/access-codes", { code: "no spaces!", max_uses: 0, expires_on: "2026-02-30" });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().details).sort()).toEqual(["code", "expires_on", "max_uses"]);
      const past = await post("/reactapi/studio/access-codes", { code: "LATE-CODE", expires_on: "2020-01-01" });
      expect(past.statusCode).toBe(400);
      expect(past.json().details.expires_on).toMatch(/already passed/);
      await post("/reactapi/studio/access-codes", { code: "TWICE" });
      const twice = await post("/reactapi/studio/access-codes", { code: "twice" });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toMatch(/TWICE already exists/);
    });

    it("deactivates a code so nobody registers with it, and reactivates it", async () => {
      await post("/reactapi/studio/access-codes", { code: "PAUSED-CODE" });
      expect((await post("/reactapi/studio/access-codes/paused-code/deactivate")).json().message).toMatch(/Nobody can register/);
      const refused = await register(context.app, { email: uniqueEmail("paused"), password: GOOD_PASSWORD, access_code: "PAUSED-CODE" });
      expect(refused.statusCode).toBe(403);
      expect((await post("/reactapi/studio/access-codes/PAUSED-CODE/reactivate")).statusCode).toBe(200);
      const accepted = await register(context.app, { email: uniqueEmail("paused"), password: GOOD_PASSWORD, access_code: "PAUSED-CODE" });
      expect(accepted.statusCode).toBe(201);
      expect((await post("/reactapi/studio/access-codes/NEVER-MADE/deactivate")).statusCode).toBe(404);
    });
  });

  describe("members", () => {
    it("finds members by name or e-mail, 50 a page, newest first", async () => {
      const email = uniqueEmail("findable");
      await register(context.app, {
        email,
        password: GOOD_PASSWORD,
        access_code: "TEST-CODE",
        first_name: "Hazel",
        last_name: "Moonridge",
      });
      const byName = (await get("/reactapi/studio/members?search=hazel%20moon")).json() as MemberPage;
      expect(byName.members.map((found) => found.email)).toEqual([email]);
      const byEmail = (await get(`/reactapi/studio/members?search=${encodeURIComponent(email.slice(0, 12))}`)).json() as MemberPage;
      expect(byEmail.members.map((found) => found.email)).toContain(email);
      expect(((await get("/reactapi/studio/members?search=%25")).json() as MemberPage).total).toBe(0);
      const all = (await get("/reactapi/studio/members")).json() as MemberPage;
      expect(all.page_size).toBe(50);
      expect(all.members[0]!.email).toBe(email);
      const bySignIn = (await get("/reactapi/studio/members?sort=last_sign_in")).json() as MemberPage;
      expect(bySignIn.members[0]!.last_sign_in_at).not.toBeNull();
      const bad = await get("/reactapi/studio/members?sort=height&page=0");
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().details).sort()).toEqual(["page", "sort"]);
    });

    it("pages through more than 50 members", async () => {
      await Promise.all(
        Array.from({ length: 51 }, (_, index) =>
          register(context.app, {
            email: uniqueEmail(`crowd${index}`),
            password: GOOD_PASSWORD,
            access_code: "TEST-CODE",
            last_name: "Crowdson",
          }),
        ),
      );
      const first = (await get("/reactapi/studio/members?search=crowdson")).json() as MemberPage;
      const second = (await get("/reactapi/studio/members?search=crowdson&page=2")).json() as MemberPage;
      expect(first.total).toBe(51);
      expect(first.members).toHaveLength(50);
      expect(second.members).toHaveLength(1);
      expect(first.members.map((found) => found.id)).not.toContain(second.members[0]!.id);
    });

    it("grants and revokes a course, which the member sees on her next request", async () => {
      const courseId = 4;
      const courseAccess = async () =>
        ((await get("/reactapi/getcourses", member.cookie)).json().courses as { id: number; course_access: string }[]).find(
          (course) => course.id === courseId,
        )!.course_access === "true";
      expect(await courseAccess()).toBe(false);
      expect((await post(`/reactapi/studio/members/${member.id}/courses/${courseId}/grant`)).json().message).toMatch(/can now open/);
      expect(await courseAccess()).toBe(true);
      const detail = (await get(`/reactapi/studio/members/${member.id}`)).json() as MemberDetail;
      expect(detail.courses.find((course) => course.id === courseId)).toMatchObject({ granted_by_instructor: true, purchases: [] });
      expect((await post(`/reactapi/studio/members/${member.id}/courses/${courseId}/revoke`)).json().message).toMatch(
        /no longer has a grant/,
      );
      expect(await courseAccess()).toBe(false);
      expect((await activity("grant")).map((entry) => entry.summary).slice(0, 2)).toEqual([
        expect.stringMatching(/^Closed/),
        expect.stringMatching(/^Opened/),
      ]);
      expect((await post(`/reactapi/studio/members/${member.id}/courses/9999/grant`)).statusCode).toBe(404);
      expect((await post(`/reactapi/studio/members/999999/courses/${courseId}/grant`)).statusCode).toBe(404);
      expect((await get("/reactapi/studio/members/999999")).statusCode).toBe(404);
      expect((await get("/reactapi/studio/members/abc")).statusCode).toBe(400);
    });

    it("changes a role, but never takes away her own", async () => {
      const other = await signedInMember(context.app, "helper");
      const otherId = (await findUserByEmail(context.database.db, other.email))!.id;
      expect((await post(`/reactapi/studio/members/${otherId}/role`, { role: "admin" })).statusCode).toBe(200);
      expect((await get("/reactapi/studio/dashboard", other.cookie)).statusCode).toBe(200);
      expect((await post(`/reactapi/studio/members/${otherId}/role`, { role: "member" })).statusCode).toBe(200);
      expect((await get("/reactapi/studio/dashboard", other.cookie)).statusCode).toBe(403);
      const self = await post(`/reactapi/studio/members/${instructor.id}/role`, { role: "member" });
      expect(self.statusCode).toBe(409);
      expect((await post(`/reactapi/studio/members/${otherId}/role`, { role: "owner" })).json().details.role).toBe(
        "The role is member or admin.",
      );
    });

    it("signs a member out everywhere", async () => {
      const someone = await signedInMember(context.app, "everywhere");
      const id = (await findUserByEmail(context.database.db, someone.email))!.id;
      expect((await post(`/reactapi/studio/members/${id}/sign-out-everywhere`)).json().message).toMatch(/signed out on 1 device/);
      expect((await get("/reactapi/users/me", someone.cookie)).statusCode).toBe(401);
    });

    it("deactivates an account so it cannot sign in, and reactivates it", async () => {
      const someone = await signedInMember(context.app, "paused");
      const id = (await findUserByEmail(context.database.db, someone.email))!.id;
      expect((await post(`/reactapi/studio/members/${id}/deactivate`)).statusCode).toBe(200);
      expect((await get("/reactapi/users/me", someone.cookie)).statusCode).toBe(401);
      const refused = await login(context.app, someone.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatch(/paused/);
      expect((await login(context.app, someone.email, "wrong-Password-1")).statusCode).toBe(401);
      expect(((await get(`/reactapi/studio/members/${id}`)).json() as MemberDetail).member.active).toBe(false);
      expect((await post(`/reactapi/studio/members/${id}/reactivate`)).statusCode).toBe(200);
      expect((await login(context.app, someone.email)).statusCode).toBe(200);
      expect((await post(`/reactapi/studio/members/${instructor.id}/deactivate`)).statusCode).toBe(409);
    });

    it("makes a one-time password link, valid a day, that sets a new password", async () => {
      const someone = await signedInMember(context.app, "forgetful");
      const id = (await findUserByEmail(context.database.db, someone.email))!.id;
      const link = await post(`/reactapi/studio/members/${id}/password-link`);
      expect(link.statusCode).toBe(200);
      const { url, expires_at } = link.json() as { url: string; expires_at: string };
      expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
      const token = new URL(url).searchParams.get("token")!;
      expect(new URL(url).pathname).toBe("/reset-password");
      const reset = await post("/reactapi/users/reset-password", { token, password: "new-Calm-2026" }, "");
      expect(reset.statusCode).toBe(200);
      expect((await login(context.app, someone.email, "new-Calm-2026")).statusCode).toBe(200);
      expect((await post("/reactapi/users/reset-password", { token, password: "other-Calm-2026" }, "")).statusCode).toBe(410);
      expect((await activity("member")).map((entry) => entry.summary)).toContainEqual(
        expect.stringContaining(`Created a password link for ${someone.email}`),
      );
    });
  });

  describe("the dashboard and the activity", () => {
    it("counts members, new members, code registrations, unread messages and recent ratings", async () => {
      const before = (await get("/reactapi/studio/dashboard")).json();
      const newcomer = await signedInMember(context.app, "newcomer");
      await post("/reactapi/feedback", { satisfaction: 5, recommend: 4 }, newcomer.cookie);
      await post("/reactapi/feedback", { satisfaction: 4, recommend: 3 }, newcomer.cookie);
      const after = (await get("/reactapi/studio/dashboard")).json();
      expect(after.members).toBe(before.members + 1);
      expect(after.new_members_7_days).toBe(before.new_members_7_days + 1);
      expect(after.code_registrations_7_days).toBe(before.code_registrations_7_days + 1);
      expect(after.unread_messages).toBe(before.unread_messages + 2);
      expect(after.feedback_count_30_days).toBe(before.feedback_count_30_days + 2);
      // The only feedback of this installation: (5 + 4) / 2 and (4 + 3) / 2.
      expect(after.average_satisfaction_30_days).toBe(4.5);
      expect(after.average_recommend_30_days).toBe(3.5);
    });

    it("filters the activity by kind and refuses an unknown kind", async () => {
      const roles = await activity("role");
      expect(roles.length).toBeGreaterThan(0);
      expect(roles.every((entry) => entry.kind === "role")).toBe(true);
      expect(roles.some((entry) => entry.actor === "command line")).toBe(true);
      expect((await get("/reactapi/studio/activity?kind=gossip")).statusCode).toBe(400);
    });
  });

  describe("the first instructor's setup link", () => {
    it("is printed while no instructor exists, creates one instructor once, and signs her in", async () => {
      const fresh = await createTestApp(backend, { logger: { level: "info", stream: logInto(logLines) } });
      try {
        const url = await offerInstructorSetup(fresh.database.db, fresh.app.log, "http://localhost:5000");
        expect(url).toMatch(/^http:\/\/localhost:5000\/studio\/setup\?token=[\w-]{43}$/);
        expect(logLines.join("")).toContain(url);
        const token = new URL(url!).searchParams.get("token")!;
        const setup = (payload: Record<string, unknown>) =>
          fresh.app.inject({ method: "POST", url: "/reactapi/instructor-setup", headers: jsonHeaders, payload });
        expect(
          (await fresh.app.inject({ method: "POST", url: "/reactapi/instructor-setup/check", headers: jsonHeaders, payload: { token } }))
            .statusCode,
        ).toBe(200);
        const weak = await setup({ token, email: "teacher@example.com", password: "short" });
        expect(weak.statusCode).toBe(400);
        expect(weak.json().details.password).toMatch(/too weak/);
        const made = await setup({ token, email: "Teacher@Example.com", password: GOOD_PASSWORD, first_name: "Maya" });
        expect(made.statusCode).toBe(201);
        expect(made.json()).toMatchObject({ email: "teacher@example.com", role: "admin" });
        const cookie = sessionCookieOf(made);
        expect((await fresh.app.inject({ method: "GET", url: "/reactapi/studio/dashboard", headers: { cookie } })).statusCode).toBe(200);
        const again = await setup({ token, email: "second@example.com", password: GOOD_PASSWORD });
        expect(again.statusCode).toBe(410);
        expect(again.json().error).toMatch(/already been used/);
        expect(await offerInstructorSetup(fresh.database.db, fresh.app.log, "http://localhost:5000")).toBeNull();
        const entries = (await fresh.app.inject({ method: "GET", url: "/reactapi/studio/activity?kind=setup", headers: { cookie } })).json()
          .entries;
        expect(entries).toEqual([
          expect.objectContaining({ actor: "teacher@example.com", summary: "Set up the studio as its first instructor." }),
        ]);
      } finally {
        await fresh.close();
      }
    });

    it("refuses a second link once an instructor exists, and an unknown link", async () => {
      const fresh = await createTestApp(backend, { seed: false });
      try {
        const first = await offerInstructorSetup(fresh.database.db, fresh.app.log, "http://x");
        const second = await offerInstructorSetup(fresh.database.db, fresh.app.log, "http://x");
        const tokenOf = (url: string | null) => new URL(url!).searchParams.get("token")!;
        const setup = (token: string, email: string) =>
          fresh.app.inject({
            method: "POST",
            url: "/reactapi/instructor-setup",
            headers: jsonHeaders,
            payload: { token, email, password: GOOD_PASSWORD },
          });
        expect((await setup(tokenOf(first), "one@example.com")).statusCode).toBe(201);
        const late = await setup(tokenOf(second), "two@example.com");
        expect(late.statusCode).toBe(410);
        expect((await setup("A".repeat(43), "three@example.com")).json().error).toMatch(/not known/);
        expect((await setup("short", "three@example.com")).statusCode).toBe(400);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe.each(backends)("the studio's inbox on %s", (backend) => {
  let context: TestApp;
  let cookie: string;
  let member: { email: string; cookie: string };
  beforeAll(async () => {
    context = await createTestApp(backend);
    cookie = (await signedInInstructor(context.app, context.database.db, "inbox-instructor")).cookie;
    member = await signedInMember(context.app, "writer");
  });
  afterAll(() => context.close());
  const get = (url: string) => context.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: unknown, as = cookie) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: as }, payload: payload as Record<string, unknown> });

  it("lists messages newest first, filters by kind and search, and marks them read and unread", async () => {
    await post("/reactapi/feedback", { satisfaction: 5, recommend: 5, comments: "The breathing lesson helped me sleep" }, member.cookie);
    await post(
      "/reactapi/contact",
      {
        email: "sam@example.com",
        full_name: "Sam Rivera",
        birth_location: "Home",
        due_date: "2027-03-14",
        location: "Portland",
        referral: "A friend",
        services: ["Birth Support", "Virtual Services"],
      },
      member.cookie,
    );
    const all = (await get("/reactapi/studio/inbox")).json();
    expect(all.total).toBe(2);
    expect(all.unread).toBe(2);
    expect(all.messages.map((message: { kind: string }) => message.kind)).toEqual(["contact", "feedback"]);
    expect(all.messages[0].fields).toContainEqual({ label: "Services", value: "Birth Support; Virtual Services" });
    expect(all.messages[0].member_email).toBe(member.email);
    expect((await get("/reactapi/studio/inbox?kind=feedback")).json().messages).toHaveLength(1);
    const found = (await get("/reactapi/studio/inbox?search=BREATHING")).json();
    expect(found.messages.map((message: { kind: string }) => message.kind)).toEqual(["feedback"]);
    expect((await get(`/reactapi/studio/inbox?search=${encodeURIComponent(member.email)}`)).json().total).toBe(2);
    expect((await get("/reactapi/studio/inbox?search=100%25")).json().total).toBe(0);

    const id = found.messages[0].id;
    expect((await post(`/reactapi/studio/inbox/${id}/read`, { read: true })).statusCode).toBe(200);
    expect((await get("/reactapi/studio/inbox/unread")).json()).toEqual({ unread: 1 });
    expect((await get("/reactapi/studio/inbox?kind=feedback")).json().messages[0].read).toBe(true);
    expect((await post(`/reactapi/studio/inbox/${id}/read`, { read: false })).statusCode).toBe(200);
    expect((await get("/reactapi/studio/inbox/unread")).json()).toEqual({ unread: 2 });
    expect((await post("/reactapi/studio/inbox/999999/read", { read: true })).statusCode).toBe(404);
    expect((await post(`/reactapi/studio/inbox/${id}/read`, { read: "yes" })).json().details.read).toBeDefined();
    expect((await get("/reactapi/studio/inbox?kind=letters")).statusCode).toBe(400);
  });

  it("exports CSV that a spreadsheet reads as text: quoted where needed, formulas neutralised", async () => {
    await post(
      "/reactapi/feedback",
      {
        satisfaction: 2,
        recommend: 1,
        comments: '=HYPERLINK("http://evil.example","click")',
        liked_most: '+1, and "quotes"\nand a second line',
        improve: "@SUM(A1)",
      },
      member.cookie,
    );
    const response = await get("/reactapi/studio/inbox.csv?kind=feedback");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="inbox-feedback-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body.replace(/^\uFEFF/, "");
    const [header] = text.split("\r\n");
    expect(header).toBe(
      "Received (UTC),Kind,Read,Member e-mail,Overall satisfaction (1-5),Likely to recommend (1-5),General comments,Liked most,Could be improved,Full name,E-mail,Where birthing,Estimated due date,Where living,How they found us,Services,Message",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).toContain(`"'+1, and ""quotes""\nand a second line"`);
    expect(text).toContain(",'@SUM(A1)");
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(text.endsWith("\r\n")).toBe(true);
    const lines = text.split("\r\n").filter(Boolean);
    // The header, then the two feedback forms of this file (the second spans a quoted line break).
    expect(lines).toHaveLength(3);
  });

  it("gives a strict CSV parser exactly one row per message, whatever line breaks and formulas the cells hold", async () => {
    const hostile = [
      "x\n=1+1",
      'x\r\n=HYPERLINK("http://evil.example")',
      "x\r=cmd|' /C calc'!A0",
      "line\n+SUM(A1)\n-2+3\n@SUM(A2)",
      "x\n\t=1",
      "x\r\r=1",
      "\uFF1D1+1",
      "fake@example.com,=2+2\r\nanother,row",
    ];
    for (const [index, referral] of hostile.entries()) {
      const sent = await post(
        "/reactapi/contact",
        { email: "csv@example.com", full_name: `CSV probe ${index}`, referral, services: ["Birth Support"] },
        member.cookie,
      );
      expect(sent.statusCode).toBe(201);
    }
    const text = (await get("/reactapi/studio/inbox.csv?kind=contact&search=CSV%20probe")).body;
    const { parse } = await import("csv-parse/sync");
    // Strict: no relaxed quotes or column counts; a stray quote or an extra cell throws.
    const [header, ...rows] = parse(text, { bom: true, relax_quotes: false, relax_column_count: false }) as string[][];
    expect(rows).toHaveLength(hostile.length);
    const referralColumn = header!.indexOf("How they found us");
    const fullNames = rows.map((row) => row[header!.indexOf("Full name")]);
    expect(fullNames.sort()).toEqual(hostile.map((_, index) => `CSV probe ${index}`).sort());
    for (const row of rows) {
      for (const cell of row) {
        for (const line of cell.split(/\r\n|\r|\n/)) expect(line, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20]/);
        expect(cell, JSON.stringify(cell)).not.toMatch(/^\r/);
      }
      // What she reads is what was sent, behind an apostrophe where a line could run.
      const sent = hostile[Number(row[header!.indexOf("Full name")]!.replace("CSV probe ", ""))]!;
      expect(row[referralColumn]!.replaceAll("'", "")).toBe(sent.replaceAll("'", ""));
    }
  });

  it("exports many messages, all of them, in order", async () => {
    const extra = Array.from({ length: 1_100 }, (_, index) => ({
      kind: "contact" as const,
      userId: null,
      payload: { full_name: `Bulk ${index}`, email: "bulk@example.com", services: ["Birth Support"] },
    }));
    const { formSubmissions } = await import("../forms/forms-schema.ts");
    await context.database.db.insert(formSubmissions).values(extra);
    const text = (await get("/reactapi/studio/inbox.csv?kind=contact&search=bulk")).body;
    const rows = text.split("\r\n").filter((line) => line.includes("Bulk "));
    expect(rows).toHaveLength(1_100);
    expect(new Set(rows).size).toBe(1_100);
  });
});

describe.each(backends)("the studio's plans on %s", (backend) => {
  let context: TestApp;
  let cookie: string;
  beforeAll(async () => {
    context = await createTestApp(backend);
    cookie = (await signedInInstructor(context.app, context.database.db, "plans-instructor")).cookie;
  });
  afterAll(() => context.close());
  const get = (url: string, as = cookie) => context.app.inject({ method: "GET", url, headers: { cookie: as } });
  const post = (url: string, payload: unknown) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as Record<string, unknown> });
  const plan = {
    name: "Partner Pack",
    description: "For dads and husbands",
    price_minor: 2900,
    currency: "usd",
    billing_interval: "once",
    course_ids: [4, 4],
  };

  it("creates a plan that members see at once, and that the content export carries", async () => {
    const member = await signedInMember(context.app, "plan-reader");
    const created = await post("/reactapi/studio/plans", plan);
    expect(created.statusCode).toBe(201);
    expect(created.json().plan).toMatchObject({ name: "Partner Pack", currency: "USD", price_minor: 2900, course_ids: [4], revision: 1 });
    const id = created.json().plan.id as number;
    const seen = (await get("/reactapi/getcourses", member.cookie)).json().subscription_plans as {
      id: number;
      name: string;
      price: number;
    }[];
    expect(seen).toContainEqual(expect.objectContaining({ id, name: "Partner Pack", price: 2900 }));
    const { exportCatalogue } = await import("../catalogue/catalogue-transfer.ts");
    expect((await exportCatalogue(context.database.db, context.app.mediaStorage)).subscription_plans).toContainEqual(
      expect.objectContaining({ id, name: "Partner Pack", course_ids: [4] }),
    );
  });

  it("saves over the revision she opened, and refuses a stale one with 409 and the sentence, changing nothing", async () => {
    const id = (await post("/reactapi/studio/plans", { ...plan, name: "Two Tabs" })).json().plan.id as number;
    const first = await post(`/reactapi/studio/plans/${id}`, { ...plan, name: "Two Tabs, first", revision: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().plan.revision).toBe(2);
    const second = await post(`/reactapi/studio/plans/${id}`, { ...plan, name: "Two Tabs, second", revision: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe("This was changed elsewhere since you opened it. Reload to see the latest version.");
    const stored = ((await get("/reactapi/studio/plans")).json().plans as { id: number; name: string }[]).find(
      (candidate) => candidate.id === id,
    );
    expect(stored?.name).toBe("Two Tabs, first");
    expect((await post(`/reactapi/studio/plans/${id}/delete`, { revision: 1 })).statusCode).toBe(409);
    expect((await post(`/reactapi/studio/plans/${id}/delete`, { revision: 2 })).statusCode).toBe(200);
    expect((await post(`/reactapi/studio/plans/${id}`, { ...plan, revision: 3 })).statusCode).toBe(404);
    expect((await post(`/reactapi/studio/plans/${id}/delete`, { revision: 3 })).statusCode).toBe(404);
    const entries = (await get("/reactapi/studio/activity?kind=plan")).json().entries.map((entry: { summary: string }) => entry.summary);
    expect(entries.slice(0, 3)).toEqual([
      'Deleted the plan "Two Tabs, first".',
      'Changed the plan "Two Tabs, first".',
      'Created the plan "Two Tabs".',
    ]);
  });

  it("answers each bad field with its sentence, and an unknown course with 400", async () => {
    const bad = await post("/reactapi/studio/plans", {
      name: " ",
      price_minor: -5,
      currency: "dollars",
      billing_interval: "weekly",
      course_ids: "all",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details).sort()).toEqual(["billing_interval", "course_ids", "currency", "name", "price_minor"]);
    const unknown = await post("/reactapi/studio/plans", { ...plan, course_ids: [4, 9999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.course_ids).toMatch(/no course with the id 9999/);
    expect(
      ((await get("/reactapi/studio/plans")).json().plans as { name: string }[]).filter((candidate) => candidate.name === "Partner Pack"),
    ).toHaveLength(1);
  });
});
