import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staleRevisionMessage } from "../../../contract/constants.ts";
import { movableClock } from "../lib/clock.ts";
import {
  backends,
  createTestApp,
  jsonHeaders,
  signedInInstructor,
  signedInMember,
  type TestApp,
  uniqueEmail,
} from "../../../testing/test-app.ts";

// docs/product.md, Screens (/about, /contact, /links): About and Helpful links she edits, a Contact form for visitors.

describe.each(backends)("her public pages on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T12:00:00Z"));
  let context: TestApp;
  let instructor: { cookie: string };
  const studio = (method: "GET" | "POST", url: string, payload?: unknown) =>
    context.app.inject({
      method,
      url: `/reactapi/studio/site${url}`,
      headers: { ...jsonHeaders, cookie: instructor.cookie },
      ...(payload ? { payload } : {}),
    });
  const contact = (payload: Record<string, unknown>, ip = "10.9.0.1") =>
    context.app.inject({ method: "POST", url: "/reactapi/contact/public", headers: jsonHeaders, remoteAddress: ip, payload });
  const message = (overrides: Record<string, unknown> = {}) => ({
    full_name: "Ruth Visitor",
    email: uniqueEmail("visitor"),
    services: ["Birth Support"],
    due_date: "2027-08-01",
    message: "Are you free for a birth in August?",
    filled_in_ms: 12_000,
    ...overrides,
  });
  const inbox = async () =>
    (await context.app.inject({ method: "GET", url: "/reactapi/studio/inbox?kind=contact", headers: { cookie: instructor.cookie } })).json<{
      messages: { fields: { label: string; value: string }[] }[];
    }>().messages;

  beforeAll(async () => {
    context = await createTestApp(backend, { clock, startMailSender: false, environment: { INSTRUCTOR_NAME: "Sarah Lane" } });
    instructor = await signedInInstructor(context.app, context.database.db);
  });
  afterAll(() => context.close());

  it("shows an empty About with her name until she writes it, then her cleaned story, credentials and testimonials", async () => {
    const empty = await context.app.inject({ method: "GET", url: "/reactapi/pages/about" });
    expect(empty.json()).toEqual({ story_html: "", credentials: [], testimonials: [], instructor_name: "Sarah Lane", photo: null });
    const saved = await studio("POST", "/about", {
      story_html: '<p>I have walked beside <strong>300 families</strong>.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
      credentials: ["Certified birth doula (DONA)", "Lactation counsellor"],
      testimonials: [{ first_name: "Maya", text: "She made my second birth a calm one." }],
      revision: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = (await context.app.inject({ method: "GET", url: "/reactapi/pages/about" })).json<{
      story_html: string;
      credentials: string[];
    }>();
    expect(page.story_html).toContain("<strong>300 families</strong>");
    expect(page.story_html).not.toMatch(/script|onerror/);
    expect(page.credentials).toEqual(["Certified birth doula (DONA)", "Lactation counsellor"]);
    // Saved from a page opened before that save: refused, nothing changed.
    const stale = await studio("POST", "/about", { story_html: "<p>Old tab</p>", credentials: [], testimonials: [], revision: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: staleRevisionMessage });
    const current = (await studio("GET", "/about")).json<{ revision: number; story_html: string }>();
    expect(current.story_html).toContain("300 families");
    expect((await studio("POST", "/about", { ...page, testimonials: [], revision: current.revision })).statusCode).toBe(200);
  });

  it("keeps her helpful links, refusing an address that is not a web address", async () => {
    expect((await context.app.inject({ method: "GET", url: "/reactapi/pages/links" })).json()).toEqual({ links: [] });
    const bad = await studio("POST", "/links", { links: [{ title: "Evidence", url: "javascript:alert(1)" }], revision: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe("Please enter an address starting with https://.");
    const links = [{ title: "Evidence Based Birth", url: "https://evidencebasedbirth.com", description: "Research, explained." }];
    expect((await studio("POST", "/links", { links, revision: 0 })).statusCode).toBe(200);
    expect((await context.app.inject({ method: "GET", url: "/reactapi/pages/links" })).json()).toEqual({ links });
  });

  it("keeps the studio's pages to the instructor", async () => {
    const member = await signedInMember(context.app, "site");
    const refused = await context.app.inject({
      method: "POST",
      url: "/reactapi/studio/site/links",
      headers: { ...jsonHeaders, cookie: member.cookie },
      payload: { links: [], revision: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await context.app.inject({ method: "GET", url: "/reactapi/studio/site/about" })).statusCode).toBe(401);
  });

  it("puts a visitor's message in her inbox, and keeps robots out: a hidden field, a form sent too fast, too many from one address", async () => {
    const good = message();
    const sent = await contact(good);
    expect(sent.statusCode, sent.body).toBe(201);
    const stored = await inbox();
    expect(stored.some((entry) => entry.fields.some((field) => field.label === "Message" && field.value === good.message))).toBe(true);

    const robot = message({ website: "https://spam.example", message: "Buy followers" });
    expect((await contact(robot, "10.9.0.2")).statusCode).toBe(201);
    const tooFast = await contact(message({ filled_in_ms: 400, message: "Too quick" }), "10.9.0.3");
    expect(tooFast.statusCode).toBe(400);
    expect(tooFast.json<{ error: string }>().error).toMatch(/quicker than we expected/);
    const noTiming = await contact(message({ filled_in_ms: undefined, message: "No timing" }), "10.9.0.3");
    expect(noTiming.statusCode).toBe(400);
    const texts = (await inbox()).flatMap((entry) => entry.fields.map((field) => field.value));
    expect(texts).not.toContain("Buy followers");
    expect(texts).not.toContain("Too quick");

    for (let index = 0; index < 5; index++) expect((await contact(message(), "10.9.0.4")).statusCode).toBe(201);
    const limited = await contact(message(), "10.9.0.4");
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    clock.advance(61 * 60_000);
    expect((await contact(message(), "10.9.0.4")).statusCode).toBe(201);
    const missing = await contact({ ...message(), message: "  ", email: "not-an-address" }, "10.9.0.5");
    expect(missing.statusCode).toBe(400);
  });
});
