import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readInvite } from "../../../testing/calendar-invite.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";
import { mailOutbox } from "./mail-schema.ts";
import { movableClock } from "../lib/clock.ts";

// docs/product.md, Live classes and Booking 1:1 support: every invitation and feed carries
// absolute times. Each calendar file (a class's invitation, a booking's, the instructor's feed) is
// read back with ical.js, with the instructor's default zone (UTC, before she sets her hours) and
// with America/New_York across the spring change (14 March 2027).

const NOW = new Date("2027-03-08T12:00:00Z");

describe.each(backends)("calendar files on %s", (backend) => {
  const clock = movableClock(NOW);
  let context: TestApp;
  let instructor: string;
  beforeAll(async () => {
    context = await createTestApp(backend, { clock, startMailSender: false });
    instructor = (await signedInInstructor(context.app, context.database.db, "calendar-files")).cookie;
  });
  afterAll(() => context.close());

  const post = async (url: string, payload: Record<string, unknown>, cookie?: string) => {
    const response = await context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload });
    expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
    return response.json<Record<string, unknown>>();
  };
  const attachmentOf = async (address: string, kind: string) => {
    const [mail] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)));
    return mail!.attachments![0]!.content;
  };

  const classInvite = async (startsAt: string) => {
    const created = await post(
      "/reactapi/studio/classes",
      {
        title: "Spring class",
        description_html: "<p>Hello</p>",
        starts_at: startsAt,
        duration_minutes: 60,
        places: 5,
        who: "anyone",
        join_url: "https://meet.example/x",
      },
      instructor,
    );
    const member = await signedInMember(context.app, "class-invite");
    await post(`/reactapi/classes/${String(created.id)}/registrations`, { name: "Maya", email: member.email }, member.cookie);
    return readInvite(await attachmentOf(member.email, "class_registered"));
  };

  it("writes a class's invitation in UTC instants while the instructor's zone is the default", async () => {
    const invite = await classInvite("2027-03-15T19:47:00Z");
    expect(invite).toMatchObject({ start: "2027-03-15T19:47:00.000Z", end: "2027-03-15T20:47:00.000Z", absolute: true });
  });

  it("writes a class's, a booking's and the feed's times in New York's zone, right on both sides of the spring change", async () => {
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
    await post("/reactapi/studio/calendar/hours", { time_zone: "America/New_York", weekly, exceptions: [] }, instructor);
    // 14:47 in New York: 19:47 UTC before the change (EST), 18:47 UTC after it (EDT).
    expect(await classInvite("2027-03-12T19:47:00Z")).toMatchObject({
      start: "2027-03-12T19:47:00.000Z",
      zone: "America/New_York",
      absolute: true,
    });
    expect(await classInvite("2027-03-16T18:47:00Z")).toMatchObject({
      start: "2027-03-16T18:47:00.000Z",
      zone: "America/New_York",
      absolute: true,
    });

    const service = await post(
      "/reactapi/studio/calendar/services",
      { name: "Consultation", duration_minutes: 30, min_notice_hours: 2 },
      instructor,
    );
    const member = await signedInMember(context.app, "booking-invite");
    const booked: string[] = [];
    for (const start of ["2027-03-12T10:00:00-05:00", "2027-03-16T10:00:00-04:00"]) {
      await post(
        "/reactapi/bookings",
        { service_id: service.id, start, name: "Maya", email: member.email, due_date: null, note: "" },
        member.cookie,
      );
      booked.push(new Date(start).toISOString());
    }
    const mails = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.kind, "booking_confirmed")));
    const invites = mails.map((mail) => readInvite(mail.attachments![0]!.content)).sort((a, b) => a.start.localeCompare(b.start));
    expect(invites.map((invite) => [invite.start, invite.zone, invite.absolute])).toEqual(
      booked.map((start) => [start, "America/New_York", true]),
    );

    const { url } = (await post("/reactapi/studio/calendar/feed", {}, instructor)) as { url: string };
    const feed = await context.app.inject({ method: "GET", url: new URL(url).pathname });
    const { default: ICAL } = await import("ical.js");
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
    const starts = calendar
      .getAllSubcomponents("vevent")
      .map((event) => new ICAL.Event(event).startDate)
      .map((time) => [time.toJSDate().toISOString(), time.zone?.tzid]);
    expect(starts).toEqual(expect.arrayContaining(booked.map((start) => [start, "America/New_York"])));
  });

  it("writes the feed in UTC instants when the instructor's zone is UTC", async () => {
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
    await post("/reactapi/studio/calendar/hours", { time_zone: "UTC", weekly, exceptions: [] }, instructor);
    const { url } = (await post("/reactapi/studio/calendar/feed", {}, instructor)) as { url: string };
    const feed = await context.app.inject({ method: "GET", url: new URL(url).pathname });
    expect(feed.body).toMatch(/DTSTART:20270312T150000Z/);
    expect(feed.body).not.toMatch(/DTSTART:\d{8}T\d{6}\r?\n/);
  });
});
