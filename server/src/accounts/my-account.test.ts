import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Account } from "../../../contract/my-account.ts";
import { activityLog } from "../activity/activity-schema.ts";
import { formSubmissions } from "../forms/forms-schema.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { tokenMailedTo } from "../../../testing/outbox-links.ts";
import {
  backends,
  DEMO_CODE,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  register,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  uniqueEmail,
  useTestApp,
} from "../../../testing/test-app.ts";

describe.each(backends)("my account on %s", (backend) => {
  const context = useTestApp(backend);
  const app = () => context.app;
  const post = (url: string, cookie: string | undefined, payload: unknown) =>
    app().inject({
      method: "POST",
      url,
      headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const account = async (cookie: string) => (await app().inject({ url: "/reactapi/account", headers: { cookie } })).json() as Account;

  it("asks for a session", async () => {
    expect((await app().inject({ url: "/reactapi/account" })).statusCode).toBe(401);
    expect((await post("/reactapi/account/name", undefined, { first_name: "A" })).statusCode).toBe(401);
  });

  it("changes her name, and the profile says so at once", async () => {
    const { cookie } = await signedInMember(app(), "name");
    const changed = await post("/reactapi/account/name", cookie, { first_name: "  Maya ", last_name: "Okafor" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ first_name: "Maya", last_name: "Okafor" });
    expect((await app().inject({ url: "/reactapi/users/me", headers: { cookie } })).json()).toMatchObject({
      first_name: "Maya",
      last_name: "Okafor",
    });
    expect((await post("/reactapi/account/name", cookie, { first_name: "x".repeat(101) })).statusCode).toBe(400);
  });

  it("changes e-mail only once the new address confirms, and refuses a taken one with the registration's text", async () => {
    const { email, cookie } = await signedInMember(app(), "move");
    const other = await signedInMember(app(), "taken");
    expect((await post("/reactapi/account/email", cookie, { email: uniqueEmail("new"), password: "wrong-Pass-1" })).statusCode).toBe(403);
    const taken = await post("/reactapi/account/email", cookie, { email: other.email, password: GOOD_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("Email already registered.");

    const newEmail = uniqueEmail("new");
    const asked = await post("/reactapi/account/email", cookie, { email: newEmail, password: GOOD_PASSWORD });
    expect(asked.statusCode).toBe(202);
    expect((await account(cookie)).pending_email).toBe(newEmail);
    // Not yet: the old address still signs in, the new one does not.
    expect((await login(app(), email)).statusCode).toBe(200);
    expect((await login(app(), newEmail)).statusCode).toBe(401);
    const notices = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(notices.map((mail) => mail.kind)).toContain("email_change_notice");

    const token = await tokenMailedTo(context.database.db, newEmail, "email_change_confirm");
    const confirmed = await post("/reactapi/account/email/confirm", undefined, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().email).toBe(newEmail);
    expect((await login(app(), newEmail)).statusCode).toBe(200);
    expect((await login(app(), email)).statusCode).toBe(401);
    expect((await post("/reactapi/account/email/confirm", undefined, { token })).statusCode).toBe(410);
    expect((await account(cookie)).pending_email).toBeNull();
  });

  it("refuses the confirmation with the registration's text when someone registered the address meanwhile", async () => {
    const { cookie } = await signedInMember(app(), "slow");
    const wanted = uniqueEmail("wanted");
    expect((await post("/reactapi/account/email", cookie, { email: wanted, password: GOOD_PASSWORD })).statusCode).toBe(202);
    expect((await register(app(), { email: wanted, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
    const token = await tokenMailedTo(context.database.db, wanted, "email_change_confirm");
    const confirmed = await post("/reactapi/account/email/confirm", undefined, { token });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error).toBe("Email already registered.");
  });

  it("changes the password with the current one, ends her other sessions and keeps this one", async () => {
    const { email, cookie } = await signedInMember(app(), "password");
    const elsewhere = sessionCookieOf(
      await login(app(), email, GOOD_PASSWORD, {
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
      }),
    );
    const wrong = await post("/reactapi/account/password", cookie, { current_password: "Not-it-2026", new_password: "Fresh-start-2026" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().details).toHaveProperty("current_password");
    expect((await post("/reactapi/account/password", cookie, { current_password: GOOD_PASSWORD, new_password: "weak" })).statusCode).toBe(
      400,
    );
    expect(
      (await post("/reactapi/account/password", cookie, { current_password: GOOD_PASSWORD, new_password: "Fresh-start-2026" })).statusCode,
    ).toBe(200);
    expect((await app().inject({ url: "/reactapi/users/me", headers: { cookie } })).statusCode).toBe(200);
    expect((await app().inject({ url: "/reactapi/users/me", headers: { cookie: elsewhere } })).statusCode).toBe(401);
    expect((await login(app(), email, "Fresh-start-2026")).statusCode).toBe(200);
  });

  it("lists her sessions by browser and signs out the other devices", async () => {
    const { email, cookie } = await signedInMember(app(), "devices");
    const phone = sessionCookieOf(
      await login(app(), email, GOOD_PASSWORD, {
        "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36",
      }),
    );
    const listed = await account(cookie);
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(listed.sessions.map((session) => session.browser)).toContain("Chrome on Android");
    const ended = await post("/reactapi/account/sessions/end-others", cookie, {});
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await app().inject({ url: "/reactapi/users/me", headers: { cookie: phone } })).statusCode).toBe(401);
    expect((await account(cookie)).sessions).toHaveLength(1);
  });

  it("sets, changes and removes her due date, refusing a date that does not exist", async () => {
    const { cookie } = await signedInMember(app(), "due");
    const set = await post("/reactapi/account/pacing", cookie, { due_date: "2027-03-14", baby_arrived: false });
    expect(set.json()).toMatchObject({ due_date: "2027-03-14", baby_arrived: false });
    expect((await post("/reactapi/account/pacing", cookie, { due_date: "2027-02-30", baby_arrived: false })).statusCode).toBe(400);
    expect((await post("/reactapi/account/pacing", cookie, { due_date: null, baby_arrived: true })).json()).toMatchObject({
      due_date: null,
      baby_arrived: true,
    });
  });

  it("exports her data as one JSON file, without her password hash", async () => {
    const { email, cookie } = await signedInMember(app(), "export");
    await post("/reactapi/feedback", cookie, { satisfaction: 5, recommend: 4, comments: "Thank you" });
    await post("/reactapi/progress/lessons/1017", cookie, { completed: true });
    const exported = await app().inject({ url: "/reactapi/account/export", headers: { cookie } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-disposition"]).toMatch(/attachment; filename="my-data.json"/);
    const data = exported.json();
    expect(data.profile.email).toBe(email);
    expect(data.forms[0].answers.comments).toBe("Thank you");
    expect(data.progress[0]).toMatchObject({ lesson_id: 1017 });
    expect(data.courses.map((course: { course_id: number }) => course.course_id)).toEqual(expect.arrayContaining([1, 2]));
    expect(exported.body).not.toMatch(/argon2|password_hash/);
  });

  it("keeps another member's address in the activity log when one whose address ends it leaves", async () => {
    const email = uniqueEmail("short");
    const longer = `x${email}`;
    for (const address of [email, longer]) {
      expect((await register(app(), { email: address, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
    }
    const cookie = sessionCookieOf(await login(app(), email));
    const other = sessionCookieOf(await login(app(), longer));
    const instructor = await signedInInstructor(app(), context.database.db, "log-reader");
    for (const who of [cookie, other]) {
      const id = (await app().inject({ url: "/reactapi/users/me", headers: { cookie: who } })).json<{ id: number }>().id;
      expect((await post(`/reactapi/studio/members/${id}/courses/4/grant`, instructor.cookie, {})).statusCode).toBe(200);
    }
    const download = (await app().inject({ url: "/reactapi/account/export", headers: { cookie } })).json<{
      activity: { summary: string }[];
    }>();
    expect(download.activity).toHaveLength(1);
    expect((await post("/reactapi/account/delete", cookie, { password: GOOD_PASSWORD })).statusCode).toBe(200);
    const summaries = (await context.database.db.select().from(activityLog)).map((entry) => entry.summary);
    expect(summaries.filter((summary) => summary.includes(longer))).toHaveLength(1);
    expect(summaries.some((summary) => summary.replaceAll(longer, "").includes(email))).toBe(false);
  });

  it("deletes her account with her password: no personal data left in any table, and the e-mail registers again", async () => {
    const email = uniqueEmail("leaving");
    await register(app(), { email, first_name: "Imogen", last_name: "Farthingale", password: GOOD_PASSWORD, access_code: DEMO_CODE });
    const cookie = sessionCookieOf(await login(app(), email));
    await post("/reactapi/contact", cookie, { email, full_name: "Imogen Farthingale", services: ["Birth Support"], referral: "A friend" });
    await post("/reactapi/feedback", cookie, { satisfaction: 4, recommend: 5 });
    await post("/reactapi/progress/lessons/1017", cookie, { position_seconds: 30 });
    await post("/reactapi/account/pacing", cookie, { due_date: "2027-01-01", baby_arrived: false });
    await post("/reactapi/account/email", cookie, { email: `pending.${email}`, password: GOOD_PASSWORD });
    await app().inject({ method: "POST", url: "/reactapi/users/forgot-password", headers: jsonHeaders, payload: { email } });
    // The studio's activity log names her ("Imogen Farthingale (address)") when the instructor grants her a course.
    const instructor = await signedInInstructor(app(), context.database.db, "log-keeper");
    const herId = (await app().inject({ url: "/reactapi/users/me", headers: { cookie } })).json<{ id: number }>().id;
    expect((await post(`/reactapi/studio/members/${herId}/courses/4/grant`, instructor.cookie, {})).statusCode).toBe(200);
    const logged = await context.database.db.select().from(activityLog);
    expect(logged.some((entry) => entry.summary.includes(email))).toBe(true);
    expect((await app().inject({ url: "/reactapi/account/export", headers: { cookie } })).json().activity).toEqual([
      expect.objectContaining({ summary: expect.stringContaining("Imogen Farthingale") }),
    ]);

    expect((await post("/reactapi/account/delete", cookie, { password: "Not-mine-2026" })).statusCode).toBe(403);
    const deleted = await post("/reactapi/account/delete", cookie, { password: GOOD_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect((await app().inject({ url: "/reactapi/users/me", headers: { cookie } })).statusCode).toBe(401);

    // Table by table: nothing names her, by address, name or id.
    // Every table of the database, whichever feature's schema file declares it.
    const listed = await context.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (listed as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
    expect(tables.length).toBeGreaterThan(40);
    for (const name of tables) {
      const rows = await context.database.db.execute(sql`select * from ${sql.identifier(name)}`);
      const text = JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
      for (const personal of [email, "Imogen", "Farthingale", "2027-01-01"]) {
        expect(text, `table ${name} still holds "${personal}"`).not.toContain(personal);
      }
    }
    const submissions = await context.database.db.select().from(formSubmissions);
    expect(submissions.some((row) => (row.payload as Record<string, unknown>).referral === "A friend")).toBe(true);

    expect((await register(app(), { email, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
  });
});
