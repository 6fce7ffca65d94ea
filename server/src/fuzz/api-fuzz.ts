import fc from "fast-check";
import type { FastifyInstance, InjectOptions } from "fastify";
import { startSession } from "../accounts/sessions-repository.ts";
import type { Database } from "../db/client.ts";
import { signedInInstructor, signedInMember } from "../../../testing/test-app.ts";

// Random requests against every route of the app: whatever arrives, the answer is a 2xx or a 4xx
// with a sentence, never a 5xx, and the server still answers afterwards.

const BODY_LIMIT = 1024 * 1024;

const nastyStrings = [
  "",
  "\u0000",
  "a\u0000b",
  "__proto__",
  "constructor",
  "prototype",
  "../../etc/passwd",
  "%00",
  "%",
  "%E0%A4%A",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "\uD800",
  "\uFFFF",
  "😀".repeat(300),
  "x".repeat(70_000),
  "NaN",
  "-1",
  "0",
  "1e309",
  "2026-02-30",
  "9".repeat(40),
  "cs_test_a",
  "BETA-AAAA-AAAA",
  "maya@example.com",
];
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(...nastyStrings),
  fc.string({ minLength: 1_000, maxLength: 6_000 }),
);
const nastyKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "\u0000"),
);
// Values the API accepts somewhere (the test app's access code, a good password, real plan and
// course ids, ratings), mixed in so that random bodies get past validation and reach the database.
let fuzzEmails = 0;
const freshEmail = fc.constant(null).map(() => `fuzz.${++fuzzEmails}@example.com`);
const goodValue = fc.oneof(
  freshEmail,
  fc.constantFrom("TEST-CODE", "calm-Birth-2025", 1, 2, 3, 4, 5, "2027-03-14", ["Birth Support"], "course_access"),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: goodValue, weight: 4 },
  { arbitrary: fc.string({ maxLength: 30 }).map((text) => `Maya${text}\u0000`), weight: 3 },
  nastyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_VALUE),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 5 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(nastyKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

// The fields the API reads anywhere, so random bodies reach past the first check more often.
const knownFields = [
  "email",
  "password",
  "access_code",
  "first_name",
  "last_name",
  "query",
  "plan_id",
  "course_id",
  "satisfaction",
  "recommend",
  "comments",
  "liked_most",
  "improve",
  "full_name",
  "birth_location",
  "due_date",
  "location",
  "referral",
  "services",
  "code",
  "max_uses",
  "expires_on",
  "role",
  "token",
];

/** A JSON text written by hand, so that keys like __proto__ reach the server as keys. */
function jsonText(entries: [string, unknown][]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
}

const body = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...knownFields), nastyKey), nastyValue), { maxLength: 8 }).map(jsonText),
  },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: nastyString },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "{",
      "[1,2",
      '{"a":}',
      "null",
      "true",
      "\u0000",
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(BODY_LIMIT - 20, BODY_LIMIT + 10).map((size) => JSON.stringify({ comments: "x".repeat(size) })) },
);

// A good request for each route that reads a body; the fuzzer spoils one or two fields of it, so
// that whole requests reach the database with a NUL byte, a huge number or a prototype key in them.
const goodBodies: Record<string, Record<string, unknown>> = {
  "/reactapi/users/register": {
    email: "new@example.com",
    password: "calm-Birth-2025",
    access_code: "TEST-CODE",
    first_name: "Maya",
    last_name: "Lind",
  },
  "/reactapi/users/login": { email: "new@example.com", password: "calm-Birth-2025" },
  "/reactapi/feedback": { satisfaction: 4, recommend: 3, comments: "Calm", liked_most: "Videos", improve: "More" },
  "/reactapi/contact": {
    email: "sam@example.com",
    full_name: "Sam Rivera",
    birth_location: "Home",
    due_date: "2027-03-14",
    location: "Portland",
    referral: "A friend",
    services: ["Birth Support"],
  },
  "/reactapi/getcoursemodules": { query: 1 },
  "/reactapi/getuseraccessdata": { query: "course_access" },
  "/reactapi/payments/checkout": { plan_id: 1, course_id: 4 },
  "/reactapi/users/forgot-password": { email: "new@example.com" },
  "/reactapi/users/reset-password": { token: "A".repeat(43), password: "calm-Birth-2026" },
  "/reactapi/users/reset-password/check": { token: "A".repeat(43) },
  "/reactapi/account/name": { first_name: "Maya", last_name: "Lind" },
  "/reactapi/account/pacing": { due_date: "2027-03-14", baby_arrived: false },
  "/reactapi/account/email": { email: "moved@example.com", password: "not-the-Password-1" },
  "/reactapi/account/email/confirm": { token: "A".repeat(43) },
  "/reactapi/account/password": { current_password: "not-the-Password-1", new_password: "calm-Birth-2026" },
  "/reactapi/account/delete": { password: "not-the-Password-1" },
  "/reactapi/progress/lessons/:lessonId": { position_seconds: 42, completed: true },
  "/reactapi/instructor-setup": { token: "A".repeat(43), email: "teacher@example.com", password: "calm-Birth-2025", first_name: "Maya" },
  "/reactapi/studio/access-codes": { code: "FUZZ-CODE", max_uses: 3, expires_on: "2099-01-01" },
  "/reactapi/studio/members/:id/role": { role: "member" },
};
const spoiled = (good: Record<string, unknown>) =>
  fc
    .tuple(
      freshEmail,
      fc.array(
        fc.tuple(fc.oneof({ arbitrary: fc.constantFrom(...Object.keys(good)), weight: 3 }, { arbitrary: nastyKey, weight: 1 }), nastyValue),
        { maxLength: 2 },
      ),
    )
    .map(([email, changes]) =>
      jsonText(Object.entries({ ...good, ...("email" in good ? { email } : {}), ...Object.fromEntries(changes) })),
    );

const contentType = fc.constantFrom(
  "application/json",
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=fuzz",
  "application/json; charset=latin1",
  "application/jsonx",
  undefined,
);

// A URL cannot carry a lone surrogate; everything else goes through as it is.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (value: string) => encodeURIComponent(value.replace(loneSurrogate, "\uFFFD"));

const queryString = fc
  .array(fc.tuple(nastyKey, nastyString), { maxLength: 4 })
  .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join("&")}`));

const pathParameter = fc.oneof(
  nastyString.map(encode),
  fc.constantFrom("1", "0", "-1", "999999999", "1.5", "%", "%ZZ", "cs_test_1", "cs_" + "a".repeat(300)),
);

type Caller = "visitor" | "member" | "admin" | "forged";

export type FuzzOutcome = { runs: number; statuses: Record<number, number> };

/**
 * Sends `runs` random requests to the app's routes (as a visitor, a member, an admin or with a
 * forged cookie) and fails, with fast-check's smallest counterexample, on any 5xx, any 4xx without
 * a sentence, or a server that no longer answers /healthz.
 */
export async function fuzzApi(app: FastifyInstance, db: Database, options: { runs: number; seed: number }): Promise<FuzzOutcome> {
  // A live stream (…/events) stays open by design, so an injected request would wait forever: the
  // streams have tests of their own (community, timer).
  const routes = app.registeredRoutes.filter(
    (route) =>
      (route.url.startsWith("/reactapi/") && !route.url.endsWith("/events")) ||
      route.url === "/healthz" ||
      route.url === "/readyz" ||
      route.url === "/metrics",
  );
  if (routes.length === 0) throw new Error("no routes to fuzz");
  const member = await signedInMember(app, "fuzz");
  const admin = await signedInInstructor(app, db, "fuzz-admin");
  const memberId = Number((await app.inject({ url: "/reactapi/users/me", headers: { cookie: member.cookie } })).json().id);
  // A fresh session for every request: the fuzzer may well log out.
  const cookieFor = async (caller: Caller): Promise<string | undefined> => {
    if (caller === "visitor") return undefined;
    if (caller === "forged") return "session=forged-token-that-was-never-issued";
    return `session=${(await startSession(db, caller === "admin" ? admin.id : memberId, 1, undefined)).token}`;
  };
  const statuses: Record<number, number> = {};

  // Routes that read a body come up more often: they are where input reaches the database.
  const withBodies = routes.filter((route) => goodBodies[route.url]);
  const request = fc.oneof(fc.constantFrom(...routes), fc.constantFrom(...withBodies)).chain((route) =>
    fc.record({
      route: fc.constant(route),
      otherMethod: fc.oneof(
        { arbitrary: fc.constant(null), weight: 8 },
        { arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"), weight: 1 },
      ),
      parameter: pathParameter,
      query: queryString,
      body: fc.option(
        goodBodies[route.url] ? fc.oneof({ arbitrary: spoiled(goodBodies[route.url]!), weight: 3 }, { arbitrary: body, weight: 1 }) : body,
        { freq: 6 },
      ),
      contentType: fc.oneof({ arbitrary: fc.constant("application/json"), weight: 3 }, contentType),
      caller: fc.constantFrom<Caller>("visitor", "member", "member", "member", "admin", "forged"),
      foreignOrigin: fc.constantFrom(false, false, false, false, false, false, true),
    }),
  );

  await fc.assert(
    fc.asyncProperty(request, async (input) => {
      const method = (input.otherMethod ?? input.route.method) as InjectOptions["method"];
      const url = input.route.url.replace(/:[A-Za-z]+/g, input.parameter).replace(/\*$/, input.parameter) + input.query;
      const cookie = await cookieFor(input.caller);
      const headers: Record<string, string> = {
        ...(input.contentType ? { "content-type": input.contentType } : {}),
        ...(cookie ? { cookie } : {}),
        ...(input.foreignOrigin ? { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" } : {}),
      };
      const withBody = input.body !== null && method !== "GET" && method !== "HEAD";
      const response = await app.inject({ method, url, headers, ...(withBody ? { payload: input.body! } : {}) });
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      if (response.statusCode >= 500) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      if (response.statusCode >= 400 && method !== "HEAD") {
        let sentence: unknown;
        try {
          sentence = (response.json() as { error?: unknown }).error;
        } catch {
          sentence = undefined;
        }
        if (typeof sentence !== "string" || sentence.trim().length < 5) {
          throw new Error(`${method} ${url} answered ${response.statusCode} without a sentence: ${response.body.slice(0, 300)}`);
        }
      }
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  const health = await app.inject({ url: "/healthz" });
  if (health.statusCode !== 200) throw new Error(`the server no longer answers /healthz (${health.statusCode})`);
  return { runs: options.runs, statuses };
}
