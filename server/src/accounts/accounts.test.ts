import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccessCode, setAccessCodeActive } from "../access-codes/access-codes-repository.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { rateLimitHits, sessions } from "../db/schema.ts";
import {
  backends,
  DEMO_CODE,
  GOOD_PASSWORD,
  createTestApp,
  jsonHeaders,
  login,
  postgresMissingNotice,
  register,
  sessionCookieOf,
  type TestApp,
  uniqueEmail,
} from "../test/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

describe("session cookies over HTTPS", () => {
  it.each([
    ["in production", { NODE_ENV: "production" }, {}],
    ["behind a trusted TLS proxy", { TRUST_PROXY: "true" }, { "x-forwarded-proto": "https" }],
  ])("are Secure %s", async (_case, environment, headers) => {
    const secure = await createTestApp("pglite", { environment });
    try {
      const email = uniqueEmail("secure");
      await register(secure.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
      const response = await login(secure.app, email, GOOD_PASSWORD, headers);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((candidate) => candidate.name === "session")!.secure).toBe(true);
    } finally {
      await secure.close();
    }
  });
});

describe.each(backends)("accounts on %s", (backend) => {
  let context: TestApp;
  beforeAll(async () => {
    context = await createTestApp(backend);
  });
  afterAll(() => context.close());
  const app = () => context.app;

  describe("registration", () => {
    it("answers 201 with the new profile, and never the password hash", async () => {
      const email = uniqueEmail();
      const response = await register(app(), {
        first_name: "Maya",
        last_name: "Lind",
        email,
        password: GOOD_PASSWORD,
        access_code: DEMO_CODE,
      });
      expect(response.statusCode).toBe(201);
      const profile = response.json();
      expect(profile).toMatchObject({ email, first_name: "Maya", last_name: "Lind", role: "member" });
      expect(typeof profile.id).toBe("number");
      expect(Date.parse(profile.created_at)).not.toBeNaN();
      expect(response.body).not.toMatch(/hash|argon|password/i);
    });

    it("does not sign the new member in", async () => {
      const response = await register(app(), { email: uniqueEmail(), password: GOOD_PASSWORD, access_code: DEMO_CODE });
      expect(response.statusCode).toBe(201);
      expect(response.headers["set-cookie"]).toBeUndefined();
    });

    it("trims and lower-cases e-mails and access codes", async () => {
      const email = uniqueEmail();
      const response = await register(app(), {
        email: `  ${email.toUpperCase()}  `,
        password: GOOD_PASSWORD,
        access_code: `  ${DEMO_CODE.toLowerCase()} `,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().email).toBe(email);
      expect((await login(app(), email.toUpperCase())).statusCode).toBe(200);
    });

    it("refuses an e-mail already registered in any letter case with 409", async () => {
      const email = uniqueEmail();
      await register(app(), { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
      const again = await register(app(), { email: email.toUpperCase(), password: GOOD_PASSWORD, access_code: DEMO_CODE });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "Email already registered." });
    });

    it.each([
      ["a missing e-mail", { password: GOOD_PASSWORD, access_code: DEMO_CODE }, "email", /e-mail/],
      ["an e-mail that is not one", { email: "not-an-email", password: GOOD_PASSWORD, access_code: DEMO_CODE }, "email", /valid e-mail/],
      ["a missing password", { email: "a@example.com", access_code: DEMO_CODE }, "password", /password/],
      ["a short password", { email: "a@example.com", password: "a1!", access_code: DEMO_CODE }, "password", /8 or more/],
      ["a password without a number", { email: "a@example.com", password: "abcdefgh!", access_code: DEMO_CODE }, "password", /number/],
      ["a password without a special character", { email: "a@example.com", password: "abcdefgh1", access_code: DEMO_CODE }, "password", /special/],
      ["a missing access code", { email: "a@example.com", password: GOOD_PASSWORD }, "access_code", /access code/],
      ["a number where text belongs", { email: 42, password: GOOD_PASSWORD, access_code: DEMO_CODE }, "email", /e-mail/],
    ])("refuses %s with 400 naming the field", async (_case, body, field, text) => {
      const response = await register(app(), body);
      expect(response.statusCode).toBe(400);
      const answer = response.json();
      expect(answer.error).toMatch(text);
      expect(answer.details[field]).toMatch(text);
    });

    it("refuses a body that is not an object with 400", async () => {
      const response = await app().inject({ method: "POST", url: "/reactapi/users/register", headers: jsonHeaders, payload: "[1,2]" });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/JSON object/);
    });

    it("refuses a one-megabyte password with 400 before hashing it", async () => {
      const response = await register(app(), { email: uniqueEmail(), password: `${"a1!".repeat(330_000)}`, access_code: DEMO_CODE });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.password).toMatch(/at most 200/);
    });

    it("ignores a role in the registration: nobody makes themself admin", async () => {
      const response = await register(app(), { email: uniqueEmail(), password: GOOD_PASSWORD, access_code: DEMO_CODE, role: "admin", id: 1 });
      expect(response.statusCode).toBe(201);
      expect(response.json().role).toBe("member");
    });

    it("stores SQL metacharacters as plain text", async () => {
      const email = `o'brien+x--@example.com`;
      const name = `Robert'); DROP TABLE users;--`;
      const response = await register(app(), { email, first_name: name, password: GOOD_PASSWORD, access_code: DEMO_CODE });
      expect(response.statusCode).toBe(201);
      expect(response.json().first_name).toBe(name);
      const cookie = sessionCookieOf(await login(app(), email));
      const me = await app().inject({ url: "/reactapi/users/me", headers: { cookie } });
      expect(me.json()).toMatchObject({ email, first_name: name });
    });

    it("answers 404 for an access code that does not exist", async () => {
      const response = await register(app(), { email: uniqueEmail(), password: GOOD_PASSWORD, access_code: "NO-SUCH-CODE" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Access code not found." });
    });

    it("answers 403 for a deactivated access code", async () => {
      await createAccessCode(context.database.db, { code: "RETIRED" });
      await setAccessCodeActive(context.database.db, "retired", false);
      const response = await register(app(), { email: uniqueEmail(), password: GOOD_PASSWORD, access_code: "RETIRED" });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "Forbidden. Access code inactive." });
    });

    it("answers 401 for an expired access code", async () => {
      await createAccessCode(context.database.db, { code: "LAST-YEAR", expiresAt: new Date(Date.now() - 1000) });
      const response = await register(app(), { email: uniqueEmail(), password: GOOD_PASSWORD, access_code: "LAST-YEAR" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "Unauthorized. Access code invalid." });
    });

    it("answers 401 once a limited code's uses are spent, and a failed registration uses nothing", async () => {
      await createAccessCode(context.database.db, { code: "ONCE", maxUses: 1 });
      const taken = uniqueEmail();
      await register(app(), { email: taken, password: GOOD_PASSWORD, access_code: DEMO_CODE });
      const duplicate = await register(app(), { email: taken, password: GOOD_PASSWORD, access_code: "ONCE" });
      expect(duplicate.statusCode).toBe(409);
      expect((await register(app(), { email: uniqueEmail(), password: GOOD_PASSWORD, access_code: "ONCE" })).statusCode).toBe(201);
      const spent = await register(app(), { email: uniqueEmail(), password: GOOD_PASSWORD, access_code: "ONCE" });
      expect(spent.statusCode).toBe(401);
      expect(spent.json().error).toBe("Unauthorized. Access code invalid.");
    });

    it("admits exactly N registrations for a code limited to N uses, when they all arrive at once", async () => {
      await createAccessCode(context.database.db, { code: "RUSH", maxUses: 3 });
      const responses = await Promise.all(
        Array.from({ length: 12 }, () => register(app(), { email: uniqueEmail("rush"), password: GOOD_PASSWORD, access_code: "RUSH" })),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.filter((status) => status === 401)).toHaveLength(9);
    });
  });

  describe("sessions", () => {
    let email: string;
    beforeAll(async () => {
      email = uniqueEmail("session");
      await register(app(), { email, first_name: "Ana", password: GOOD_PASSWORD, access_code: DEMO_CODE });
    });

    it("signs in with a session cookie that is HttpOnly and SameSite=Lax", async () => {
      const response = await login(app(), email);
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((candidate) => candidate.name === "session")!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe("Lax");
      expect(cookie.path).toBe("/");
      expect(cookie.value.length).toBeGreaterThanOrEqual(40);
      expect(response.json()).toMatchObject({ email, first_name: "Ana" });
    });

    it("sets a readable signed-in hint that carries no secret and ends with the session", async () => {
      const response = await login(app(), email);
      const session = response.cookies.find((candidate) => candidate.name === "session")!;
      const hint = response.cookies.find((candidate) => candidate.name === "signed_in")!;
      expect(hint.httpOnly).toBeFalsy();
      expect(hint.value).toBe("1");
      expect(hint.sameSite).toBe("Lax");
      expect(hint.expires).toEqual(session.expires);
      // The hint alone is not a session.
      expect((await app().inject({ url: "/reactapi/users/me", headers: { cookie: "signed_in=1" } })).statusCode).toBe(401);
    });

    it("clears the leftover cookies of an ended session when verify answers 401", async () => {
      const cookie = sessionCookieOf(await login(app(), email));
      await app().inject({ url: "/reactapi/users/logout", headers: { cookie } });
      const verify = await app().inject({ url: "/reactapi/users/verify", headers: { cookie: `${cookie}; signed_in=1` } });
      expect(verify.statusCode).toBe(401);
      expect(verify.json().error).toMatch(/sign in/);
      const cleared = Object.fromEntries(verify.cookies.map((candidate) => [candidate.name, candidate.value]));
      expect(cleared).toEqual({ session: "", signed_in: "" });
      // A visitor with no cookies gets no Set-Cookie at all.
      expect((await app().inject({ url: "/reactapi/users/verify" })).headers["set-cookie"]).toBeUndefined();
    });

    it("does not believe a forwarded HTTPS header without TRUST_PROXY", async () => {
      const response = await login(app(), email, GOOD_PASSWORD, { "x-forwarded-proto": "https" });
      expect(response.cookies.find((candidate) => candidate.name === "session")!.secure).toBeFalsy();
    });

    it("issues a new token at every login", async () => {
      const first = sessionCookieOf(await login(app(), email));
      const second = sessionCookieOf(await login(app(), email, GOOD_PASSWORD, { cookie: first }));
      expect(second).not.toBe(first);
      const withOld = await app().inject({ url: "/reactapi/users/me", headers: { cookie: first } });
      expect(withOld.statusCode).toBe(401);
    });

    it("answers me and verify for a live session, with no secret in the profile", async () => {
      const cookie = sessionCookieOf(await login(app(), email));
      const me = await app().inject({ url: "/reactapi/users/me", headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(Object.keys(me.json()).sort()).toEqual(["baby_arrived", "created_at", "due_date", "email", "first_name", "id", "last_name", "role"]);
      expect((await app().inject({ url: "/reactapi/users/verify", headers: { cookie } })).statusCode).toBe(200);
    });

    it("answers 401 to me and verify without a session, or with a forged one", async () => {
      for (const headers of [{}, { cookie: "session=forged-token-value" }]) {
        const me = await app().inject({ url: "/reactapi/users/me", headers });
        expect(me.statusCode).toBe(401);
        expect(me.json().error).toMatch(/sign in/);
        expect((await app().inject({ url: "/reactapi/users/verify", headers })).statusCode).toBe(401);
      }
    });

    it("ends the session on the server at logout, so the old cookie no longer works", async () => {
      const cookie = sessionCookieOf(await login(app(), email));
      const logout = await app().inject({ url: "/reactapi/users/logout", headers: { cookie } });
      expect(logout.statusCode).toBe(200);
      const cleared = Object.fromEntries(logout.cookies.map((candidate) => [candidate.name, candidate.value]));
      expect(cleared).toEqual({ session: "", signed_in: "" });
      expect((await app().inject({ url: "/reactapi/users/me", headers: { cookie } })).statusCode).toBe(401);
    });

    it("answers a wrong password and an unknown e-mail with the same 401", async () => {
      const wrongPassword = await login(app(), email, "Wrong-password-1");
      const unknownEmail = await login(app(), uniqueEmail("nobody"), "Wrong-password-1");
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ error: "Invalid email or password." });
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    });

    it("rate limits repeated failures with 429 and Retry-After, even for the right password", async () => {
      const target = uniqueEmail("guessed");
      await register(app(), { email: target, password: GOOD_PASSWORD, access_code: DEMO_CODE });
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login(app(), target, `Guess-${attempt}-x`)).statusCode).toBe(401);
      }
      const limited = await login(app(), target);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect(limited.json().error).toMatch(/Too many/);
    });
  });
});

describe.each(backends)("the login limit on %s", (backend) => {
  let context: TestApp;
  beforeAll(async () => {
    context = await createTestApp(backend);
  });
  afterAll(() => context.close());

  it("is shared by every app server on the database, and keeps no address or e-mail", async () => {
    const email = uniqueEmail("shared.limit");
    await register(context.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(context.app, email, `Guess-${attempt}-x`)).statusCode).toBe(401);
    }
    // A second app server on the same database: the guesses made on the first one count here too.
    const secondServer = await buildApp({ db: context.database.db, config: loadConfig({ NODE_ENV: "test" }) });
    try {
      const limited = await login(secondServer, email);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await secondServer.close();
    }
    const stored = JSON.stringify(await context.database.db.select().from(rateLimitHits));
    expect(stored).not.toContain(email);
    expect(stored).not.toContain("127.0.0.1");
  });
});

describe("a session on the embedded database, whose lookups are cached", () => {
  let context: TestApp;
  beforeAll(async () => {
    context = await createTestApp("pglite");
  });
  afterAll(async () => {
    vi.useRealTimers();
    await context.close();
  });

  it("is refused the moment it expires, even while its lookup is cached", async () => {
    const email = uniqueEmail("expiring");
    await register(context.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    const cookie = sessionCookieOf(await login(context.app, email));
    const start = Date.now();
    // A session with 30 seconds left, looked up (and cached) once...
    await context.database.db.update(sessions).set({ expiresAt: new Date(start + 30_000) });
    expect((await context.app.inject({ url: "/reactapi/users/me", headers: { cookie } })).statusCode).toBe(200);
    // ...is refused 45 seconds later, within the cache's own minute.
    vi.useFakeTimers({ toFake: ["Date"], now: start + 45_000 });
    const late = await context.app.inject({ url: "/reactapi/users/me", headers: { cookie } });
    expect(late.statusCode).toBe(401);
  });
});
