import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkedPartner } from "../../../testing/partners.ts";
import { readPdf } from "../../../testing/pdf-text.ts";
import { and, eq } from "drizzle-orm";
import { takeOnClient } from "../../../testing/care-clients.ts";
import { browserSubscription, startPushServiceStandIn, type PushServiceStandIn } from "../../../testing/push-service-stand-in.ts";
import {
  backends,
  createTestApp,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  postgresMissingNotice,
  register,
  sessionCookieOf,
  signedInInstructor,
  uniqueEmail,
  type TestApp,
  useAppServers,
} from "../../../testing/test-app.ts";
import { movableClock } from "../lib/clock.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { users } from "../accounts/accounts-schema.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { labourEscalation } from "./labour-alerts.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

// The labour line (docs/labour-line.md): her press reaches her doula's devices and mail, is seen,
// escalates to her backup once, goes straight to the backup when the doula is off call.

const MINUTE = 60_000;

describe.each(backends)("the labour line on %s", (backend) => {
  const clock = movableClock(new Date("2027-05-20T02:14:00Z"));
  let service: PushServiceStandIn;
  let context: TestApp;
  beforeAll(async () => {
    service = await startPushServiceStandIn();
    context = await createTestApp(backend, { clock, environment: { PUSH_SERVICES: service.origin, INSTRUCTOR_NAME: "Maya" } });
  });
  afterAll(async () => {
    await context.close();
    await service.close();
  });
  const app = () => context.app;
  const db = () => context.database.db;
  const post = (url: string, cookie: string, payload: Record<string, unknown> = {}) =>
    app().inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload });
  const get = (url: string, cookie: string) => app().inject({ method: "GET", url, headers: { cookie } });
  const mailsTo = async (email: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "labour_alert")));
  const pushesTo = (path: string) => service.delivered.filter((push) => push.path === path);
  const escalation = () =>
    labourEscalation({
      db: db(),
      clock,
      mail: { practice: fixedPracticeNames({ doulaName: "Maya", businessName: "Calm Birth Circle" }), publicUrl: "https://care.example" },
      sender: { wake: () => {} } as unknown as MailSender,
      practice: fixedPracticeNames({ doulaName: "Maya", businessName: "Calm Birth Circle" }),
      escalateMinutes: 10,
    });

  /** A doula of her team, joined through the mailed invitation. */
  async function teamDoula(doula: { cookie: string }, firstName: string) {
    const email = uniqueEmail(`team-${firstName.toLowerCase()}`);
    const invited = await post("/reactapi/studio/team/invite", doula.cookie, { email, first_name: firstName });
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "team_invitation")));
    const token = mail!.textBody.match(/team_invitation=([A-Za-z0-9_-]+)/)![1];
    const registered = await register(app(), { email, password: GOOD_PASSWORD, first_name: firstName, team_invitation: token });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json().role).toBe("team");
    expect((await register(app(), { email: uniqueEmail("again"), password: GOOD_PASSWORD, team_invitation: token })).statusCode).toBe(403);
    return { email, id: registered.json().id as number, cookie: sessionCookieOf(await login(app(), email)) };
  }

  /** Her doula with a phone that takes labour alerts, a client due on 1 June with a backup, and the backup's phone. */
  async function practice(prefix: string) {
    const doula = await signedInInstructor(app(), db(), `${prefix}-doula`);
    const client = await takeOnClient(app(), db(), doula.cookie, { prefix: `${prefix}-client`, dueDate: "2027-06-01" });
    const backup = await teamDoula(doula, `Noor${prefix}`.slice(0, 20));
    expect((await post(`/reactapi/studio/care/clients/${client.recordId}/backup`, doula.cookie, { user_id: backup.id })).statusCode).toBe(
      200,
    );
    const doulaPhone = browserSubscription(`${service.origin}/push/${prefix}-doula`);
    const backupPhone = browserSubscription(`${service.origin}/push/${prefix}-backup`);
    await post("/reactapi/push/subscriptions", doula.cookie, { ...doulaPhone.json, kinds: ["labour_alerts"] });
    await post("/reactapi/push/subscriptions", backup.cookie, { ...backupPhone.json, kinds: ["labour_alerts"], previews: true });
    return { doula, client, backup, doulaPhone, backupPhone };
  }

  it("tells her doula at once by push and mail, once however often it is sent, and shows her when it is seen", async () => {
    const { doula, client, backup, doulaPhone, backupPhone } = await practice("line");
    const line = (await get("/reactapi/care/labour", client.cookie)).json();
    expect(line.records).toEqual([expect.objectContaining({ id: client.recordId, open: true, on_call: "Maya", latest: null })]);

    const sent = await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, {
      kind: "labour",
      note: "Every 4 minutes",
      key: "alert-key-0001",
      phone: "+1 555 010 2030",
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const again = await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, { kind: "labour", key: "alert-key-0001" });
    expect(again.json().id).toBe(sent.json().id);
    const alertId = sent.json().id as number;

    await expect.poll(() => pushesTo(`/push/line-doula`).length, { timeout: 5000 }).toBe(1);
    const shown = JSON.parse(doulaPhone.decrypt(pushesTo(`/push/line-doula`)[0]!.body));
    // A locked screen says no more than that a client needs her.
    expect(shown).toEqual({
      title: "Labour line",
      body: "A client needs you. Open to see who.",
      url: `/studio/labour/${alertId}`,
      tag: `labour-${alertId}`,
    });
    expect(pushesTo(`/push/line-doula`)[0]!.headers.urgency).toBe("high");
    expect(await mailsTo(doula.email)).toHaveLength(1);
    expect((await mailsTo(doula.email))[0]!.subject).toBe("Rosa Díaz: labour has started");
    expect((await mailsTo(doula.email))[0]!.textBody).toContain("Her phone: +1 555 010 2030");
    // Her due date as a person reads it, never an ISO date.
    expect((await mailsTo(doula.email))[0]!.textBody).toContain("Her due date: 1 June 2027");
    // And the studio's list has it, once, linking to the alert.
    const told = (await get("/reactapi/studio/notifications", doula.cookie)).json().notices as {
      kind: string;
      text: string;
      link: string;
    }[];
    expect(told.filter((notice) => notice.link === `/studio/labour/${alertId}`)).toEqual([
      expect.objectContaining({ kind: "labour_alert", text: "Rosa Díaz: labour has started" }),
    ]);
    expect(await mailsTo(backup.email)).toHaveLength(0);
    expect(pushesTo(`/push/line-backup`)).toHaveLength(0);

    const status = (await get(`/reactapi/care/${client.recordId}/labour/${alertId}`, client.cookie)).json();
    expect(status).toMatchObject({ status: "sent", seen_by: null, told: ["Maya"], kind: "labour" });

    // Her doula's alert page: her details and the timer's last hour; the backup does not see it yet.
    const page = (await get(`/reactapi/studio/care/labour/${alertId}`, doula.cookie)).json();
    expect(page).toMatchObject({
      name: "Rosa Díaz",
      note: "Every 4 minutes",
      phone: "+1 555 010 2030",
      due_date: "2027-06-01",
      can_hand_over: true,
      backup: "Noorline",
    });
    expect((await get(`/reactapi/studio/care/labour/${alertId}`, backup.cookie)).statusCode).toBe(404);

    const seen = await post(`/reactapi/studio/care/labour/${alertId}/seen`, doula.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    expect((await get(`/reactapi/care/${client.recordId}/labour/${alertId}`, client.cookie)).json()).toMatchObject({
      status: "seen",
      seen_by: "Maya",
      seen_at: clock.now().toISOString(),
    });
    // Seen, it does not escalate.
    clock.advance(11 * MINUTE);
    await escalation().run();
    expect(await mailsTo(backup.email)).toHaveLength(0);
    expect(backupPhone.json.endpoint).toContain("line-backup");
  });

  it("goes to her backup once when her doula has not seen it in ten minutes, and says who was told", async () => {
    const { doula, client, backup, backupPhone } = await practice("late");
    const sent = await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, { kind: "waters" });
    const alertId = sent.json().id as number;
    clock.advance(9 * MINUTE);
    await escalation().run();
    expect(await mailsTo(backup.email)).toHaveLength(0);
    clock.advance(2 * MINUTE);
    await Promise.all([escalation().run(), escalation().run()]);
    await escalation().run();
    expect(await mailsTo(backup.email)).toHaveLength(1);
    await expect.poll(() => pushesTo("/push/late-backup").length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(backupPhone.decrypt(pushesTo("/push/late-backup")[0]!.body))).toMatchObject({
      title: "Rosa Díaz: her waters have broken",
      body: "You are told as her backup doula.",
    });
    expect((await get(`/reactapi/care/${client.recordId}/labour/${alertId}`, client.cookie)).json().told).toEqual(["Maya", "Noorlate"]);
    // Now it came to her, the backup opens it and says she has seen it.
    expect((await get(`/reactapi/studio/care/labour/${alertId}`, backup.cookie)).statusCode).toBe(200);
    expect((await post(`/reactapi/studio/care/labour/${alertId}/seen`, backup.cookie)).statusCode).toBe(200);
    expect((await get(`/reactapi/care/${client.recordId}/labour/${alertId}`, client.cookie)).json()).toMatchObject({ seen_by: "Noorlate" });
    // Hand-over after the backup was told tells no one twice.
    expect((await post(`/reactapi/studio/care/labour/${alertId}/hand-over`, doula.cookie)).json().message).toBe(
      "Her backup doula was told already.",
    );
    expect(await mailsTo(backup.email)).toHaveLength(1);
  });

  it("goes straight to her backup while her doula is off call, and her line says who is on call", async () => {
    const { doula, client, backup } = await practice("away");
    const from = clock.now();
    const off = await post("/reactapi/studio/calendar/off-call", doula.cookie, {
      from: from.toISOString(),
      until: new Date(from.getTime() + 3 * 24 * 60 * MINUTE).toISOString(),
    });
    expect(off.statusCode, off.body).toBe(201);
    expect(
      (await post("/reactapi/studio/calendar/off-call", doula.cookie, { from: from.toISOString(), until: from.toISOString() })).statusCode,
    ).toBe(400);
    expect((await get("/reactapi/care/labour", client.cookie)).json().records[0]).toMatchObject({
      on_call: "Nooraway",
      doula_off_call: true,
    });
    const sent = await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, { kind: "call_me" });
    expect(sent.json().message).toBe("Sent to Nooraway. You will see here when it has been seen.");
    expect(await mailsTo(backup.email)).toHaveLength(1);
    expect(await mailsTo(doula.email)).toHaveLength(0);
    const periods = (await get("/reactapi/studio/calendar/off-call", doula.cookie)).json().periods;
    expect((await post(`/reactapi/studio/calendar/off-call/${periods[0].id}/delete`, doula.cookie)).statusCode).toBe(200);
    expect((await get("/reactapi/care/labour", client.cookie)).json().records[0]).toMatchObject({ on_call: "Maya", doula_off_call: false });
  });

  it("tells her doula, never nobody, when her backup was paused or left the team, and the studio says whose backup she was", async () => {
    const { doula, client, backup } = await practice("paused");
    const from = clock.now();
    const off = await post("/reactapi/studio/calendar/off-call", doula.cookie, {
      from: from.toISOString(),
      until: new Date(from.getTime() + 3 * 24 * 60 * MINUTE).toISOString(),
    });
    expect(off.statusCode, off.body).toBe(201);
    try {
      // Paused without the studio (as an account paused before backups were cleared): the line checks her itself.
      await db().update(users).set({ deactivatedAt: clock.now() }).where(eq(users.id, backup.id));
      const sent = await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, { kind: "call_me" });
      expect(sent.statusCode, sent.body).toBeLessThan(300);
      expect(await mailsTo(doula.email)).toHaveLength(1);
      expect(await mailsTo(backup.email)).toHaveLength(0);
      clock.advance(11 * MINUTE);
      await escalation().run();
      expect(await mailsTo(backup.email)).toHaveLength(0);
      const handed = await post(`/reactapi/studio/care/labour/${sent.json().id}/hand-over`, doula.cookie);
      expect(await mailsTo(backup.email)).toHaveLength(0);
      expect(handed.statusCode).toBeLessThan(500);

      // Paused from the studio: she is cleared from her clients, and the answer names them.
      await db().update(users).set({ deactivatedAt: null }).where(eq(users.id, backup.id));
      const paused = await post(`/reactapi/studio/members/${backup.id}/deactivate`, doula.cookie);
      expect(paused.statusCode, paused.body).toBe(200);
      expect(paused.json().message).toContain(
        "She is no longer the backup doula of Rosa Díaz: choose another backup for them in Studio → Clients.",
      );
      expect((await get(`/reactapi/studio/care/clients/${client.recordId}`, doula.cookie)).json().backup).toBeNull();
    } finally {
      const periods = (await get("/reactapi/studio/calendar/off-call", doula.cookie)).json().periods as { id: number }[];
      for (const period of periods) await post(`/reactapi/studio/calendar/off-call/${period.id}/delete`, doula.cookie);
    }

    // Made a member again: the same.
    const second = await practice("left");
    const left = await post(`/reactapi/studio/members/${second.backup.id}/role`, second.doula.cookie, { role: "member" });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().message).toMatch(/is now a member, and no longer the backup doula of Rosa Díaz: choose another backup/);
    expect((await get(`/reactapi/studio/care/clients/${second.client.recordId}`, second.doula.cookie)).json().backup).toBeNull();
  });

  it("shows a team doula the clients she backs up: their on-call windows, shared notes and birth preferences, and the doula's time off call", async () => {
    const { doula, client, backup } = await practice("calendar");
    const other = await takeOnClient(app(), db(), doula.cookie, { prefix: "calendar-other", dueDate: "2027-05-25" });
    await post(`/reactapi/studio/care/clients/${client.recordId}/notes`, doula.cookie, { text: "Hospital bag by the door.", shared: true });
    await post(`/reactapi/studio/care/clients/${client.recordId}/notes`, doula.cookie, {
      text: "Anxious after her first birth.",
      shared: false,
    });
    const forTeam = await post(`/reactapi/studio/care/clients/${client.recordId}/notes`, doula.cookie, {
      text: "Prefers a call to a text.",
      shared: false,
      for_team: true,
    });
    expect(forTeam.json().message).toBe("Saved the note, for you and her backup doula.");
    const away = { from: "2027-05-29T16:00:00.000Z", until: "2027-05-31T08:00:00.000Z" };
    expect((await post("/reactapi/studio/calendar/off-call", doula.cookie, away)).statusCode).toBe(201);

    const hers = await get("/reactapi/studio/care/on-call", backup.cookie);
    expect(hers.statusCode, hers.body).toBe(200);
    expect(hers.json().off_call).toContainEqual(away);
    expect(hers.json().clients).toEqual([
      {
        record_id: client.recordId,
        name: expect.any(String),
        due_date: "2027-06-01",
        on_call_from: expect.any(String),
        on_call_until: expect.any(String),
        stage: expect.any(String),
        backup: expect.stringContaining("Noorcalendar"),
        birth_preferences_shared: false,
        shared_notes: [
          { text: "Hospital bag by the door.", written_at: expect.any(String), with_her: true },
          { text: "Prefers a call to a text.", written_at: expect.any(String), with_her: false },
        ],
      },
    ]);
    // The doula sees every client, due soonest first.
    const ids = (await get("/reactapi/studio/care/on-call", doula.cookie))
      .json()
      .clients.map((one: { record_id: number }) => one.record_id);
    expect(ids.indexOf(other.recordId)).toBeLessThan(ids.indexOf(client.recordId));
    expect((await get("/reactapi/studio/care/on-call", client.cookie)).statusCode).toBe(403);

    // Her birth preferences reach her doulas only while she shares them; another's client is not there at all.
    const pdf = (recordId: number, cookie: string) => get(`/reactapi/studio/care/clients/${recordId}/birth-plan.pdf`, cookie);
    expect((await pdf(other.recordId, backup.cookie)).statusCode).toBe(404);
    expect((await pdf(client.recordId, backup.cookie)).json().error).toBe("She does not share her birth preferences with her doulas.");
    const plan = (await get("/reactapi/birth-plan", client.cookie)).json() as { sections: { options: { id: string }[] }[] };
    const saved = await post("/reactapi/birth-plan", client.cookie, {
      choices: [{ option_id: plan.sections[0]!.options[0]!.id, note: "dim lights please" }],
      share_with_instructor: true,
      revision: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const shared = (await get("/reactapi/studio/care/on-call", backup.cookie)).json().clients[0];
    expect(shared.birth_preferences_shared).toBe(true);
    for (const cookie of [backup.cookie, doula.cookie]) {
      const document = await pdf(client.recordId, cookie);
      expect(document.statusCode).toBe(200);
      expect((await readPdf(new Uint8Array(document.rawPayload))).text).toContain("dim lights please");
    }
  });

  it("keeps a team doula to what is shared with her: 403 on the rest of the studio, 404 on another's client", async () => {
    const { doula, client, backup } = await practice("team");
    const other = await takeOnClient(app(), db(), doula.cookie, { prefix: "team-other" });
    for (const url of [
      "/reactapi/studio/members",
      "/reactapi/studio/plans",
      "/reactapi/studio/inbox",
      "/reactapi/studio/courses",
      "/reactapi/studio/care/clients",
    ])
      expect((await get(url, backup.cookie)).statusCode, url).toBe(403);
    expect(
      (await post(`/reactapi/studio/care/clients/${client.recordId}/payments/1/paid`, backup.cookie, { note: "", waived: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await post("/reactapi/studio/calendar/off-call", backup.cookie, {
          from: clock.now().toISOString(),
          until: clock.now().toISOString(),
        })
      ).statusCode,
    ).toBe(403);
    const elsewhere = await post(`/reactapi/care/${other.recordId}/labour`, other.cookie, { kind: "labour" });
    expect((await get(`/reactapi/studio/care/labour/${elsewhere.json().id}`, backup.cookie)).statusCode).toBe(404);
    expect((await post(`/reactapi/studio/care/labour/${elsewhere.json().id}/seen`, backup.cookie)).statusCode).toBe(404);
    expect((await get("/reactapi/studio/care/labour", backup.cookie)).json().alerts).toEqual([]);
    // Another mother's alert is a 404 to her; a partner's account cannot press.
    expect((await get(`/reactapi/care/${other.recordId}/labour/${elsewhere.json().id}`, client.cookie)).statusCode).toBe(404);
    expect((await post(`/reactapi/care/${other.recordId}/labour`, client.cookie, { kind: "labour" })).statusCode).toBe(404);
    expect((await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, { kind: "twins" })).statusCode).toBe(400);
    const badPhone = await post(`/reactapi/care/${client.recordId}/labour`, client.cookie, { kind: "labour", phone: "call me maybe" });
    expect(badPhone.json().error).toBe("A phone number has digits, spaces, +, ( ) and - only.");
  });

  it("refuses her press before 36 weeks and after her baby arrived (409), and a seventh in an hour (429), while a retry stays its alert", async () => {
    const { doula, client } = await practice("window");
    const line = `/reactapi/care/${client.recordId}/labour`;
    const saved = clock.now();
    try {
      // Due 1 June: at 34 weeks her line is not open yet, and nothing reaches the doula.
      clock.set(new Date("2027-04-20T10:00:00Z"));
      const early = await post(line, client.cookie, { kind: "call_me" });
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toMatch(
        /^Your labour line opens on .*2027, at 36 weeks\. If you think labour has started before then, call your midwife/,
      );
      expect(await mailsTo(doula.email)).toHaveLength(0);

      clock.set(saved);
      const sent: number[] = [];
      for (const press of [1, 2, 3, 4, 5, 6]) {
        const answer = await post(line, client.cookie, { kind: "call_me", key: `window-${press}` });
        expect(answer.statusCode, answer.body).toBe(201);
        sent.push(answer.json().id);
      }
      // A retry of the sixth is the sixth, not a seventh.
      expect((await post(line, client.cookie, { kind: "call_me", key: "window-6" })).json().id).toBe(sent[5]);
      const seventh = await post(line, client.cookie, { kind: "call_me", key: "window-7" });
      expect(seventh.statusCode).toBe(429);
      expect(seventh.headers["retry-after"]).toBe("600");
      expect(seventh.json().error).toMatch(/^Your doula has had 6 alerts from you in the last hour, and each one reached her\./);
      expect(await mailsTo(doula.email)).toHaveLength(6);
      clock.advance(61 * MINUTE);
      expect((await post(line, client.cookie, { kind: "call_me", key: "window-8" })).statusCode).toBe(201);

      // Her baby has arrived (she says so on her account): the line is closed.
      expect((await post("/reactapi/account/pacing", client.cookie, { due_date: "2027-06-01", baby_arrived: true })).statusCode).toBe(200);
      const after = await post(line, client.cookie, { kind: "call_me", key: "window-9" });
      expect(after.statusCode).toBe(409);
      expect(after.json().error).toMatch(/^Your labour line is closed now that your baby has arrived\./);
      expect((await get("/reactapi/care/labour", client.cookie)).json().records[0].open).toBe(false);
    } finally {
      clock.set(saved);
    }
  });

  it("opens her line on her practice's calendar day, not UTC's", async () => {
    const { doula, client } = await practice("zone");
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
    const hours = await post("/reactapi/studio/calendar/hours", doula.cookie, { time_zone: "America/Los_Angeles", weekly, exceptions: [] });
    expect(hours.statusCode, hours.body).toBe(200);
    const open = async () => (await get("/reactapi/care/labour", client.cookie)).json().records[0].open as boolean;
    // Due 1 June: the line opens at 36 weeks, 4 May. At 03:00 UTC on 4 May it is still 3 May in California.
    clock.set(new Date("2027-05-04T03:00:00Z"));
    expect(await open()).toBe(false);
    clock.set(new Date("2027-05-04T08:00:00Z"));
    expect(await open()).toBe(true);
  });
});

if (!backends.includes("postgres")) it.skip(`the labour line on two app servers: ${postgresMissingNotice}`, () => {});

describe.runIf(backends.includes("postgres"))("the labour line on two app servers sharing PostgreSQL", () => {
  const servers = useAppServers({ environment: { INSTRUCTOR_NAME: "Maya" }, clock: movableClock(new Date("2027-05-20T02:14:00Z")) });

  it("shows her page and her partner's that her doula has seen it, within two seconds, from the other server", async () => {
    const [a, b] = servers;
    const doula = await signedInInstructor(a!.app, a!.handle.db, "two-doula");
    const client = await takeOnClient(a!.app, a!.handle.db, doula.cookie, { prefix: "two-client" });
    const partnerCookie = (await linkedPartner(a!.app, a!.handle.db, client.cookie, { prefix: "two-partner" })).cookie;

    const sent = await a!.app.inject({
      method: "POST",
      url: `/reactapi/care/${client.recordId}/labour`,
      headers: { ...jsonHeaders, cookie: client.cookie },
      payload: { kind: "labour" },
    });
    const alertId = sent.json().id as number;
    const address = await b!.app.listen({ port: 0, host: "127.0.0.1" });
    const follow = async (cookie: string) => {
      const stream = await fetch(`${address}/reactapi/care/${client.recordId}/labour/${alertId}/events`, {
        headers: { cookie },
        signal: AbortSignal.timeout(8000),
      });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      let text = "";
      while (!text.includes('"status":"sent"')) text += new TextDecoder().decode((await reader.read()).value);
      return async () => {
        while (!text.includes('"status":"seen"')) text += new TextDecoder().decode((await reader.read()).value);
        await reader.cancel();
        return text;
      };
    };
    const hers = await follow(client.cookie);
    const his = await follow(partnerCookie);
    const pressed = Date.now();
    expect(
      (
        await a!.app.inject({
          method: "POST",
          url: `/reactapi/studio/care/labour/${alertId}/seen`,
          headers: { ...jsonHeaders, cookie: doula.cookie },
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const [herText, hisText] = await Promise.all([hers(), his()]);
    expect(Date.now() - pressed).toBeLessThan(2000);
    expect(herText).toContain('"seen_by":"Maya"');
    expect(hisText).toContain('"seen_by":"Maya"');
    // Her partner's account follows her line, and cannot press it.
    expect((await b!.app.inject({ method: "GET", url: "/reactapi/care/labour", headers: { cookie: partnerCookie } })).json()).toMatchObject(
      {
        for_partner_of: "Rosa",
      },
    );
    const pressedByHim = await b!.app.inject({
      method: "POST",
      url: `/reactapi/care/${client.recordId}/labour`,
      headers: { ...jsonHeaders, cookie: partnerCookie },
      payload: { kind: "labour" },
    });
    expect(pressedByHim.statusCode).toBe(403);
  });
});

describe("the labour line's settings", () => {
  it("reads LABOUR_ESCALATE_MINUTES as it starts, and a value it refuses stops the start with its sentence", async () => {
    await expect(createTestApp("pglite", { seed: false, environment: { LABOUR_ESCALATE_MINUTES: "0" } })).rejects.toThrow(
      "Invalid configuration of labour:\n  LABOUR_ESCALATE_MINUTES: LABOUR_ESCALATE_MINUTES must be at least 1",
    );
    await expect(createTestApp("pglite", { seed: false, environment: { LABOUR_ESCALATE_MINUTES: "soon" } })).rejects.toThrow(
      "LABOUR_ESCALATE_MINUTES: LABOUR_ESCALATE_MINUTES must be a number of minutes",
    );
  });
});
