import { describe, expect, it } from "vitest";
import { linkedPartner } from "../../../testing/partners.ts";
import { backends, jsonHeaders, signedInMember, useTestApp } from "../../../testing/test-app.ts";

const MINUTE = 60_000;
/** Contractions of a minute, `apart` minutes apart, for `count` of them from `from`. */
const contractions = (from: Date, count: number, apart = 5) =>
  Array.from({ length: count }, (_, index) => {
    const start = new Date(from.getTime() + index * apart * MINUTE);
    return { start: start.toISOString(), end: new Date(start.getTime() + MINUTE).toISOString() };
  });

// docs/product.md, Contraction timer.
describe.each(backends)("the contraction timer on %s", (backend) => {
  const context = useTestApp(backend);
  const post = (url: string, cookie: string, payload: Record<string, unknown> = {}) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload });
  const get = (url: string, cookie: string) => context.app.inject({ method: "GET", url, headers: { cookie } });

  const partnerOf = (her: { cookie: string }) => linkedPartner(context.app, context.database.db, her.cookie, { prefix: "timer-partner" });

  it("keeps a session as her phone sends it, once however often it is sent, and only on her account", async () => {
    const member = await signedInMember(context.app, "timer");
    expect((await get("/reactapi/timer", member.cookie)).json()).toEqual({ session: null, read_only: false, owner_first_name: null });
    const body = { rule: "5-1-1", contractions: contractions(new Date("2026-11-25T02:00:00Z"), 13) };
    const first = await post("/reactapi/timer/sessions/session-aaaa-1111", member.cookie, body);
    expect(first.statusCode, first.body).toBe(200);
    expect((await post("/reactapi/timer/sessions/session-aaaa-1111", member.cookie, body)).statusCode).toBe(200);
    const current = (await get("/reactapi/timer", member.cookie)).json();
    expect(current.session).toMatchObject({ id: "session-aaaa-1111", rule: "5-1-1" });
    expect(current.session.contractions).toHaveLength(13);
    const other = await signedInMember(context.app, "timer-other");
    expect((await post("/reactapi/timer/sessions/session-aaaa-1111", other.cookie, body)).statusCode).toBe(404);
    expect((await post("/reactapi/timer/sessions/x", member.cookie, body)).statusCode).toBe(400);
    const bad = await post("/reactapi/timer/sessions/session-bbbb-2222", member.cookie, { rule: "6-1-1", contractions: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.rule).toBe("The rule is 5-1-1, 4-1-1 or 3-1-1.");
    const download = (await get("/reactapi/account/export", member.cookie)).json();
    expect(download.contraction_timer).toHaveLength(1);
  });

  it("shows her live session to her partner while she shares it, within moments of each change", async () => {
    const her = await signedInMember(context.app, "timer-sharer");
    const him = await partnerOf(her);
    expect((await get("/reactapi/timer", him.cookie)).statusCode).toBe(403);
    expect((await post("/reactapi/timer/sessions/session-his-00001", him.cookie, { rule: "5-1-1", contractions: [] })).statusCode).toBe(
      403,
    );
    await post("/reactapi/account/partner/sharing", her.cookie, { timer: true });
    const address = await context.app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const stream = await fetch(`${address}/reactapi/timer/events`, {
        headers: { cookie: him.cookie },
        signal: AbortSignal.timeout(5000),
      });
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      const reader = stream.body!.getReader();
      let text = "";
      while (!text.includes("event: session")) text += new TextDecoder().decode((await reader.read()).value);
      await post("/reactapi/timer/sessions/session-live-0001", her.cookie, {
        rule: "4-1-1",
        contractions: contractions(new Date("2026-11-25T03:00:00Z"), 2, 4),
      });
      // Pushed by the stream, not asked for again: the partner's page shows it as it comes.
      while (!text.includes("session-live-0001")) text += new TextDecoder().decode((await reader.read()).value);
      expect(text).toContain('"read_only":true');
      await reader.cancel();
    } finally {
      await context.app.server.close();
    }
    expect((await get("/reactapi/timer", him.cookie)).json()).toMatchObject({ read_only: true, session: { id: "session-live-0001" } });
  });
});
