import { and, asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../bookings/bookings-schema.ts";
import { classRegistrations } from "../classes/classes-schema.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { movableClock } from "../lib/clock.ts";
import {
  backends,
  confirmAddress,
  createTestApp,
  DEMO_CODE,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  register,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  type TestApp,
  uniqueEmail,
} from "../../../testing/test-app.ts";

// docs/product.md, "Whose bookings are hers": what a visitor booked or registered for with an
// address joins an account only once its owner proved the address (a link mailed to it was used);
// addresses compare case-insensitively; a visitor's holds are limited per client address; a
// member books in her own name and address.

const START = new Date("2027-03-01T12:00:00Z");
type Json = Record<string, unknown>;

describe.each(backends)("proven addresses on %s", (backend) => {
  const clock = movableClock(START);
  let context: TestApp;
  let instructor: string;
  let serviceId: number;
  let classId: number;
  const post = (url: string, payload: Json, cookie?: string, remoteAddress?: string) =>
    context.app.inject({
      method: "POST",
      url,
      headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
      payload,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const get = (url: string, cookie: string) => context.app.inject({ method: "GET", url, headers: { cookie } });
  const freeTimes = async () => {
    const from = "2027-03-02T00:00:00Z";
    const to = "2027-03-12T00:00:00Z";
    const response = await context.app.inject({
      url: `/reactapi/bookings/services/${serviceId}/slots?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
    });
    return response.json<{ slots: string[] }>().slots;
  };
  const mailsTo = (address: string) =>
    context.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(asc(mailOutbox.id));
  const createClass = async (places: number) => {
    const created = await post(
      "/reactapi/studio/classes",
      {
        title: "Breastfeeding basics",
        description_html: "<p>Latch and rest.</p>",
        starts_at: "2027-03-20T17:00:00Z",
        duration_minutes: 60,
        places,
        who: "anyone",
        join_url: "https://meet.example/feeding",
      },
      instructor,
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    // The product's own limit on visitors' holds (10 an hour), not the other test files' raised one.
    context = await createTestApp(backend, { clock, startMailSender: false, environment: { BOOKINGS_PER_HOUR: "10" } });
    instructor = (await signedInInstructor(context.app, context.database.db, "proof-instructor")).cookie;
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
    expect((await post("/reactapi/studio/calendar/hours", { time_zone: "UTC", weekly, exceptions: [] }, instructor)).statusCode).toBe(200);
    const service = await post(
      "/reactapi/studio/calendar/services",
      { name: "Free consultation", duration_minutes: 30, min_notice_hours: 2 },
      instructor,
    );
    expect(service.statusCode, service.body).toBe(201);
    serviceId = service.json<{ id: number }>().id;
    classId = await createClass(20);
  });
  afterAll(() => context.close());

  it("keeps a visitor's booking and class place from an account that typed her address, until the address is proven hers", async () => {
    const address = uniqueEmail("visitor");
    const typedByHer = address.replace(/^visitor/, "Visitor").replace("example.com", "Example.COM");
    const [start] = await freeTimes();
    const booked = await post(
      "/reactapi/bookings",
      { service_id: serviceId, start, name: "Vera", email: typedByHer, due_date: null, note: "My second baby" },
      undefined,
      "198.51.100.20",
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const confirmLink = (await mailsTo(address)).find((mail) => mail.kind === "booking_confirm_email");
    const token = confirmLink!.textBody.match(/[?&]token=([A-Za-z0-9_-]+)/)![1];
    expect((await post("/reactapi/bookings/confirm", { token })).statusCode).toBe(200);
    const place = await post(`/reactapi/classes/${classId}/registrations`, { name: "Vera", email: typedByHer }, undefined, "198.51.100.20");
    expect(place.statusCode, place.body).toBe(201);

    // Someone registers with her address (any access code will do) and never opens the mailed link.
    expect((await register(context.app, { email: address, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
    const taker = sessionCookieOf(await login(context.app, address));
    expect((await get("/reactapi/users/me", taker)).json()).toMatchObject({ email: address, email_confirmed: false });
    expect((await get("/reactapi/bookings/mine", taker)).json()).toEqual({ bookings: [] });
    const classes = (await get("/reactapi/classes", taker)).json<{ upcoming: { id: number; my_state?: string | null }[] }>();
    expect(classes.upcoming.find((entry) => entry.id === classId)?.my_state ?? null).toBeNull();
    const download = await get("/reactapi/account/export", taker);
    expect(download.body).not.toContain("My second baby");
    expect(download.json()).toMatchObject({ bookings: { bookings: [] }, class_registrations: { registrations: [] } });
    // Her class-mail choice is kept by address: not his to change.
    expect((await post("/reactapi/account/mail", { class_reminders: false }, taker)).statusCode).toBe(403);

    // Deleting that account leaves her booking and her place in the doula's calendar and class list.
    expect((await post("/reactapi/account/delete", { password: GOOD_PASSWORD }, taker)).statusCode).toBe(200);
    const [kept] = await context.database.db.select().from(bookings).where(eq(bookings.email, address));
    expect(kept).toMatchObject({ state: "confirmed", note: "My second baby" });
    const [seat] = await context.database.db
      .select()
      .from(classRegistrations)
      .where(and(eq(classRegistrations.classId, classId), eq(classRegistrations.email, address)));
    expect(seat?.state).toBe("awaiting_email");

    // When she registers herself and opens the link mailed to her, both are hers, whatever the case she typed.
    expect((await register(context.app, { email: address, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
    await confirmAddress(context.app, address);
    const her = sessionCookieOf(await login(context.app, address));
    expect((await get("/reactapi/users/me", her)).json()).toMatchObject({ email_confirmed: true });
    const mine = (await get("/reactapi/bookings/mine", her)).json<{ bookings: { note: string }[] }>().bookings;
    expect(mine.map((booking) => booking.note)).toEqual(["My second baby"]);
    const hers = (await get("/reactapi/classes", her)).json<{ upcoming: { id: number; my_state?: string | null }[] }>();
    expect(hers.upcoming.find((entry) => entry.id === classId)?.my_state).toBe("awaiting_email");
    expect((await get("/reactapi/account/export", her)).body).toContain("My second baby");
  });

  it("a confirmation link proves only the address it was sent to, and only while the account still uses it", async () => {
    const email = uniqueEmail("moving");
    expect((await register(context.app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(201);
    const [welcome] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "welcome")))
      .orderBy(desc(mailOutbox.id));
    const token = welcome!.textBody.match(/[?&]token=([A-Za-z0-9_-]+)/)![1]!;
    const cookie = sessionCookieOf(await login(context.app, email));
    const newAddress = uniqueEmail("moved");
    expect((await post("/reactapi/account/email", { email: newAddress, password: GOOD_PASSWORD }, cookie)).statusCode).toBe(202);
    const [change] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, newAddress), eq(mailOutbox.kind, "email_change_confirm")));
    const changeToken = change!.textBody.match(/[?&]token=([A-Za-z0-9_-]+)/)![1]!;
    expect((await post("/reactapi/account/email/confirm", { token: changeToken })).json()).toMatchObject({
      email: newAddress,
      email_confirmed: true,
    });
    const stale = await post("/reactapi/account/email/confirm", { token });
    expect(stale.statusCode).toBe(410);
    expect(stale.json<{ error: string }>().error).toBe("This confirmation link was for an address your account no longer uses.");
  });

  it("registers through a partner's invitation only with the address it was sent to, which proves it", async () => {
    const her = await signedInMember(context.app, "inviting");
    const invited = uniqueEmail("invited");
    expect((await post("/reactapi/account/partner/invite", { email: invited }, her.cookie)).statusCode).toBe(201);
    const [mail] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, invited), eq(mailOutbox.kind, "partner_invitation")));
    const invitation = mail!.textBody.match(/[?&]invitation=([A-Za-z0-9_-]+)/)![1]!;
    const elsewhere = await register(context.app, { email: uniqueEmail("not-invited"), password: GOOD_PASSWORD, invitation });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json<{ error: string }>().error).toBe(
      "This invitation was sent to another e-mail address. Please register with the address it came to.",
    );
    const registered = await register(context.app, { email: invited.toUpperCase(), password: GOOD_PASSWORD, invitation });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.json()).toMatchObject({ email: invited, email_confirmed: true });
  });

  it("limits a visitor's class registrations to 10 an hour from one client address, with a sentence, and mails nobody beyond", async () => {
    const crowded = await createClass(100);
    const answers = [];
    for (let index = 0; index < 25; index += 1) {
      answers.push(
        await post(
          `/reactapi/classes/${crowded}/registrations`,
          { name: "Guest", email: uniqueEmail(`flood-${index}`) },
          undefined,
          "203.0.113.9",
        ),
      );
    }
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect(answers[10]!.headers["retry-after"]).toBeDefined();
    expect(answers[10]!.json<{ error: string }>().error).toMatch(
      /^Several class registrations have been asked for from here in the last hour\./,
    );
    const mailed = await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "class_confirm_email"));
    expect(mailed.filter((mail) => mail.toAddress.startsWith("flood-"))).toHaveLength(10);
    // Another client address is not held back by this one.
    const other = await post(
      `/reactapi/classes/${crowded}/registrations`,
      { name: "Guest", email: uniqueEmail("neighbour") },
      undefined,
      "203.0.113.10",
    );
    expect(other.statusCode).toBe(201);
  });

  it("limits a visitor's waiting-list places for 1:1 support per client address too", async () => {
    const support = await post(
      "/reactapi/studio/calendar/services",
      { name: "Birth support", duration_minutes: 60, min_notice_hours: 2, birth_support: true },
      instructor,
    );
    expect(support.statusCode, support.body).toBe(201);
    const id = support.json<{ id: number }>().id;
    const statuses = [];
    for (let index = 0; index < 12; index += 1) {
      const joined = await post(
        "/reactapi/bookings/waiting-list",
        { service_id: id, name: "Guest", email: uniqueEmail(`waiting-${index}`), due_date: "2027-09-01" },
        undefined,
        "203.0.113.11",
      );
      statuses.push(joined.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it("books a member's time and class place in her own name and address, whatever the form says, and mails no one else", async () => {
    const { email, cookie } = await signedInMember(context.app, "own-name");
    expect((await post("/reactapi/account/name", { first_name: "Odile", last_name: "Marsh" }, cookie)).statusCode).toBe(200);
    const stranger = uniqueEmail("stranger");
    const [start] = await freeTimes();
    const booked = await post(
      "/reactapi/bookings",
      { service_id: serviceId, start, name: "Someone Else", email: stranger, due_date: null, note: "" },
      cookie,
    );
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ state: "confirmed" });
    const [row] = await context.database.db.select().from(bookings).where(eq(bookings.id, booked.json<{ id: number }>().id));
    expect(row).toMatchObject({ email, name: "Odile Marsh" });
    const place = await post(`/reactapi/classes/${classId}/registrations`, { name: "Someone Else", email: stranger }, cookie);
    expect(place.statusCode, place.body).toBe(201);
    expect(place.json()).toMatchObject({ state: "registered" });
    const [seat] = await context.database.db
      .select()
      .from(classRegistrations)
      .where(eq(classRegistrations.id, place.json<{ id: number }>().id));
    expect(seat).toMatchObject({ email, name: "Odile Marsh" });
    expect(await mailsTo(stranger)).toEqual([]);
    expect((await mailsTo(email)).map((mail) => mail.kind)).toEqual(expect.arrayContaining(["booking_confirmed", "class_registered"]));
  });

  it("refuses a name that is a link, in a booking, a class place and a registration", async () => {
    const sentence = "Please write just your name: it cannot contain a web or e-mail address.";
    const [start] = await freeTimes();
    const booking = await post("/reactapi/bookings", {
      service_id: serviceId,
      start,
      name: "Visit http://evil.example/win now",
      email: uniqueEmail("link"),
      due_date: null,
      note: "",
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json<{ details: Json }>().details).toMatchObject({ name: sentence });
    const place = await post(`/reactapi/classes/${classId}/registrations`, { name: "win.example/now", email: uniqueEmail("link") });
    expect(place.statusCode).toBe(400);
    const registration = await register(context.app, {
      first_name: "Visit www.evil.example",
      email: uniqueEmail("link"),
      password: GOOD_PASSWORD,
      access_code: DEMO_CODE,
    });
    expect(registration.statusCode).toBe(400);
    const mails = await context.database.db.select().from(mailOutbox);
    expect(mails.filter((mail) => mail.textBody.includes("evil.example"))).toEqual([]);
  });
});
