import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movableClock } from "../lib/clock.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";

// docs/architecture.md, "Live updates": a reply is read once for every stream that follows its
// conversation on this server, so its cost does not grow with the number of open streams.
describe.each(backends)("one reply to a conversation followed live (%s)", (backend) => {
  let context: TestApp;
  let counting = false;
  const statements: string[] = [];
  const clock = movableClock(new Date("2027-05-03T09:00:00Z"));
  let address: string;
  let doula: { cookie: string };
  let threadId: number;
  const streams: { has: (text: string) => boolean; next: () => Promise<void>; close: () => void }[] = [];

  beforeAll(async () => {
    context = await createTestApp(backend, {
      clock,
      startMailSender: false,
      onQuery: (statement) => counting && statements.push(statement),
    });
    const { app } = context;
    doula = await signedInInstructor(app, context.database.db, "fan-out-doula");
    const post = (url: string, payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: doula.cookie }, payload });
    await post("/reactapi/studio/community/settings", { approve_first_posts: 0, report_threshold: 3 });
    const topicId = (await post("/reactapi/studio/community/topics", { title: "Live", course_id: null })).json().id as number;
    threadId = (await post(`/reactapi/community/topics/${topicId}/threads`, { title: "Tired", body: "Hello." })).json().id as number;
    address = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await context.close();
  });

  /** Opens streams on the conversation for `readers` members in turn, each reading everything that arrives. */
  async function openStreams(howMany: number, readers: { cookie: string }[]) {
    for (let index = 0; index < howMany; index += 1) {
      const controller = new AbortController();
      const response = await fetch(`${address}/reactapi/community/threads/${threadId}/events`, {
        headers: { cookie: readers[index % readers.length]!.cookie },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let text = "";
      streams.push({
        has: (marker) => text.includes(marker),
        next: async () => void (text += new TextDecoder().decode((await reader.read()).value)),
        close: () => controller.abort(),
      });
    }
  }

  /** The statements one reply causes, from its request until every open stream has it. */
  async function statementsOfOneReply(words: string): Promise<string[]> {
    clock.advance(10 * 60_000);
    statements.length = 0;
    counting = true;
    const replied = await context.app.inject({
      method: "POST",
      url: `/reactapi/community/threads/${threadId}/replies`,
      headers: { ...jsonHeaders, cookie: doula.cookie },
      payload: { body: words },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    await Promise.all(
      streams.map(async (stream) => {
        while (!stream.has(words)) await stream.next();
      }),
    );
    // The reply's mail digest runs beside its answer (community-routes.ts), and its transaction is
    // part of what a reply costs: the count ends once it has run and every transaction has ended,
    // however the streams' reads and it interleave.
    await expect
      .poll(
        () =>
          statements.some((statement) => statement.includes("skip locked")) &&
          statements.filter((statement) => statement === "begin").length ===
            statements.filter((statement) => statement === "commit" || statement === "rollback").length,
        { timeout: 10_000 },
      )
      .toBe(true);
    counting = false;
    return [...statements];
  }

  it("costs the same queries with 50 streams open as with 1", async () => {
    const readers = await Promise.all(
      ["fan-out-a", "fan-out-b", "fan-out-c", "fan-out-d", "fan-out-e"].map((prefix) => signedInMember(context.app, prefix)),
    );
    await openStreams(1, readers);
    // The first reply after a stream opens settles what any first reply does (her notice of the conversation).
    await statementsOfOneReply("A first warm reply.");
    const withOne = await statementsOfOneReply("A reply read by one stream.");
    await openStreams(49, readers);
    const withFifty = await statementsOfOneReply("A reply read by fifty streams.");
    expect(streams).toHaveLength(50);
    expect(withOne.length).toBeGreaterThan(0);
    expect(withFifty.length, JSON.stringify({ withOne, withFifty }, null, 1)).toBe(withOne.length);
  });
});
