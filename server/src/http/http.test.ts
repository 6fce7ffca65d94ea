import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverPaths } from "../paths.ts";
import {
  createTestApp,
  DEMO_CODE,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  logInto,
  register,
  sessionCookieOf,
  type TestApp,
  uniqueEmail,
} from "../../../testing/test-app.ts";

describe("the HTTP surface", () => {
  let context: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = logInto(logLines);
    context = await createTestApp("pglite", { logger: { level: "trace", stream }, webApp: true });
  });
  afterAll(() => context.close());
  const app = () => context.app;

  it("answers malformed JSON with 400 and a sentence", async () => {
    const response = await app().inject({ method: "POST", url: "/reactapi/users/login", headers: jsonHeaders, payload: '{"email": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "The request body is not valid JSON." });
  });

  it("answers a body over 1 MB with 413", async () => {
    const payload = JSON.stringify({ email: "a@example.com", password: "x".repeat(1024 * 1024 + 10) });
    const response = await app().inject({ method: "POST", url: "/reactapi/users/register", headers: jsonHeaders, payload });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toMatch(/too large/);
  });

  it("refuses a cross-site HTML form post", async () => {
    const response = await app().inject({
      method: "POST",
      url: "/reactapi/users/login",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      payload: "email=a%40example.com&password=x",
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/JSON/);
  });

  it("refuses JSON posted from another origin", async () => {
    const response = await app().inject({
      method: "POST",
      url: "/reactapi/users/login",
      headers: { ...jsonHeaders, origin: "https://evil.example", host: "localhost:5000" },
      payload: { email: "nobody@example.com", password: "whatever-1!" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/another website/);
  });

  it("accepts JSON posted from its own origin", async () => {
    const response = await app().inject({
      method: "POST",
      url: "/reactapi/users/login",
      headers: { ...jsonHeaders, origin: "http://localhost:5000", host: "localhost:5000", "sec-fetch-site": "same-origin" },
      payload: { email: "nobody@example.com", password: "whatever-1!" },
    });
    expect(response.statusCode).toBe(401);
  });

  it("sends security headers with a Content-Security-Policy limited to the app and its players", async () => {
    const response = await app().inject({ url: "/reactapi/getcourses" });
    const policy = String(response.headers["content-security-policy"]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toMatch(/frame-src https:\/\/player\.vimeo\.com https:\/\/www\.youtube-nocookie\.com https:\/\/www\.buzzsprout\.com/);
    expect(policy).toContain("object-src 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends the catalogue compressed when the browser accepts it, and plain otherwise", async () => {
    const plain = await app().inject({ url: "/reactapi/getcourses" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const brotli = await app().inject({ url: "/reactapi/getcourses", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzip = await app().inject({ url: "/reactapi/getcourses", headers: { "accept-encoding": "gzip" } });
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it("serves the built app: every route answers with the page, and assets come precompressed", async () => {
    const page = await app().inject({ url: "/library?course=1" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    // The framework, every page's largest file (the entry itself is a few hundred bytes, too small to compress).
    const script = page.body.match(/href="(\/assets\/framework-[^"]+\.js)"/)![1]!;
    const asset = await app().inject({ url: script, headers: { "accept-encoding": "br" } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-encoding"]).toBe("br");
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("sends visitors the public pages already rendered, and anyone with a session the app", async () => {
    const visitor = await app().inject({ url: "/login?from=%2Flibrary", headers: { "accept-encoding": "br" } });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers["content-encoding"]).toBe("br");
    expect(visitor.headers.vary).toMatch(/cookie/i);
    const html = brotliDecompressSync(visitor.rawPayload).toString();
    expect(html).toContain('<div id="root" data-prerendered>');
    expect(html).toMatch(/<h1[^>]*>Log in<\/h1>/);
    // Until the app has taken the page over, the form can be neither filled in nor sent.
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""|<button[^>]*disabled=""[^>]*type="submit"/);
    expect((await app().inject({ url: "/" })).body).toMatch(/<h1[^>]*>Feel calm/);

    for (const [url, cookie] of [
      ["/login", "signed_in=1"],
      ["/", "theme=x; signed_in=1"],
      ["/library", ""],
    ] as const) {
      const page = await app().inject({ url, headers: cookie ? { cookie } : {} });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain("data-prerendered");
      expect(page.body).toContain("<!--app-shell-->");
    }
  });

  it("names each route's own chunks in its page, so the browser fetches them beside the app's entry", async () => {
    const preloaded = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([a-z-]+?)-[\w-]{8}\.js"/g)].map((link) => link[1]);
    const library = preloaded((await app().inject({ url: "/library", headers: { cookie: "signed_in=1" } })).body);
    expect(library).toEqual(expect.arrayContaining(["react", "framework", "site-parts", "library-page"]));
    expect(library).not.toContain("lesson-page");
    // A visitor's pre-rendered page too: its screen must be here before the page can be taken over.
    const login = preloaded((await app().inject({ url: "/login" })).body);
    expect(login).toContain("login-page");
    expect(login).not.toContain("library-page");
    const studioCourse = preloaded((await app().inject({ url: "/studio/courses/7", headers: { cookie: "signed_in=1" } })).body);
    expect(studioCourse).toEqual(expect.arrayContaining(["studio-layout", "studio-parts", "mui", "course-page"]));
    // An address the app does not know gets the plain app page.
    expect(preloaded((await app().inject({ url: "/no-such-page" })).body)).not.toContain("library-page");
  });

  it("answers an address the app does not know with 404 and the app's page, and every known one with 200", async () => {
    for (const cookie of ["", "signed_in=1"]) {
      const unknown = await app().inject({ url: "/no-such-page?x=1", headers: cookie ? { cookie } : {} });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers["content-type"]).toMatch(/text\/html/);
      expect(unknown.body).toContain('<div id="root"');
    }
    expect((await app().inject({ method: "HEAD", url: "/library/extra" })).statusCode).toBe(404);
    const appRoutes = (JSON.parse(readFileSync(path.join(serverPaths.webApp, "app-routes.json"), "utf8")) as { path: string }[]).map(
      (route) => route.path,
    );
    expect(appRoutes).toContain("/studio/courses/:id");
    for (const url of appRoutes.map((route) => route.replace(/:[a-z]+/g, "7")))
      expect((await app().inject({ url })).statusCode, url).toBe(200);
    expect((await app().inject({ url: "/library/" })).statusCode).toBe(200);
    expect((await app().inject({ url: "/reactapi/nothing-here" })).json()).toEqual({ error: "Not found." });
  });

  it("answers HEAD for a page as GET would, without the body (uptime checks use it)", async () => {
    for (const url of ["/", "/library"]) {
      const head = await app().inject({ method: "HEAD", url });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-type"]).toMatch(/text\/html/);
      expect(head.body).toBe("");
    }
  });

  it("warns once in the log when a proxy forwards requests but TRUST_PROXY is off", async () => {
    const mentions = () => logLines.filter((line) => line.includes("TRUST_PROXY")).length;
    expect(mentions()).toBe(0);
    for (let request = 0; request < 3; request++) {
      await app().inject({
        method: "POST",
        url: "/reactapi/users/login",
        headers: { ...jsonHeaders, "x-forwarded-for": "203.0.113.7" },
        payload: { email: "proxy@example.com", password: "x" },
      });
    }
    expect(mentions()).toBe(1);
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await app().inject({ url: "/reactapi/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "Not found." });
  });

  it("answers an address it cannot decode with 400 and its own sentence, not the framework's", async () => {
    for (const url of ["/reactapi/downloads/%E0%A4%A", "/reactapi/getcourses%", "/%c0"]) {
      const response = await app().inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: "That address is not valid. Please check the link, or start again from the home page.",
      });
      expect(response.headers["content-security-policy"], url).toBeDefined();
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("marks every API answer that depends on who is asking private and not to be stored", async () => {
    const email = uniqueEmail("cached");
    await register(app(), { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    const cookie = sessionCookieOf(await login(app(), email));
    // The answers that are the same for everyone, and say so.
    const publicAnswers = new Map([
      ["/reactapi/site", "public, max-age=300"],
      ["/reactapi/openapi.json", "public, max-age=300"],
    ]);
    // A live stream (…/events) stays open by design; the streams' own tests read their headers.
    const getRoutes = app().registeredRoutes.filter(
      (route) => route.method === "GET" && route.url.startsWith("/reactapi/") && !route.url.endsWith("/events"),
    );
    expect(getRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining(["/reactapi/account", "/reactapi/users/me", "/reactapi/payments/mine", "/reactapi/progress/summary"]),
    );
    for (const route of getRoutes) {
      const url = route.url.replace(/:[A-Za-z]+/g, "1");
      const response = await app().inject({ url, headers: { cookie } });
      expect(response.headers["cache-control"], `${url} (${response.statusCode})`).toBe(
        publicAnswers.get(route.url) ?? "private, no-store",
      );
    }
    for (const url of ["/reactapi/users/me", "/reactapi/account"]) {
      expect((await app().inject({ url })).headers["cache-control"], `${url} signed out`).toBe("private, no-store");
    }
  });

  it("sends each answer once: a route that sends its own reply (shared JSON, a file, a health check) leaves no error in the log", async () => {
    const before = logLines.length;
    for (const url of ["/reactapi/getcourses", "/reactapi/site", "/reactapi/openapi.json", "/healthz", "/readyz"]) {
      expect((await app().inject({ url })).statusCode, url).toBe(200);
    }
    const logged = logLines.slice(before).join("");
    expect(logged).toContain("/reactapi/getcourses");
    expect(logged).not.toContain("FST_ERR_REP_ALREADY_SENT");
    expect(logged).not.toMatch(/"level":(40|50)/);
  });

  it("never writes a password, token or cookie to the log", async () => {
    const email = uniqueEmail("logged");
    await register(app(), { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
    const signedIn = await login(app(), email);
    const cookie = sessionCookieOf(signedIn);
    await app().inject({ url: "/reactapi/users/me", headers: { cookie } });
    const log = logLines.join("");
    expect(log).toContain("/reactapi/users/me");
    expect(log).not.toContain(GOOD_PASSWORD);
    expect(log).not.toContain(cookie.slice("session=".length));
  });

  it("answers a failure inside with a fixed 500 text, logging the details and showing none", async () => {
    const broken = await createTestApp("pglite", { seed: false, logger: { level: "error", stream: logInto(logLines) } });
    await broken.database.close();
    const response = await broken.app.inject({ url: "/reactapi/getcourses" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Internal server error. Please try again later." });
    expect(response.body).not.toMatch(/select|at |\.ts/i);
    expect(logLines.join("")).toContain("request failed");
    await broken.app.close();
  });
});
