import { createPublicKey, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { takeOnClient } from "../../../testing/care-clients.ts";
import { linkedPartner } from "../../../testing/partners.ts";
import { runClassWork } from "../classes/class-actions.ts";
import { browserSubscription, startPushServiceStandIn, type PushServiceStandIn } from "../../../testing/push-service-stand-in.ts";
import {
  backends,
  createTestApp,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  type TestApp,
} from "../../../testing/test-app.ts";
import { pushOutbox, pushSubscriptions } from "./push-schema.ts";
import { notifyStudio } from "../notifications/notifications-repository.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

// Push notifications (docs/push.md): sent through a local stand-in for a browser's push service,
// admitted by PUSH_SERVICES as the real ones are, and decrypted here as the browser would.

/** The VAPID JWT's claims, once its ES256 signature is checked with the site's public key (RFC 8292). */
function vapidClaims(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  expect(match![2]).toBe(publicKey);
  const [header, claims, signature] = match![1]!.split(".");
  const raw = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  expect(signed).toBe(true);
  return JSON.parse(Buffer.from(claims!, "base64url").toString("utf8")) as Record<string, unknown>;
}

describe.each(backends)("push notifications on %s", (backend) => {
  let service: PushServiceStandIn;
  let context: TestApp;
  beforeAll(async () => {
    service = await startPushServiceStandIn();
    context = await createTestApp(backend, { environment: { PUSH_SERVICES: `https://fcm.googleapis.com,${service.origin}` } });
  });
  afterAll(async () => {
    await context.close();
    await service.close();
  });
  const post = (url: string, cookie: string | undefined, payload: unknown) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object });
  const subscribe = (cookie: string, json: object, kinds: string[], previews = false) =>
    post("/reactapi/push/subscriptions", cookie, { ...json, kinds, previews });
  const deliveredTo = (path: string) => service.delivered.filter((push) => push.path === path);
  /** Every push ever queued for one device, sent or not: "once" is counted here, without waiting for one that might come. */
  const queuedFor = async (endpoint: string) =>
    context.database.db
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.endpoint, endpoint));

  it("gives one VAPID key, and accepts a subscription only for a push service on the list", async () => {
    const key = (await context.app.inject({ method: "GET", url: "/reactapi/push/key" })).json().public_key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await context.app.inject({ method: "GET", url: "/reactapi/push/key" })).json().public_key).toBe(key);

    const member = await signedInMember(context.app, "push-list");
    const inside = browserSubscription("http://127.0.0.1:5432/internal");
    expect((await post("/reactapi/push/subscriptions", undefined, { ...inside.json, kinds: [] })).statusCode).toBe(401);
    const refused = await subscribe(member.cookie, inside.json, ["replies"]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("Notifications go through your browser's own push service, and this address is not one we send to.");
    // A look-alike host is not the service either.
    expect((await subscribe(member.cookie, browserSubscription("https://fcm.googleapis.com.example.net/x").json, [])).statusCode).toBe(400);
    expect(
      (await subscribe(member.cookie, browserSubscription("https://fcm.googleapis.com/fcm/send/abc").json, ["replies"])).statusCode,
    ).toBe(201);
    const badKeys = await subscribe(
      member.cookie,
      { ...inside.json, endpoint: `${service.origin}/x`, keys: { p256dh: "short", auth: "x" } },
      [],
    );
    expect(badKeys.statusCode).toBe(400);
    const badKind = await subscribe(member.cookie, browserSubscription(`${service.origin}/y`).json, ["gossip"]);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error).toBe("That is not a kind of notification we send.");
  });

  it("sends a push once, encrypted for her device and signed with VAPID, saying no more than a locked screen may", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-doula");
    const client = await takeOnClient(context.app, context.database.db, doula.cookie, { prefix: "push-client" });
    const phone = browserSubscription(`${service.origin}/push/phone-${client.id}`);
    const tablet = browserSubscription(`${service.origin}/push/tablet-${client.id}`);
    expect((await subscribe(client.cookie, phone.json, ["replies", "bookings"])).statusCode).toBe(201);
    // The tablet shows previews, but was not asked to tell her of replies.
    expect((await subscribe(client.cookie, tablet.json, ["announcements"], true)).statusCode).toBe(201);

    const sent = await post(`/reactapi/studio/care/clients/${client.recordId}/messages`, doula.cookie, { text: "How did the scan go?" });
    expect(sent.statusCode, sent.body).toBe(201);
    await expect.poll(() => deliveredTo(new URL(phone.json.endpoint).pathname).length, { timeout: 5000 }).toBe(1);

    const [push] = deliveredTo(new URL(phone.json.endpoint).pathname);
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const publicKey = (await context.app.inject({ method: "GET", url: "/reactapi/push/key" })).json().public_key as string;
    const claims = vapidClaims(String(push!.headers.authorization), publicKey);
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toMatch(/^mailto:/);
    expect(Number(claims.exp) * 1000).toBeGreaterThan(Date.now());
    const shown = JSON.parse(phone.decrypt(push!.body));
    expect(shown).toEqual({
      title: "Message from your doula",
      body: "Open the app to read it.",
      url: "/care",
      tag: `care-message-${client.recordId}`,
    });
    expect(deliveredTo(new URL(tablet.json.endpoint).pathname)).toHaveLength(0);

    // With previews on, her phone shows the words; and each push went out once, however many servers look.
    expect((await subscribe(client.cookie, phone.json, ["replies"], true)).statusCode).toBe(201);
    await post(`/reactapi/studio/care/clients/${client.recordId}/messages`, doula.cookie, { text: "Call me after." });
    await expect.poll(() => deliveredTo(new URL(phone.json.endpoint).pathname).length, { timeout: 5000 }).toBe(2);
    expect(JSON.parse(phone.decrypt(deliveredTo(new URL(phone.json.endpoint).pathname)[1]!.body))).toMatchObject({
      body: "Call me after.",
      url: "/care",
    });
    // The service has it before the sender records that it was sent: wait for the record, not the delivery.
    const left = () => context.database.db.select().from(pushOutbox).where(eq(pushOutbox.status, "pending"));
    await expect.poll(async () => (await left()).length, { timeout: 5000 }).toBe(0);

    // Her reply reaches the doula's devices, which open the client's studio page.
    const doulaPhone = browserSubscription(`${service.origin}/push/doula-${doula.id}`);
    expect((await subscribe(doula.cookie, doulaPhone.json, ["replies", "labour_alerts"], true)).statusCode).toBe(201);
    expect((await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "It went well!" })).statusCode).toBe(201);
    await expect.poll(() => deliveredTo(new URL(doulaPhone.json.endpoint).pathname).length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(doulaPhone.decrypt(deliveredTo(new URL(doulaPhone.json.endpoint).pathname)[0]!.body))).toMatchObject({
      title: "Message from Rosa Díaz",
      body: "It went well!",
      url: `/studio/clients/${client.recordId}`,
    });

    const download = (
      await context.app.inject({ method: "GET", url: "/reactapi/account/export", headers: { cookie: client.cookie } })
    ).json();
    expect(download.notification_devices).toEqual(
      expect.arrayContaining([expect.objectContaining({ push_service: service.origin, kinds: ["replies"], previews: true })]),
    );
    expect(JSON.stringify(download)).not.toContain("/push/phone-");
  });

  it("tells the devices that chose announcements of the doula's announcement, once, whether or not she takes it by mail", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-announcer");
    const member = await signedInMember(context.app, "push-listener");
    const phone = browserSubscription(`${service.origin}/push/announcements-${Date.now()}`);
    expect((await subscribe(member.cookie, phone.json, ["announcements"], true)).statusCode).toBe(201);
    const sent = await post("/reactapi/studio/announcements", doula.cookie, {
      title: "Class moved to Thursday",
      body: "This week's class is on Thursday at 7 pm.\n\nSee you there.",
      audience: "all",
      send_key: `announce-${Date.now()}`,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const path = new URL(phone.json.endpoint).pathname;
    await expect.poll(() => deliveredTo(path).length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(phone.decrypt(deliveredTo(path)[0]!.body))).toMatchObject({
      title: "Class moved to Thursday",
      body: "This week's class is on Thursday at 7 pm.",
      url: "/home",
    });
  });

  it("tells her devices and her doula's of a booking made, beside the mails", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-booked-doula");
    const member = await signedInMember(context.app, "push-booker");
    const herPhone = browserSubscription(`${service.origin}/push/booker-${Date.now()}`);
    const doulaPhone = browserSubscription(`${service.origin}/push/booked-doula-${Date.now()}`);
    expect((await subscribe(member.cookie, herPhone.json, ["bookings"])).statusCode).toBe(201);
    expect((await subscribe(doula.cookie, doulaPhone.json, ["bookings"])).statusCode).toBe(201);
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "08:00", end: "20:00" }));
    await post("/reactapi/studio/calendar/hours", doula.cookie, { time_zone: "Europe/London", weekly, exceptions: [] });
    const created = await post("/reactapi/studio/calendar/services", doula.cookie, {
      name: "Free consultation",
      description: "Twenty minutes to meet.",
      duration_minutes: 20,
      min_notice_hours: 1,
    });
    const from = new Date(Date.now() + 24 * 3600_000);
    const slots = await context.app.inject({
      method: "GET",
      url: `/reactapi/bookings/services/${created.json().id}/slots?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(new Date(from.getTime() + 7 * 24 * 3600_000).toISOString())}`,
      headers: { cookie: member.cookie },
    });
    const booked = await post("/reactapi/bookings", member.cookie, {
      service_id: created.json().id,
      start: slots.json().slots[0],
      name: "Rosa",
      email: member.email,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const hers = new URL(herPhone.json.endpoint).pathname;
    const doulas = new URL(doulaPhone.json.endpoint).pathname;
    await expect.poll(() => deliveredTo(hers).length + deliveredTo(doulas).length, { timeout: 5000 }).toBe(2);
    expect(JSON.parse(herPhone.decrypt(deliveredTo(hers)[0]!.body))).toMatchObject({ title: "Booked: Free consultation", url: "/account" });
    expect(JSON.parse(doulaPhone.decrypt(deliveredTo(doulas)[0]!.body))).toMatchObject({
      title: "A booking changed",
      url: "/studio/calendar",
    });
  });

  it("tells her partner's devices once that she started timing, while she shares her timer, and not of an old session", async () => {
    const her = await signedInMember(context.app, "push-timing");
    const him = await linkedPartner(context.app, context.database.db, her.cookie, { prefix: "push-timing-partner" });
    const hisPhone = browserSubscription(`${service.origin}/push/partner-${Date.now()}`);
    expect((await subscribe(him.cookie, hisPhone.json, ["partner_timer"])).statusCode).toBe(201);
    const path = new URL(hisPhone.json.endpoint).pathname;
    const timed = (count: number, from = Date.now() - 10 * 60_000) =>
      Array.from({ length: count }, (_, index) => ({
        start: new Date(from + index * 5 * 60_000).toISOString(),
        end: new Date(from + index * 5 * 60_000 + 60_000).toISOString(),
      }));
    const sync = (id: string, contractions: { start: string; end: string }[]) =>
      post(`/reactapi/timer/sessions/${id}`, her.cookie, { rule: "5-1-1", contractions });

    // Not shared with him yet: nothing.
    expect((await sync("push-session-unshared", timed(1))).statusCode).toBe(200);
    expect((await post("/reactapi/account/partner/sharing", her.cookie, { timer: true })).statusCode).toBe(200);
    // A session timed yesterday, synced late, is old news.
    expect((await sync("push-session-old", timed(3, Date.now() - 26 * 3600_000))).statusCode).toBe(200);
    // An empty session is not timing yet; its first contraction is, and the syncs after it (two at once) say nothing more.
    expect((await sync("push-session-now", [])).statusCode).toBe(200);
    expect((await sync("push-session-now", timed(1))).statusCode).toBe(200);
    await Promise.all([sync("push-session-now", timed(2)), sync("push-session-now", timed(2))]);
    await expect.poll(() => deliveredTo(path).length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(hisPhone.decrypt(deliveredTo(path)[0]!.body))).toMatchObject({
      title: "News from your partner",
      body: "Open the app to see it.",
      url: "/timer",
    });
    await sync("push-session-now", timed(3));
    expect(await queuedFor(hisPhone.json.endpoint)).toHaveLength(1);
  });

  it("tells her devices when the link to join her class opens, once across two servers, and not for a place she gave up", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-class-doula");
    const [staying, leaving] = await Promise.all([
      signedInMember(context.app, "push-class-a"),
      signedInMember(context.app, "push-class-b"),
    ]);
    const phones = [staying, leaving].map((member) => browserSubscription(`${service.origin}/push/class-${member.email}`));
    for (const [index, member] of [staying, leaving].entries()) {
      expect((await subscribe(member.cookie, phones[index]!.json, ["class_starting"])).statusCode).toBe(201);
    }
    const startsAt = new Date(Date.now() + 10 * 60_000);
    const created = await post("/reactapi/studio/classes", doula.cookie, {
      title: "Breastfeeding basics",
      description_html: "<p>Latch and positions.</p>",
      starts_at: startsAt.toISOString(),
      duration_minutes: 60,
      places: 5,
      who: "anyone",
      join_url: "https://meet.example/breastfeeding",
    });
    expect(created.statusCode, created.body).toBe(201);
    const classId = created.json().id as number;
    for (const member of [staying, leaving]) {
      const placed = await post(`/reactapi/classes/${classId}/registrations`, member.cookie, { name: "Maya", email: member.email });
      expect(placed.json().state, placed.body).toBe("registered");
    }
    expect((await post(`/reactapi/classes/${classId}/registrations/cancel`, leaving.cookie, {})).statusCode).toBe(200);
    const mail = {
      practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
      publicUrl: "https://courses.example",
      contactEmail: "hello@example.com",
    };
    // Two servers' timed work at the same moment, then once more: one push.
    await Promise.all([runClassWork(context.database.db, new Date(), mail), runClassWork(context.database.db, new Date(), mail)]);
    await runClassWork(context.database.db, new Date(), mail);
    const stayingPath = new URL(phones[0]!.json.endpoint).pathname;
    await expect.poll(() => deliveredTo(stayingPath).length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(phones[0]!.decrypt(deliveredTo(stayingPath)[0]!.body))).toMatchObject({
      title: "A class is starting soon",
      url: "/classes",
    });
    expect(await queuedFor(phones[0]!.json.endpoint)).toHaveLength(1);
    expect(await queuedFor(phones[1]!.json.endpoint)).toHaveLength(0);
  });

  it("tells her devices of a reply in a conversation she follows, and of the next one only once she has read it", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-community-doula");
    await post("/reactapi/studio/community/settings", doula.cookie, { approve_first_posts: 0, report_threshold: 3 });
    const topic = await post("/reactapi/studio/community/topics", doula.cookie, { title: "Sleep", course_id: null });
    const [asker, helper] = await Promise.all([signedInMember(context.app, "push-asker"), signedInMember(context.app, "push-helper")]);
    const started = await post(`/reactapi/community/topics/${topic.json().id}/threads`, asker.cookie, {
      title: "Tired at 30 weeks",
      body: "Is it normal to feel this tired?",
    });
    expect(started.statusCode, started.body).toBe(201);
    const thread = started.json().id as number;
    const [herPhone, hisPhone] = [asker, helper].map((member) => browserSubscription(`${service.origin}/push/community-${member.email}`));
    expect((await subscribe(asker.cookie, herPhone!.json, ["replies"])).statusCode).toBe(201);
    expect((await subscribe(helper.cookie, hisPhone!.json, ["replies"])).statusCode).toBe(201);
    const replied = await Promise.all(
      ["Try a warm bath.", "And a walk."].map((body) => post(`/reactapi/community/threads/${thread}/replies`, helper.cookie, { body })),
    );
    expect(replied.map((answer) => answer.statusCode)).toEqual([201, 201]);
    const path = new URL(herPhone!.json.endpoint).pathname;
    await expect.poll(() => deliveredTo(path).length, { timeout: 5000 }).toBe(1);
    expect(JSON.parse(herPhone!.decrypt(deliveredTo(path)[0]!.body))).toMatchObject({
      title: "A reply in the community",
      body: "Open the app to read it.",
      url: `/community/thread/${thread}`,
    });
    expect(await queuedFor(herPhone!.json.endpoint)).toHaveLength(1);
    // She reads the conversation; the next reply is news again.
    expect(
      (await context.app.inject({ method: "GET", url: `/reactapi/community/threads/${thread}`, headers: { cookie: asker.cookie } }))
        .statusCode,
    ).toBe(200);
    expect((await post(`/reactapi/community/threads/${thread}/replies`, helper.cookie, { body: "Or music." })).statusCode).toBe(201);
    await expect.poll(() => deliveredTo(path).length, { timeout: 5000 }).toBe(2);
    // Words behind a content note stay behind it, even where previews are allowed.
    const note = (await context.app.inject({ method: "GET", url: "/reactapi/content-notes" })).json().notes[0].name as string;
    const previewPhone = browserSubscription(`${service.origin}/push/community-previews-${asker.email}`);
    expect((await subscribe(asker.cookie, previewPhone.json, ["replies"], true)).statusCode).toBe(201);
    expect(
      (await context.app.inject({ method: "GET", url: `/reactapi/community/threads/${thread}`, headers: { cookie: asker.cookie } }))
        .statusCode,
    ).toBe(200);
    const behindNote = await post(`/reactapi/community/threads/${thread}/replies`, helper.cookie, {
      body: "My first birth ended in an emergency section.",
      content_note: note,
    });
    expect(behindNote.statusCode, behindNote.body).toBe(201);
    const previewPath = new URL(previewPhone.json.endpoint).pathname;
    await expect.poll(() => deliveredTo(previewPath).length, { timeout: 5000 }).toBe(1);
    const shown = JSON.parse(previewPhone.decrypt(deliveredTo(previewPath)[0]!.body)) as { title: string; body: string };
    expect(shown).toEqual(
      expect.objectContaining({ title: "A reply in “Tired at 30 weeks”", body: `A reply with a content note: ${note}.` }),
    );
    // His own replies are not news to him.
    expect(await queuedFor(hisPhone!.json.endpoint)).toHaveLength(0);
  });

  it("follows the session that turned it on: gone when she logs out, signs out elsewhere or is paused, and 10 devices at most", async () => {
    const member = await signedInMember(context.app, "push-session");
    const devicesOf = async () =>
      (await context.database.db.select().from(pushSubscriptions)).filter((row) => row.endpoint.includes("/push-session-"));
    const device = (name: string) => browserSubscription(`${service.origin}/push-session-${name}`).json;
    // A second session on a shared tablet: its device goes when she logs out there, this one stays.
    const tablet = sessionCookieOf(await login(context.app, member.email));
    expect((await subscribe(member.cookie, device("phone"), ["announcements"])).statusCode).toBe(201);
    expect((await subscribe(tablet, device("tablet"), ["announcements"])).statusCode).toBe(201);
    const loggedOut = await context.app.inject({ method: "GET", url: "/reactapi/users/logout", headers: { cookie: tablet } });
    expect(loggedOut.statusCode).toBe(200);
    expect((await devicesOf()).map((row) => row.endpoint.split("/").pop())).toEqual(["push-session-phone"]);

    // Eleven devices from one account: the first one turned on goes.
    for (const number of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      const saved = await subscribe(member.cookie, device(`extra-${number}`), ["announcements"]);
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const kept = (await devicesOf()).map((row) => row.endpoint.split("/").pop());
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain("push-session-phone");
    expect(kept).toContain("push-session-extra-10");

    // "Sign out everywhere else" ends her other sessions and their devices; this one's stay.
    const other = sessionCookieOf(await login(context.app, member.email));
    expect((await subscribe(other, device("laptop"), ["announcements"])).statusCode).toBe(201);
    expect((await post("/reactapi/account/sessions/end-others", member.cookie, {})).statusCode).toBe(200);
    expect((await devicesOf()).some((row) => row.endpoint.endsWith("push-session-laptop"))).toBe(false);
    expect(await devicesOf()).toHaveLength(9);

    // A new password: every device is turned off, this one's too; she may turn it on again.
    const changed = await post("/reactapi/account/password", member.cookie, {
      current_password: GOOD_PASSWORD,
      new_password: "calm-Birth-2031",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await devicesOf()).toEqual([]);
    expect((await subscribe(member.cookie, device("phone-again"), ["announcements"])).statusCode).toBe(201);
    expect(await devicesOf()).toHaveLength(1);

    // Paused by the doula: every session ends, and every device with it.
    const doula = await signedInInstructor(context.app, context.database.db, "push-pauser");
    const id = (await context.app.inject({ url: "/reactapi/users/me", headers: { cookie: member.cookie } })).json().id as number;
    expect((await post(`/reactapi/studio/members/${id}/deactivate`, doula.cookie, {})).statusCode).toBe(200);
    expect(await devicesOf()).toEqual([]);
  });

  it("forgets a device its push service no longer knows (410), and one she turns off", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-doula-gone");
    const client = await takeOnClient(context.app, context.database.db, doula.cookie, { prefix: "push-gone" });
    const old = browserSubscription(`${service.origin}/push/old-${client.id}`);
    const current = browserSubscription(`${service.origin}/push/current-${client.id}`);
    await subscribe(client.cookie, old.json, ["replies"]);
    await subscribe(client.cookie, current.json, ["replies"]);
    service.answer(new URL(old.json.endpoint).pathname, 410);
    await post(`/reactapi/studio/care/clients/${client.recordId}/messages`, doula.cookie, { text: "Hello" });
    await expect.poll(() => deliveredTo(new URL(current.json.endpoint).pathname).length, { timeout: 5000 }).toBe(1);
    const devices = () => context.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, client.id));
    await expect.poll(async () => (await devices()).map((device) => device.endpoint), { timeout: 5000 }).toEqual([current.json.endpoint]);

    // Someone else cannot turn her device off; she can.
    const stranger = await signedInMember(context.app, "push-stranger");
    await post("/reactapi/push/subscriptions/delete", stranger.cookie, { endpoint: current.json.endpoint });
    expect(await devices()).toHaveLength(1);
    const off = await post("/reactapi/push/subscriptions/delete", client.cookie, { endpoint: current.json.endpoint });
    expect(off.json().message).toBe("Notifications are off for this device.");
    expect(await devices()).toHaveLength(0);
    await post(`/reactapi/studio/care/clients/${client.recordId}/messages`, doula.cookie, { text: "Still there?" });
    const before = service.delivered.length;
    const queued = await context.database.db.select().from(pushOutbox).where(eq(pushOutbox.status, "pending"));
    expect(queued).toHaveLength(0);
    expect(service.delivered.length).toBe(before);
  });
  it("tells the doula's devices what happened in her practice, for the kinds she chose to hear of there (docs/notifications.md)", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "push-notices");
    const phone = browserSubscription(`${service.origin}/push/notices-phone`);
    const laptop = browserSubscription(`${service.origin}/push/notices-laptop`);
    expect((await subscribe(doula.cookie, phone.json, ["studio_notices"])).statusCode).toBe(201);
    expect((await subscribe(doula.cookie, laptop.json, ["studio_notices"], true)).statusCode).toBe(201);
    // A kind her devices already hear of through their own switch is not pushed twice.
    const twice = await post("/reactapi/studio/notifications/choices", doula.cookie, { choices: { booking: "push" } });
    expect([twice.statusCode, twice.json().error]).toEqual([
      400,
      "Your devices hear of this through its own switch in your account: choose the list or a mail.",
    ]);
    const chosen = await post("/reactapi/studio/notifications/choices", doula.cookie, { choices: { client_signed: "push" } });
    expect(chosen.json().choices).toMatchObject({ client_signed: "push", questionnaire_answered: "list" });

    const client = await takeOnClient(context.app, context.database.db, doula.cookie, { prefix: "push-notices", firstName: "Lucía" });
    const signed = await post(`/reactapi/care/${client.recordId}/sign`, client.cookie, { full_name: "Lucía Díaz", agree: true });
    expect(signed.statusCode, signed.body).toBe(200);
    await expect.poll(() => deliveredTo("/push/notices-phone").length, { timeout: 5000 }).toBe(1);
    await expect.poll(() => deliveredTo("/push/notices-laptop").length, { timeout: 5000 }).toBe(1);
    // Her locked phone says only that something happened; the laptop that shows previews names her client.
    expect(JSON.parse(phone.decrypt(deliveredTo("/push/notices-phone")[0]!.body))).toMatchObject({
      title: "In your practice",
      body: "Something happened. Open the studio to read it.",
      url: `/studio/clients/${client.recordId}`,
    });
    expect(JSON.parse(laptop.decrypt(deliveredTo("/push/notices-laptop")[0]!.body))).toMatchObject({
      title: "In your practice",
      body: "Lucía Díaz signed her agreement.",
      url: `/studio/clients/${client.recordId}`,
    });
    // Told again (a retried webhook, a second server), the same event is not pushed again.
    await notifyStudio(
      context.database.db,
      {
        kind: "client_signed",
        key: `care-signed:${client.recordId}`,
        message: "{name} signed her agreement.",
        values: { name: "Lucía Díaz" },
        link: `/studio/clients/${client.recordId}`,
      },
      new Date(),
    );
    // Her message is told by its own switch ("replies"), which these devices did not choose; nothing else came.
    expect((await post(`/reactapi/care/${client.recordId}/messages`, client.cookie, { text: "Thank you!" })).statusCode).toBe(201);
    expect(await queuedFor(phone.json.endpoint)).toHaveLength(1);
  });
});
