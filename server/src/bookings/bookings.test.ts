import ICAL from "ical.js";
import { readInvite } from "../../../testing/calendar-invite.ts";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { type DatabaseHandle } from "../db/client.ts";
import { bookings } from "./bookings-schema.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { movableClock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import {
  backends,
  createTestApp,
  GOOD_PASSWORD,
  jsonHeaders,
  logInto,
  postgresMissingNotice,
  signedInInstructor,
  signedInMember,
  type TestApp,
  uniqueEmail,
  useAppServers,
} from "../../../testing/test-app.ts";
import {
  checkoutCompleted,
  signedDelivery,
  standInEnvironment,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
} from "../../../testing/stripe-stand-in.ts";
import { tokenMailedTo } from "../../../testing/outbox-links.ts";
import { type BookingDeps, runDueWork } from "./booking-actions.ts";
import { fixedPracticeNames, seededNames } from "../lib/practice-names.ts";

// docs/product.md, "Booking 1:1 support". The clock starts on Monday 1 March 2027, 12:00 UTC
// (07:00 in New York), and the tests move it instead of waiting.
const START = new Date("2027-03-01T12:00:00Z");
const PUBLIC_URL = "http://members.example";

type Json = Record<string, unknown>;

describe.each(backends)("1:1 bookings on %s", (backend) => {
  const clock = movableClock(START);
  let context: TestApp;
  let app: FastifyInstance;
  let stripe: StripeStandIn;
  let instructor: { cookie: string };
  const serverErrors: string[] = [];
  const studio = (method: "GET" | "POST", url: string, payload?: Json) =>
    app.inject({
      method,
      url: `/reactapi/studio/calendar${url}`,
      headers: { ...jsonHeaders, cookie: instructor.cookie },
      ...(payload ? { payload } : {}),
    });
  const slots = async (serviceId: number, from: string, to: string) => {
    const response = await app.inject({
      method: "GET",
      url: `/reactapi/bookings/services/${serviceId}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ slots: string[] }>().slots;
  };
  const bookAs = (body: Json, cookie?: string) =>
    app.inject({
      method: "POST",
      url: "/reactapi/bookings",
      headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
      payload: { name: "Maya", note: "", ...body },
    });
  const newService = async (fields: Json) => {
    const response = await studio("POST", "/services", { min_notice_hours: 2, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const setHours = async (timeZone: string, exceptions: Json[] = []) => {
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    const response = await studio("POST", "/hours", { time_zone: timeZone, weekly, exceptions });
    expect(response.statusCode, response.body).toBe(200);
  };
  const mailsTo = (address: string) =>
    context.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(asc(mailOutbox.id));
  const deps = (handle: DatabaseHandle): BookingDeps => ({
    db: handle.db,
    clock,
    mail: {
      sender: { wake: () => {} } as unknown as MailSender,
      context: {
        practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth" }),
        publicUrl: PUBLIC_URL,
        contactEmail: "hello@example.com",
      },
    },
    payments: null,
  });

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    context = await createTestApp(backend, {
      clock,
      startMailSender: false,
      environment: { ...standInEnvironment(stripe), PUBLIC_URL },
      // What the server logged as failed, so an unexpected 500 in a race shows its cause.
      logger: { level: "error", stream: logInto(serverErrors) },
    });
    app = context.app;
    instructor = await signedInInstructor(app, context.database.db);
    await setHours("America/New_York");
  });
  afterAll(async () => {
    await context.close();
    await stripe.close();
  });

  it("keeps her 9:00-12:00 at 9:00-12:00 local across the spring change in New York, with no slot in the missing hour", async () => {
    const consultation = await newService({ name: "Free consultation", duration_minutes: 20 });
    await setHours("America/New_York", [
      {
        date: "2027-03-14",
        ranges: [
          { start: "01:30", end: "03:30" },
          { start: "09:00", end: "12:00" },
        ],
      },
    ]);
    const times = await slots(consultation, "2027-03-13T00:00:00-05:00", "2027-03-15T00:00:00-04:00");
    const saturday = times.filter((time) => time.startsWith("2027-03-13"));
    const sunday = times.filter((time) => time.startsWith("2027-03-14"));
    expect(saturday[0]).toBe("2027-03-13T09:00:00-05:00");
    expect(saturday.at(-1)).toBe("2027-03-13T11:40:00-05:00");
    expect(sunday).toEqual([
      "2027-03-14T01:30:00-05:00",
      "2027-03-14T01:50:00-05:00",
      "2027-03-14T03:10:00-04:00",
      ...["09:00", "09:20", "09:40", "10:00", "10:20", "10:40", "11:00", "11:20", "11:40"].map((time) => `2027-03-14T${time}:00-04:00`),
    ]);
    expect(sunday.some((time) => time.includes("T02:"))).toBe(false);
    await setHours("America/New_York");
  });

  it("keeps her hours local across the spring change in London", async () => {
    await setHours("Europe/London");
    const consultation = await newService({ name: "London consultation", duration_minutes: 60 });
    const times = await slots(consultation, "2027-03-27T00:00:00Z", "2027-03-29T00:00:00Z");
    expect(times.filter((time) => time.startsWith("2027-03-27"))).toEqual(
      ["09:00", "09:30", "10:00", "10:30", "11:00"].map((t) => `2027-03-27T${t}:00+00:00`),
    );
    expect(times.filter((time) => time.startsWith("2027-03-28"))).toEqual(
      ["09:00", "09:30", "10:00", "10:30", "11:00"].map((t) => `2027-03-28T${t}:00+01:00`),
    );
    await setHours("America/New_York");
  });

  it("leaves out days off, the notice she needs, booked time with its buffers, and days over the cap", async () => {
    await setHours("America/New_York", [
      { date: "2027-03-17", ranges: [] },
      { date: "2027-03-16", ranges: [{ start: "14:00", end: "15:00" }] },
    ]);
    const short = await newService({ name: "Short call", duration_minutes: 20 });
    const noticed = await newService({ name: "Needs notice", duration_minutes: 20, min_notice_hours: 3 });
    const long = await newService({ name: "Long visit", duration_minutes: 60, buffer_after_minutes: 30 });
    const capped = await newService({ name: "Capped", duration_minutes: 20, cap_per_day: 1 });
    const day = (times: string[], date: string) => times.filter((time) => time.startsWith(date));

    // 07:00 now: a 2-hour notice opens 09:00 today, a 3-hour one 10:00.
    expect(day(await slots(short, "2027-03-01T00:00:00-05:00", "2027-03-02T00:00:00-05:00"), "2027-03-01")[0]).toBe(
      "2027-03-01T09:00:00-05:00",
    );
    expect(day(await slots(noticed, "2027-03-01T00:00:00-05:00", "2027-03-02T00:00:00-05:00"), "2027-03-01")[0]).toBe(
      "2027-03-01T10:00:00-05:00",
    );
    const week = await slots(short, "2027-03-15T00:00:00-04:00", "2027-03-19T00:00:00-04:00");
    expect(day(week, "2027-03-17")).toEqual([]);
    expect(day(week, "2027-03-16")).toEqual(["14:00", "14:20", "14:40"].map((t) => `2027-03-16T${t}:00-04:00`));

    const member = await signedInMember(app, "buffers");
    const visit = await bookAs({ service_id: long, start: "2027-03-18T09:00:00-04:00", email: member.email }, member.cookie);
    expect(visit.statusCode, visit.body).toBe(201);
    expect(visit.json()).toMatchObject({ state: "confirmed" });
    // The visit holds 9:00-10:00 and its 30 minutes after: the next 20-minute call starts at 10:40.
    expect(day(await slots(short, "2027-03-18T00:00:00-04:00", "2027-03-19T00:00:00-04:00"), "2027-03-18")[0]).toBe(
      "2027-03-18T10:40:00-04:00",
    );

    const first = await bookAs({ service_id: capped, start: "2027-03-19T09:00:00-04:00", email: member.email }, member.cookie);
    expect(first.statusCode, first.body).toBe(201);
    const after = await slots(capped, "2027-03-19T00:00:00-04:00", "2027-03-21T00:00:00-04:00");
    expect(day(after, "2027-03-19")).toEqual([]);
    expect(day(after, "2027-03-20").length).toBe(9);
    const second = await bookAs({ service_id: capped, start: "2027-03-19T11:00:00-04:00", email: member.email }, member.cookie);
    expect(second.statusCode).toBe(409);
    await setHours("America/New_York");
  });

  it("answers a bad window, an unknown service and a time outside her hours with a clear 4xx", async () => {
    const service = await newService({ name: "Edge cases", duration_minutes: 30 });
    const backwards = await app.inject({
      method: "GET",
      url: `/reactapi/bookings/services/${service}/slots?from=2027-03-05T00:00:00Z&to=2027-03-04T00:00:00Z`,
    });
    expect(backwards.statusCode).toBe(400);
    expect(
      (
        await app.inject({
          method: "GET",
          url: "/reactapi/bookings/services/99999/slots?from=2027-03-04T00:00:00Z&to=2027-03-05T00:00:00Z",
        })
      ).statusCode,
    ).toBe(404);
    const notIso = await bookAs({ service_id: service, start: "tomorrow", email: uniqueEmail() });
    expect(notIso.statusCode).toBe(400);
    const night = await bookAs({ service_id: service, start: "2027-03-04T03:00:00-05:00", email: uniqueEmail() });
    expect(night.statusCode).toBe(409);
    expect(night.json<Json>().error).toMatch(/not open/);
    expect(night.json<{ alternatives: string[] }>().alternatives.length).toBe(3);
    const noName = await bookAs({ service_id: service, start: "2027-03-04T09:00:00-05:00", email: uniqueEmail(), name: " " });
    expect(noName.statusCode).toBe(400);
  });

  it("gives one of 20 simultaneous requests for one time the booking, and the others the sentence with other times", async () => {
    const service = await newService({ name: "Popular", duration_minutes: 30 });
    const start = "2027-03-22T10:00:00-04:00";
    serverErrors.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => bookAs({ service_id: service, start, email: uniqueEmail("race") })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The whole list and what the server logged, so a failure shows what the others were answered and why.
    const unexpected = answers.filter((answer) => answer.statusCode !== 409).map((answer) => answer.body);
    expect(statuses, JSON.stringify({ unexpected, logged: serverErrors.slice(0, 3) })).toEqual([201, ...Array<number>(19).fill(409)]);
    const refused = answers.find((answer) => answer.statusCode === 409)!.json<{ error: string; alternatives: string[] }>();
    expect(refused.error).toBe("That time was just taken. Here are the nearest free times.");
    expect(refused.alternatives).not.toContain(start);
    expect(refused.alternatives.length).toBeGreaterThan(0);
    const held = await context.database.db.select().from(bookings).where(eq(bookings.serviceId, service));
    expect(held).toHaveLength(1);
  });

  it("holds a visitor's free booking until she confirms by mail, and releases it when she does not", async () => {
    const service = await newService({ name: "Hold test", duration_minutes: 30 });
    const start = "2027-03-23T10:00:00-04:00";
    const email = uniqueEmail("holder");
    const held = await bookAs({ service_id: service, start, email, time_zone: "Europe/Paris" });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ state: "awaiting_email" });
    expect(await slots(service, "2027-03-23T00:00:00-04:00", "2027-03-24T00:00:00-04:00")).not.toContain(start);
    const [confirmMail] = await mailsTo(email);
    expect(confirmMail!.kind).toBe("booking_confirm_email");
    expect(confirmMail!.textBody).toContain("(time in Europe/Paris)");
    const token = confirmMail!.textBody.match(/token=([A-Za-z0-9_-]+)/)![1]!;

    clock.advance(32 * 60_000);
    expect(await slots(service, "2027-03-23T00:00:00-04:00", "2027-03-24T00:00:00-04:00")).toContain(start);
    const late = await app.inject({ method: "POST", url: "/reactapi/bookings/confirm", headers: jsonHeaders, payload: { token } });
    expect(late.statusCode).toBe(410);
    const other = await bookAs({ service_id: service, start, email: uniqueEmail("second") });
    expect(other.statusCode, other.body).toBe(201);

    // In time, the link confirms it once, and the confirmation carries the invitation.
    const email2 = uniqueEmail("intime");
    const second = await bookAs({ service_id: service, start: "2027-03-23T11:00:00-04:00", email: email2, time_zone: "Europe/Paris" });
    expect(second.statusCode).toBe(201);
    const token2 = (await mailsTo(email2))[0]!.textBody.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    const confirmed = await app.inject({
      method: "POST",
      url: "/reactapi/bookings/confirm",
      headers: jsonHeaders,
      payload: { token: token2 },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ state: "confirmed" });
    const again = await app.inject({ method: "POST", url: "/reactapi/bookings/confirm", headers: jsonHeaders, payload: { token: token2 } });
    expect(again.statusCode).toBe(200);
    const sent = await mailsTo(email2);
    expect(sent.filter((mail) => mail.kind === "booking_confirmed")).toHaveLength(1);
    const invite = readInvite(sent.find((mail) => mail.kind === "booking_confirmed")!.attachments![0]!.content);
    expect(invite).toMatchObject({ method: "REQUEST", sequence: 0, start: "2027-03-23T15:00:00.000Z", end: "2027-03-23T15:30:00.000Z" });
    expect(invite.zones).toEqual(["Europe/Paris"]);
    expect(invite.zone).toBe("Europe/Paris");
    // The studio is told of the booking made firm, once; not of the ones never confirmed (docs/notifications.md).
    const notices = (
      await app.inject({ method: "GET", url: "/reactapi/studio/notifications", headers: { cookie: instructor.cookie } })
    ).json().notices as { kind: string; text: string; link: string }[];
    expect(notices.filter((notice) => notice.text.endsWith(" booked Hold test."))).toMatchObject([
      { kind: "booking", link: "/studio/calendar" },
    ]);
    clock.set(START);
  });

  it("lets her reschedule and cancel until the cut-off, keeping the invitation's UID, and not after", async () => {
    const service = await newService({ name: "Movable", duration_minutes: 30, cancel_cutoff_hours: 24 });
    const member = await signedInMember(app, "mover");
    const made = await bookAs({ service_id: service, start: "2027-03-24T09:00:00-04:00", email: member.email }, member.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const mine = await app.inject({ method: "GET", url: "/reactapi/bookings/mine", headers: { cookie: member.cookie } });
    const booking = mine.json<{ bookings: { token: string; can_change: boolean }[] }>().bookings[0]!;
    expect(booking.can_change).toBe(true);
    const moved = await app.inject({
      method: "POST",
      url: `/reactapi/bookings/manage/${booking.token}/reschedule`,
      headers: jsonHeaders,
      payload: { start: "2027-03-25T10:00:00-04:00" },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ start: "2027-03-25T10:00:00-04:00" });
    const mails = await mailsTo(member.email);
    const first = readInvite(mails.find((mail) => mail.kind === "booking_confirmed")!.attachments![0]!.content);
    const second = readInvite(mails.find((mail) => mail.kind === "booking_rescheduled")!.attachments![0]!.content);
    expect(second.uid).toBe(first.uid);
    expect(second.sequence).toBe(1);
    expect(second.start).toBe("2027-03-25T14:00:00.000Z");

    clock.set(new Date("2027-03-24T15:00:00Z")); // 23 hours before the session
    const late = await app.inject({
      method: "POST",
      url: `/reactapi/bookings/manage/${booking.token}/reschedule`,
      headers: jsonHeaders,
      payload: { start: "2027-03-26T10:00:00-04:00" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<Json>().error).toContain("hello@");
    const lateCancel = await app.inject({
      method: "POST",
      url: `/reactapi/bookings/manage/${booking.token}/cancel`,
      headers: jsonHeaders,
      payload: {},
    });
    expect(lateCancel.statusCode).toBe(409);

    clock.set(START);
    const cancelled = await app.inject({
      method: "POST",
      url: `/reactapi/bookings/manage/${booking.token}/cancel`,
      headers: jsonHeaders,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: "cancelled" });
    const cancelMail = (await mailsTo(member.email)).find((mail) => mail.kind === "booking_cancelled")!;
    expect(readInvite(cancelMail.attachments![0]!.content)).toMatchObject({ method: "CANCEL", uid: first.uid });
  });

  it("holds a paid time while she pays, confirms it on Stripe's word, releases it on expiry, and refunds her cancellation in full", async () => {
    const service = await newService({ name: "Birth planning session", duration_minutes: 60, price: 9000, currency: "usd" });
    const visitor = await bookAs({ service_id: service, start: "2027-03-26T09:00:00-04:00", email: uniqueEmail() });
    expect(visitor.statusCode).toBe(401);
    const member = await signedInMember(app, "payer");
    const held = await bookAs({ service_id: service, start: "2027-03-26T09:00:00-04:00", email: member.email }, member.cookie);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ state: "awaiting_payment" });
    expect(held.json<{ checkout_url: string }>().checkout_url).toContain(stripe.url);
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session.metadata.booking_id).toBe(String(held.json<{ id: number }>().id));
    expect(session.amount_total).toBe(9000);

    const paid = signedDelivery(checkoutCompleted(session));
    expect(
      (await app.inject({ method: "POST", url: "/reactapi/stripe/webhook", headers: paid.headers, payload: paid.payload })).statusCode,
    ).toBe(200);
    const [row] = await context.database.db.select().from(bookings).where(eq(bookings.checkoutSessionId, session.id));
    expect(row!.state).toBe("confirmed");

    // Another checkout abandoned: Stripe's expiry releases her time.
    const other = await bookAs({ service_id: service, start: "2027-03-27T09:00:00-04:00", email: member.email }, member.cookie);
    const otherSession = [...stripe.sessions.values()].at(-1)!;
    expect(await slots(service, "2027-03-27T00:00:00-04:00", "2027-03-28T00:00:00-04:00")).not.toContain("2027-03-27T09:00:00-04:00");
    const expired = signedDelivery(
      stripeEvent("checkout.session.expired", { object: "checkout.session", ...otherSession, status: "expired", payment_status: "unpaid" }),
    );
    expect(
      (await app.inject({ method: "POST", url: "/reactapi/stripe/webhook", headers: expired.headers, payload: expired.payload }))
        .statusCode,
    ).toBe(200);
    expect(other.statusCode).toBe(201);
    expect(await slots(service, "2027-03-27T00:00:00-04:00", "2027-03-28T00:00:00-04:00")).toContain("2027-03-27T09:00:00-04:00");

    const cancelled = await studio("POST", `/bookings/${row!.id}/cancel`, { message: "I am unwell; so sorry." });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(session.payment_intent);
    const mail = (await mailsTo(member.email)).find((candidate) => candidate.kind === "booking_cancelled")!;
    expect(mail.textBody).toContain("I am unwell");
    expect(mail.textBody).toContain("refunded in full");

    // Cancelled while she was still paying: her payment arrives, and the booking stays cancelled.
    const late = await bookAs({ service_id: service, start: "2027-03-28T09:00:00-04:00", email: member.email }, member.cookie);
    const lateSession = [...stripe.sessions.values()].at(-1)!;
    expect((await studio("POST", `/bookings/${late.json<{ id: number }>().id}/cancel`, { message: "" })).statusCode).toBe(200);
    const latePaid = signedDelivery(checkoutCompleted(lateSession));
    expect(
      (await app.inject({ method: "POST", url: "/reactapi/stripe/webhook", headers: latePaid.headers, payload: latePaid.payload }))
        .statusCode,
    ).toBe(200);
    const [lateRow] = await context.database.db.select().from(bookings).where(eq(bookings.checkoutSessionId, lateSession.id));
    expect(lateRow).toMatchObject({ state: "cancelled", paymentIntentId: lateSession.payment_intent });
  });

  it("counts places by due month, refuses a full month calmly, keeps its waiting list and offers a freed place", async () => {
    const service = await newService({ name: "Birth support", duration_minutes: 60, birth_support: true });
    expect((await studio("POST", "/due-months", { month: "2027-09", places: 1 })).statusCode).toBe(200);
    const noDue = await bookAs({ service_id: service, start: "2027-03-29T09:00:00-04:00", email: uniqueEmail() });
    expect(noDue.statusCode).toBe(400);
    const member = await signedInMember(app, "due");
    const first = await bookAs(
      { service_id: service, start: "2027-03-29T09:00:00-04:00", email: member.email, due_date: "2027-09-10" },
      member.cookie,
    );
    expect(first.statusCode, first.body).toBe(201);
    const full = await bookAs({ service_id: service, start: "2027-03-29T11:00:00-04:00", email: uniqueEmail(), due_date: "2027-09-20" });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ waiting_list: { month: "2027-09" } });
    expect(full.json<Json>().error).toMatch(/September 2027 is taken/);
    const waiter = uniqueEmail("waiter");
    const joined = await app.inject({
      method: "POST",
      url: "/reactapi/bookings/waiting-list",
      headers: jsonHeaders,
      payload: { service_id: service, name: "Ruth", email: waiter, due_date: "2027-09-20" },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ month: "2027-09", position: 1 });
    const months = (await studio("GET", "/due-months")).json<{
      months: { month: string; places: number; taken: number; waiting: { id: number }[] }[];
    }>().months;
    const september = months.find((month) => month.month === "2027-09")!;
    expect(september).toMatchObject({ places: 1, taken: 1 });
    expect(september.waiting).toHaveLength(1);

    expect((await studio("POST", `/bookings/${first.json<{ id: number }>().id}/cancel`, { message: "" })).statusCode).toBe(200);
    expect((await studio("POST", `/waiting/${september.waiting[0]!.id}/offer`, {})).statusCode).toBe(200);
    const offerMail = (await mailsTo(waiter)).find((mail) => mail.kind === "booking_place_offered")!;
    const offer = new URL(offerMail.textBody.match(/https?:\/\/\S+offer=\S+/)![0]).searchParams.get("offer")!;
    // Someone else cannot take the freed place ahead of her... (the month is open again, so anyone may; the offer guarantees hers)
    const taken = await bookAs({ service_id: service, start: "2027-03-29T11:00:00-04:00", email: waiter, due_date: "2027-09-20", offer });
    expect(taken.statusCode, taken.body).toBe(201);
    const after = (await studio("GET", "/due-months")).json<{ months: { month: string; waiting: unknown[]; taken: number }[] }>().months;
    expect(after.find((month) => month.month === "2027-09")).toMatchObject({ taken: 1, waiting: [] });
  });

  it("sends each reminder once, skips one whose moment passed before she booked, and none after a cancellation", async () => {
    const service = await newService({ name: "Reminded", duration_minutes: 30 });
    const member = await signedInMember(app, "remind");
    const soon = await signedInMember(app, "soon");
    const gone = await signedInMember(app, "gone");
    expect((await bookAs({ service_id: service, start: "2027-03-30T09:00:00-04:00", email: member.email }, member.cookie)).statusCode).toBe(
      201,
    );
    expect((await bookAs({ service_id: service, start: "2027-03-30T10:00:00-04:00", email: gone.email }, gone.cookie)).statusCode).toBe(
      201,
    );
    const goneToken = (await app.inject({ method: "GET", url: "/reactapi/bookings/mine", headers: { cookie: gone.cookie } })).json<{
      bookings: { token: string }[];
    }>().bookings[0]!.token;
    expect(
      (await app.inject({ method: "POST", url: `/reactapi/bookings/manage/${goneToken}/cancel`, headers: jsonHeaders, payload: {} }))
        .statusCode,
    ).toBe(200);

    clock.set(new Date("2027-03-29T14:00:00Z")); // 23 hours before 09:00 EDT
    expect((await bookAs({ service_id: service, start: "2027-03-30T09:30:00-04:00", email: soon.email }, soon.cookie)).statusCode).toBe(
      201,
    );
    const [one, two] = await Promise.all([runDueWork(deps(context.database)), runDueWork(deps(context.database))]);
    expect(one.reminders + two.reminders).toBe(1);
    const kinds = async (email: string) =>
      (await mailsTo(email)).filter((mail) => mail.kind === "booking_reminder").map((mail) => mail.subject);
    // The 09:30 booking was made 23.5 hours ahead: its day-before reminder was never due.
    expect(await kinds(soon.email)).toEqual([]);
    clock.set(new Date("2027-03-30T12:30:00Z")); // 30 minutes before 09:00 EDT: both hour reminders
    expect((await runDueWork(deps(context.database))).reminders).toBe(2);
    expect((await runDueWork(deps(context.database))).reminders).toBe(0);
    expect(await kinds(member.email)).toEqual(["Reminder: Reminded tomorrow", "Reminder: Reminded in an hour"]);
    expect(await kinds(soon.email)).toEqual(["Reminder: Reminded in an hour"]);
    expect(await kinds(gone.email)).toEqual([]);
    // A server that was down through a reminder's moment skips it rather than send it late.
    const late = await signedInMember(app, "late");
    expect((await bookAs({ service_id: service, start: "2027-03-31T11:00:00-04:00", email: late.email }, late.cookie)).statusCode).toBe(
      201,
    );
    clock.set(new Date("2027-03-31T15:10:00Z")); // ten minutes after it began
    expect((await runDueWork(deps(context.database))).reminders).toBe(0);
    expect(await kinds(late.email)).toEqual([]);
    clock.set(START);
  });

  it("writes her confirmation, its invitation and her reminders in the language she booked in (docs/languages.md)", async () => {
    const service = await newService({ name: "Consulta prenatal", duration_minutes: 45, location: { kind: "phone", detail: "" } });
    const member = await signedInMember(app, "en-espanol");
    const chosen = await app.inject({
      method: "POST",
      url: "/reactapi/account/language",
      headers: { ...jsonHeaders, cookie: member.cookie },
      payload: { language: "es" },
    });
    expect(chosen.statusCode).toBe(200);
    const made = await bookAs({ service_id: service, start: "2027-03-25T10:00:00-04:00", email: member.email }, member.cookie);
    expect(made.statusCode, made.body).toBe(201);
    // Her name alone: her title (INSTRUCTOR_NAME's, in English) would sit inside a Spanish sentence.
    const config = loadConfig({ NODE_ENV: "test" });
    const instructorName = seededNames(config.instructorName, config.businessName).doulaName;
    try {
      const [confirmed] = (await mailsTo(member.email)).filter((mail) => mail.kind === "booking_confirmed");
      const when = "jueves, 25 de marzo de 2027, 10:00 (hora de America/New York)";
      expect(confirmed!.subject).toBe(`Reservada: Consulta prenatal, ${when}`);
      expect(confirmed!.textBody).toContain(
        `Tu cita «Consulta prenatal» con ${instructorName} está reservada para el ${when}, y dura 45 minutos.`,
      );
      expect(confirmed!.textBody).not.toContain("certified birth doula");
      expect(confirmed!.textBody).toContain("Por teléfono: te llamaremos al número que nos des, o respóndenos con él.");
      expect(confirmed!.textBody).toContain("Puedes cambiar la hora o cancelar hasta 24 horas antes.");
      expect(confirmed!.htmlBody).toContain('<html lang="es">');
      const invite = readInvite(confirmed!.attachments![0]!.content);
      expect(invite.summary).toBe(`Consulta prenatal con ${instructorName}`);
      expect(invite.location).toBe("Llamada de teléfono");
      expect(invite.description).toMatch(/^Por teléfono: .*\n\nPara cambiar la hora o cancelar: http/s);

      clock.set(new Date("2027-03-24T15:00:00Z")); // the day before, 11:00 in New York
      await runDueWork(deps(context.database));
      const [reminder] = (await mailsTo(member.email)).filter((mail) => mail.kind === "booking_reminder");
      expect(reminder!.subject).toBe("Recordatorio: Consulta prenatal mañana");
      // The timed work here runs with the deps above, whose instructor is Sarah.
      expect(reminder!.textBody).toContain(`Un recordatorio con cariño: tu cita «Consulta prenatal» con Sarah es el ${when}.`);
    } finally {
      clock.set(START);
    }
  });

  it("sends her reminder to the new address she confirms, and keeps the booking hers", async () => {
    const service = await newService({ name: "Moving", duration_minutes: 30 });
    const member = await signedInMember(app, "moving");
    expect((await bookAs({ service_id: service, start: "2027-04-02T10:00:00-04:00", email: member.email }, member.cookie)).statusCode).toBe(
      201,
    );
    const newAddress = uniqueEmail("moved");
    const post = (url: string, payload: Json, cookie?: string) =>
      app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload });
    expect((await post("/reactapi/account/email", { email: newAddress, password: GOOD_PASSWORD }, member.cookie)).statusCode).toBe(202);
    const token = await tokenMailedTo(context.database.db, newAddress, "email_change_confirm");
    expect((await post("/reactapi/account/email/confirm", { token })).statusCode).toBe(200);

    clock.set(new Date("2027-04-02T13:30:00Z")); // 30 minutes before 10:00 EDT
    try {
      await runDueWork(deps(context.database));
      const reminders = async (address: string) => (await mailsTo(address)).filter((mail) => mail.kind === "booking_reminder");
      expect((await reminders(newAddress)).map((mail) => mail.subject)).toEqual(["Reminder: Moving in an hour"]);
      expect(await reminders(member.email)).toEqual([]);
      const mine = (await app.inject({ method: "GET", url: "/reactapi/bookings/mine", headers: { cookie: member.cookie } })).json<{
        bookings: { state: string }[];
      }>();
      expect(mine.bookings.map((booking) => booking.state)).toEqual(["confirmed"]);
    } finally {
      clock.set(START);
    }
  });

  it("shows her bookings in the studio, keeps a private note, and serves her feed only at its current secret address", async () => {
    const listed = await studio(
      "GET",
      `/bookings?from=${encodeURIComponent("2027-03-01T00:00:00Z")}&to=${encodeURIComponent("2027-04-01T00:00:00Z")}`,
    );
    expect(listed.statusCode).toBe(200);
    const all = listed.json<{ bookings: { id: number; state: string; name: string }[]; time_zone: string }>();
    expect(all.time_zone).toBe("America/New_York");
    const confirmed = all.bookings.find((booking) => booking.state === "confirmed")!;
    const noted = await studio("POST", `/bookings/${confirmed.id}`, { state: "attended", private_note: "Went well." });
    expect(noted.json()).toMatchObject({ state: "attended", private_note: "Went well." });
    const member = await signedInMember(app, "nosy");
    const refused = await app.inject({
      method: "GET",
      url: "/reactapi/studio/calendar/bookings?from=2027-03-01T00:00:00Z&to=2027-04-01T00:00:00Z",
      headers: { cookie: member.cookie },
    });
    expect(refused.statusCode).toBe(403);

    const first = (await studio("POST", "/feed", {})).json<{ url: string }>().url;
    const feed = await app.inject({ method: "GET", url: new URL(first).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toContain("text/calendar");
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    expect(calendar.getAllSubcomponents("vevent").length).toBeGreaterThan(0);
    const second = (await studio("POST", "/feed", {})).json<{ url: string }>().url;
    expect(second).not.toBe(first);
    expect((await app.inject({ method: "GET", url: new URL(first).pathname })).statusCode).toBe(404);
  });

  it("puts her bookings in her data download and deletes them with her account", async () => {
    const service = await newService({ name: "Personal data", duration_minutes: 30 });
    const member = await signedInMember(app, "leaving");
    expect((await bookAs({ service_id: service, start: "2027-03-31T09:00:00-04:00", email: member.email }, member.cookie)).statusCode).toBe(
      201,
    );
    const download = await app.inject({ method: "GET", url: "/reactapi/account/export", headers: { cookie: member.cookie } });
    expect(download.json<{ bookings: { bookings: unknown[] } }>().bookings.bookings).toHaveLength(1);
    const deleted = await app.inject({
      method: "POST",
      url: "/reactapi/account/delete",
      headers: { ...jsonHeaders, cookie: member.cookie },
      payload: { password: "calm-Birth-2025" },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(
      await context.database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.email, member.email))),
    ).toEqual([]);
  });
});

if (!backends.includes("postgres")) it.skip(`1:1 bookings on two app servers: ${postgresMissingNotice}`, () => {});

describe.runIf(backends.includes("postgres"))("1:1 bookings on two app servers sharing PostgreSQL", () => {
  const clock = movableClock(START);
  const servers = useAppServers({ environment: { PUBLIC_URL }, clock });

  it("gives one booking to 20 requests split between the servers, and sends its reminder once", async () => {
    const [a, b] = servers;
    const instructor = await signedInInstructor(a!.app, a!.handle.db);
    const headers = { ...jsonHeaders, cookie: instructor.cookie };
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    await a!.app.inject({
      method: "POST",
      url: "/reactapi/studio/calendar/hours",
      headers,
      payload: { time_zone: "Europe/London", weekly },
    });
    const service = (
      await a!.app.inject({
        method: "POST",
        url: "/reactapi/studio/calendar/services",
        headers,
        payload: { name: "Shared", duration_minutes: 30, min_notice_hours: 1 },
      })
    ).json<{ id: number }>().id;
    const start = "2027-03-10T10:00:00+00:00";
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        (index % 2 ? a! : b!).app.inject({
          method: "POST",
          url: "/reactapi/bookings",
          headers: jsonHeaders,
          payload: { service_id: service, start, name: "Maya", email: uniqueEmail("two") },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);

    const member = await signedInMember(b!.app, "shared");
    expect(
      (
        await b!.app.inject({
          method: "POST",
          url: "/reactapi/bookings",
          headers: { ...jsonHeaders, cookie: member.cookie },
          payload: { service_id: service, start: "2027-03-11T10:00:00+00:00", name: "Maya", email: member.email },
        })
      ).statusCode,
    ).toBe(201);
    clock.set(new Date("2027-03-10T11:00:00Z"));
    const sender = { wake: () => {} } as unknown as MailSender;
    const mailContext = {
      practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth" }),
      publicUrl: PUBLIC_URL,
      contactEmail: "hello@example.com",
    };
    const runs = await Promise.all(
      servers.map((server) => runDueWork({ db: server.handle.db, clock, mail: { sender, context: mailContext }, payments: null })),
    );
    expect(runs.reduce((sum, run) => sum + run.reminders, 0)).toBe(1);
    const reminders = await a!.handle.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.kind, "booking_reminder")));
    expect(reminders).toHaveLength(1);
  });
});

describe.each(backends)("a visitor's bookings from one address, on %s", (backend) => {
  const clock = movableClock(START);
  let context: TestApp;
  beforeAll(async () => {
    context = await createTestApp(backend, { clock, startMailSender: false, environment: { BOOKINGS_PER_HOUR: "2" } });
  });
  afterAll(() => context.close());

  it("are limited per hour (refused times do not count, a member is not limited), with a sentence and Retry-After", async () => {
    const { app } = context;
    const instructor = await signedInInstructor(app, context.database.db);
    const headers = { ...jsonHeaders, cookie: instructor.cookie };
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    await app.inject({ method: "POST", url: "/reactapi/studio/calendar/hours", headers, payload: { time_zone: "Europe/London", weekly } });
    const service = (
      await app.inject({
        method: "POST",
        url: "/reactapi/studio/calendar/services",
        headers,
        payload: { name: "Limited", duration_minutes: 30, min_notice_hours: 1 },
      })
    ).json<{ id: number }>().id;
    const book = (start: string, cookie?: string, email = uniqueEmail("limit")) =>
      app.inject({
        method: "POST",
        url: "/reactapi/bookings",
        headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
        payload: { service_id: service, start, name: "Maya", email },
      });
    expect((await book("2027-03-02T09:00:00+00:00")).statusCode).toBe(201);
    expect((await book("2027-03-02T09:00:00+00:00")).statusCode).toBe(409);
    expect((await book("2027-03-02T09:30:00+00:00")).statusCode).toBe(201);
    const third = await book("2027-03-02T10:00:00+00:00");
    expect(third.statusCode).toBe(429);
    expect(third.json<{ error: string }>().error).toMatch(/^Several bookings have been asked for from here in the last hour\./);
    expect(Number(third.headers["retry-after"])).toBeGreaterThan(0);
    const member = await signedInMember(app, "unlimited");
    expect((await book("2027-03-02T10:00:00+00:00", member.cookie, member.email)).statusCode).toBe(201);
    clock.advance(61 * 60_000);
    expect((await book("2027-03-02T10:30:00+00:00")).statusCode).toBe(201);
  });
});

describe("the links of bookings in the request log", () => {
  it("are written without their tokens: a booking's page, its API, her feed and an offered place", async () => {
    const lines: string[] = [];
    const context = await createTestApp("pglite", { logger: { level: "info", stream: logInto(lines) }, startMailSender: false });
    try {
      const token = "Abcdefghijklmnopqrstuvwxyz0123456789_-AB";
      for (const url of [
        `/booking/${token}`,
        `/reactapi/bookings/manage/${token}`,
        `/reactapi/bookings/feed/${token}`,
        `/book?service=1&offer=${token}`,
      ]) {
        await context.app.inject({ url });
      }
      const logged = lines.join("\n");
      expect(logged).toContain("/reactapi/bookings/manage/[redacted]");
      expect(logged).not.toContain(token);
    } finally {
      await context.close();
    }
  });
});
