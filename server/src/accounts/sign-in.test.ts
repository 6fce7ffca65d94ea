import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createAccessCode, setAccessCodeActive } from "../access-codes/access-codes-repository.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { rateLimitHits } from "../rate-limits/rate-limits-schema.ts";
import { eq } from "drizzle-orm";
import { sessions, users } from "./accounts-schema.ts";
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
  useTestApp,
} from "../../../testing/test-app.ts";

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
  const context = useTestApp(backend);
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
      [
        "a password without a special character",
        { email: "a@example.com", password: "abcdefgh1", access_code: DEMO_CODE },
        "password",
        /special/,
      ],
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
      const response = await register(app(), {
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        access_code: DEMO_CODE,
        role: "admin",
        id: 1,
      });
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
      expect(response.json<{ error: string }>().error).toMatch(
        /^Unauthorized\. Access code invalid: this code stopped working after \d{1,2} [A-Z][a-z]+ \d{4}\. Please ask whoever gave it to you for a new one, or write to \S+@\S+\.$/,
      );
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
      expect(spent.json().error).toMatch(/^Unauthorized\. Access code invalid: this code has been used as many times as it allows\./);
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
      expect(Object.keys(me.json()).sort()).toEqual([
        "baby_arrived",
        "created_at",
        "due_date",
        "email",
        "email_confirmed",
        "first_name",
        "id",
        "joined_as",
        "last_name",
        "role",
      ]);
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
  const context = useTestApp(backend);

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

describe.each(backends)("limits that hold when attempts arrive all at once, on %s", (backend) => {
  let context: TestApp;
  let secondServer: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    context = await createTestApp(backend);
    // A second app server on the same database, as behind a load balancer.
    secondServer = await buildApp({
      db: context.database.db,
      config: loadConfig({ NODE_ENV: "test" }),
      cacheTrust: context.database.cacheTrust,
    });
  });
  afterAll(async () => {
    await secondServer.close();
    await context.close();
  });
  // Each test signs in from its own address, so the limits per address of one test leave the others alone.
  let addressCounter = 0;
  const newAddress = () => `198.51.100.${++addressCounter}`;
  const signIn = (server: typeof secondServer, address: string, email: string, password: string) =>
    server.inject({
      method: "POST",
      url: "/reactapi/users/login",
      remoteAddress: address,
      headers: jsonHeaders,
      payload: { email, password },
    });
  const statusCounts = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

  it.each([
    ["one app server", false],
    ["two app servers", true],
  ])("checks at most 5 of 40 wrong passwords for one account sent together, through %s", async (_case, twoServers) => {
    const email = uniqueEmail("stormed");
    await register(context.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        signIn(twoServers && index % 2 === 1 ? secondServer : context.app, address, email, `Wrong-guess-${index}!`),
      ),
    );
    const counts = statusCounts(responses.map((response) => response.statusCode));
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(["401", "429"]);
    // Exactly the limit: no more checked, and a burst does not shut out the guesses the limit allows.
    expect(counts).toEqual({ 401: 5, 429: 35 });
    // The right password is refused too until the window passes.
    expect((await signIn(context.app, address, email, GOOD_PASSWORD)).statusCode).toBe(429);
  });

  it.each([
    ["one app server", false],
    ["two app servers", true],
  ])("checks at most 30 of 80 sign-ins with different e-mails from one address sent together, through %s", async (_case, twoServers) => {
    const address = newAddress();
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, index) =>
        signIn(twoServers && index % 2 === 1 ? secondServer : context.app, address, uniqueEmail(`sprayed${index}`), "Wrong-guess-1!"),
      ),
    );
    const counts = statusCounts(responses.map((response) => response.statusCode));
    expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(["401", "429"]);
    expect(counts).toEqual({ 401: 30, 429: 50 });
  });

  it("lets a right password through and does not count it, so a member signing in often is never limited", async () => {
    const email = uniqueEmail("regular");
    await register(context.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    const address = newAddress();
    for (let attempt = 0; attempt < 35; attempt++) expect((await signIn(context.app, address, email, GOOD_PASSWORD)).statusCode).toBe(200);
    // Four wrong, then right: the right one clears the account's count, so four more wrong ones are checked again.
    for (let round = 0; round < 2; round++) {
      for (let attempt = 0; attempt < 4; attempt++)
        expect((await signIn(context.app, address, email, "Wrong-guess-1!")).statusCode).toBe(401);
      expect((await signIn(context.app, address, email, GOOD_PASSWORD)).statusCode).toBe(200);
    }
  });

  it.each([
    ["one app server", false],
    ["two app servers", true],
  ])(
    "checks at most 5 of 40 wrong passwords sent together to the account page's password change, through %s",
    async (_case, twoServers) => {
      const email = uniqueEmail("confirming");
      await register(context.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
      const address = newAddress();
      const cookie = sessionCookieOf(await signIn(context.app, address, email, GOOD_PASSWORD));
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (twoServers && index % 2 === 1 ? secondServer : context.app).inject({
            method: "POST",
            url: "/reactapi/account/password",
            remoteAddress: address,
            headers: { ...jsonHeaders, cookie },
            payload: { current_password: `Wrong-guess-${index}!`, new_password: "another-Calm-2027" },
          }),
        ),
      );
      const counts = statusCounts(responses.map((response) => response.statusCode));
      expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(["403", "429"]);
      expect(counts).toEqual({ 403: 5, 429: 35 });
      const limited = responses.find((response) => response.statusCode === 429)!;
      expect(limited.json().error).toMatch(/^Too many wrong passwords\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    },
  );
});

describe.each(backends)("registration without a valid access code, on %s", (backend) => {
  let context: TestApp;
  beforeAll(async () => {
    context = await createTestApp(backend);
    await createAccessCode(context.database.db, { code: "SHELVED" });
    await setAccessCodeActive(context.database.db, "SHELVED", false);
    await createAccessCode(context.database.db, { code: "BYGONE", expiresAt: new Date(Date.now() - 1000) });
    await createAccessCode(context.database.db, { code: "SPENT", maxUses: 1 });
    await register(context.app, { email: uniqueEmail("spender"), password: GOOD_PASSWORD, access_code: "SPENT" });
  });
  afterAll(() => context.close());

  it.each([
    ["an unknown code", "NO-SUCH-CODE", 404, /^Access code not found\.$/],
    ["an inactive code", "SHELVED", 403, /^Forbidden\. Access code inactive\.$/],
    ["an expired code", "BYGONE", 401, /^Unauthorized\. Access code invalid: this code stopped working after /],
    ["a used-up code", "SPENT", 401, /^Unauthorized\. Access code invalid: this code has been used as many times as it allows\./],
  ])("answers %s with the code's error, the same for a registered e-mail and an unknown one", async (_case, code, status, text) => {
    const registered = uniqueEmail("known");
    expect((await register(context.app, { email: registered, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
    const withKnown = await register(context.app, { email: registered, password: GOOD_PASSWORD, access_code: code });
    const withUnknown = await register(context.app, { email: uniqueEmail("unknown"), password: GOOD_PASSWORD, access_code: code });
    expect(withKnown.statusCode).toBe(status);
    expect(withUnknown.statusCode).toBe(status);
    expect(withKnown.json<{ error: string }>().error).toMatch(text);
    expect(withUnknown.json()).toEqual(withKnown.json());
  });

  it("gives back the use a refused registration reserved, so a code for one family still opens once", async () => {
    await createAccessCode(context.database.db, { code: "FAMILY", maxUses: 1 });
    const taken = uniqueEmail("taken");
    await register(context.app, { email: taken, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await register(context.app, { email: taken, password: GOOD_PASSWORD, access_code: "FAMILY" })).statusCode).toBe(409);
    }
    expect((await register(context.app, { email: uniqueEmail("family"), password: GOOD_PASSWORD, access_code: "FAMILY" })).statusCode).toBe(
      201,
    );
  });
});

describe.each(backends)("the registration limit per address, on %s", (backend) => {
  let context: TestApp;
  const perHour = loadConfig({}).registrationsPerHour;
  beforeAll(async () => {
    context = await createTestApp(backend, { environment: { REGISTRATIONS_PER_HOUR: String(perHour) } });
  });
  afterAll(() => context.close());
  const registerFrom = (address: string, body: Record<string, unknown>) =>
    context.app.inject({ method: "POST", url: "/reactapi/users/register", remoteAddress: address, headers: jsonHeaders, payload: body });

  it("is 10 sign-ups an hour unless set otherwise", () => {
    expect(perHour).toBe(10);
  });

  it("answers 429 with a sentence and Retry-After once an address has tried 10 times in an hour, good codes or bad", async () => {
    const address = "203.0.113.7";
    for (let attempt = 0; attempt < perHour; attempt++) {
      const code = attempt % 2 === 0 ? DEMO_CODE : `WRONG-${attempt}`;
      const response = await registerFrom(address, { email: uniqueEmail("sign-up"), password: GOOD_PASSWORD, access_code: code });
      expect(response.statusCode).toBe(code === DEMO_CODE ? 201 : 404);
    }
    const limited = await registerFrom(address, { email: uniqueEmail("sign-up"), password: GOOD_PASSWORD, access_code: DEMO_CODE });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many sign-ups from this connection\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect(
      (await registerFrom("203.0.113.8", { email: uniqueEmail("sign-up"), password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode,
    ).toBe(201);
  });

  it("lets exactly 10 through when 30 arrive at once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        registerFrom("203.0.113.9", { email: uniqueEmail("rushed"), password: GOOD_PASSWORD, access_code: "NOT-A-CODE" }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 404)).toHaveLength(perHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - perHour);
  });
});

describe("logout", () => {
  const context = useTestApp("pglite");
  const host = "localhost:5000";
  const signedInCookie = async () => {
    const email = uniqueEmail("leaving");
    await register(context.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    return sessionCookieOf(await login(context.app, email));
  };
  const stillSignedIn = async (cookie: string) =>
    (await context.app.inject({ url: "/reactapi/users/me", headers: { cookie } })).statusCode === 200;

  it.each([
    ["a link on another site (Fetch Metadata)", { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" }],
    ["another site of the same domain", { "sec-fetch-site": "same-site", "sec-fetch-mode": "navigate" }],
    ["a script on another origin", { origin: "https://elsewhere.example" }],
    ["a sandboxed frame", { origin: "null" }],
    ["a link on another site, in a browser without Fetch Metadata", { referer: "https://elsewhere.example/page" }],
  ])("is refused when %s asks for it, and the member stays signed in", async (_case, headers) => {
    const cookie = await signedInCookie();
    const response = await context.app.inject({ url: "/reactapi/users/logout", headers: { cookie, host, ...headers } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("This sign-out came from another website and was refused. To sign out, use Logout in the menu.");
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it.each([
    ["the app's own menu", { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", referer: `http://${host}/home` }],
    ["the address typed in the browser", { "sec-fetch-site": "none", "sec-fetch-mode": "navigate" }],
    ["a script that names no page", {}],
  ])("works from %s", async (_case, headers) => {
    const cookie = await signedInCookie();
    const response = await context.app.inject({ url: "/reactapi/users/logout", headers: { cookie, host, ...headers } });
    expect(response.statusCode).toBe(200);
    expect(await stillSignedIn(cookie)).toBe(false);
  });
});

describe("password hashing", () => {
  // Each stored hash names its algorithm and cost: $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$…
  const storedHashOf = async (app: TestApp, email: string) => {
    const [user] = await app.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    return user!.hash;
  };

  it("is OWASP's argon2id baseline unless configured otherwise, and the member signs in with it", async () => {
    expect(loadConfig({}).passwordHashing).toBe("owasp");
    const made = await createTestApp("pglite", { environment: { PASSWORD_HASHING: "owasp" } });
    try {
      const email = uniqueEmail("hashed");
      expect((await register(made.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
      expect(await storedHashOf(made, email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await login(made.app, email)).statusCode).toBe(200);
      expect((await login(made.app, email, "not-her-Password-1")).statusCode).toBe(401);
    } finally {
      await made.close();
    }
  });

  it("is light only on a test server: anywhere else the configuration refuses it with a sentence", async () => {
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASHING: "light" })).toThrow(/PASSWORD_HASHING: light hashing is for test servers only/);
    }
    expect(() => loadConfig({ PASSWORD_HASHING: "bcrypt" })).toThrow(/PASSWORD_HASHING must be "owasp" or "light"/);
    const made = await createTestApp("pglite", { environment: { PASSWORD_HASHING: "light" } });
    try {
      const email = uniqueEmail("lightly");
      await register(made.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
      expect(await storedHashOf(made, email)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
      expect((await login(made.app, email)).statusCode).toBe(200);
    } finally {
      await made.close();
    }
  });
});
