import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { movableClock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { backends, GOOD_PASSWORD, register, signedInMember, uniqueEmail } from "../../../testing/test-app.ts";
import { tokenMailedTo } from "../../../testing/outbox-links.ts";
import { chargeRefunded, checkoutCompleted, stripeEvent, type StripeStandIn } from "../../../testing/stripe-stand-in.ts";
import { useStripeApp } from "../../../testing/stripe-app.ts";
import { giftsWork } from "./gifts-routes.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

// Gifts (docs/gifts.md): Checkout at the plan's own price, the recipient's mail on its day in the
// practice's zone and only then, once; the link opens the courses for the months given, once.

const MEMBERSHIP = { planId: 1, price: 1900, courseIds: [3, 4] }; // monthly, USD, in the demo catalogue
const PARTNER_COURSE = { planId: 2, price: 4900, courseIds: [3] }; // once, USD
// 10 March 2027, 20:00 in Los Angeles: already the 11th in UTC.
const START = new Date("2027-03-11T04:00:00Z");

describe.each(backends)("gifts on %s", (backend) => {
  const clock = movableClock(START);
  const stripeApp = useStripeApp(backend, clock);
  const { app, db, post, sessionOf, deliver } = stripeApp;
  let instructor: string;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    instructor = stripeApp.instructor();
    standIn = stripeApp.standIn();
    const weekly = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "12:00" }));
    const hours = await post("/reactapi/studio/calendar/hours", { time_zone: "America/Los_Angeles", weekly, exceptions: [] }, instructor);
    expect(hours.statusCode, hours.body).toBe(200);
  });
  /** The gifts' delivery, as the timed work runs it on every app server. */
  const runDeliveries = () =>
    giftsWork({
      db: db(),
      clock,
      mail: {
        practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
        publicUrl: "https://courses.example",
      },
      sender: { wake: () => {} } as unknown as MailSender,
      payments: null,
    })
      .find((work) => work.name === "gifts: deliveries")!
      .run();
  const mails = (to: string, kind: "gift_receipt" | "gift_delivered") =>
    db()
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));
  const give = (body: Record<string, unknown>) =>
    post("/reactapi/gifts/checkout", {
      recipient_name: "Ana",
      message: "For the little one, with love",
      giver_name: "Grandma Rose",
      giver_email: "rose@example.com",
      ...body,
    });
  const paidGift = async (body: Record<string, unknown>) => {
    const started = await give(body);
    expect(started.statusCode, started.body).toBe(200);
    const session = sessionOf(started.json().url);
    expect((await deliver(checkoutCompleted(session, { payment_intent: `pi_gift_${session.id}` }))).statusCode).toBe(200);
    return session;
  };

  it("opens Checkout at the plan's own price, for anyone, and refuses what is not a gift", async () => {
    const recipient = uniqueEmail("gift-price");
    const once = await give({ plan_id: PARTNER_COURSE.planId, recipient_email: recipient, deliver_on: "2027-03-20" });
    expect(once.statusCode, once.body).toBe(200);
    const form = standIn.requests.findLast((request) => request.path === "/v1/checkout/sessions")!.form;
    expect(form["line_items[0][price_data][unit_amount]"]).toBe(String(PARTNER_COURSE.price));
    expect(form["mode"]).toBe("payment");
    expect(form["customer_email"]).toBe("rose@example.com");
    expect(form["line_items[0][price_data][product_data][name]"]).toBe("Gift: Partner Course");
    // A monthly membership is given as months, paid once.
    const months = await give({ plan_id: MEMBERSHIP.planId, months: 3, recipient_email: recipient, deliver_on: "2027-03-20" });
    expect(sessionOf(months.json().url)).toMatchObject({ amount_total: 3 * MEMBERSHIP.price, mode: "payment" });

    const refusals: [Record<string, unknown>, number, string][] = [
      [{ plan_id: 99, recipient_email: recipient, deliver_on: "2027-03-20" }, 404, "That plan is no longer offered. Please choose again."],
      // The 10th is over in UTC but is still today in the practice's zone; the 9th is past.
      [{ plan_id: 2, recipient_email: recipient, deliver_on: "2027-03-09" }, 400, "Choose today or a day to come for the gift to arrive."],
      [{ plan_id: 2, recipient_email: recipient, deliver_on: "2028-06-01" }, 400, "Choose a day within the coming year."],
      [{ plan_id: 2, recipient_email: "not-an-address", deliver_on: "2027-03-20" }, 400, "Please enter a valid e-mail address"],
      [{ plan_id: 2, recipient_email: recipient, deliver_on: "20 March" }, 400, "Give a date as YYYY-MM-DD."],
      [{ plan_id: 2, recipient_email: recipient, deliver_on: "2027-03-20", tier: 100 }, 400, "That is not one of this plan's prices."],
      [{ plan_id: 2, recipient_email: recipient, deliver_on: "2027-03-20", code: "NO-SUCH" }, 400, "There is no code NO-SUCH."],
    ];
    for (const [body, status, sentence] of refusals) {
      const refused = await give(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.json().error).toContain(sentence);
    }
    expect((await give({ plan_id: 2, recipient_email: recipient, deliver_on: "2027-03-10" })).statusCode).toBe(200);
  });

  it("settles nothing when Stripe says it charged another amount or currency than the gift's Checkout asked", async () => {
    const recipient = uniqueEmail("gift-odd");
    const started = await give({ plan_id: MEMBERSHIP.planId, months: 3, recipient_email: recipient, deliver_on: "2027-03-14" });
    expect(started.statusCode, started.body).toBe(200);
    const session = sessionOf(started.json().url);
    const receipts = async () => (await mails("rose@example.com", "gift_receipt")).filter((row) => row.text.includes(recipient));
    for (const odd of [{ amount_total: session.amount_total - 100 }, { currency: "eur" }])
      expect((await deliver(checkoutCompleted(session, { payment_intent: `pi_odd_${session.id}`, ...odd }))).statusCode).toBe(200);
    expect(await receipts()).toHaveLength(0);
    expect((await deliver(checkoutCompleted(session, { payment_intent: `pi_odd_${session.id}` }))).statusCode).toBe(200);
    expect(await receipts()).toHaveLength(1);
  });

  it("mails the giver at once and the recipient on the day in the practice's zone, once; the link opens the courses once", async () => {
    clock.set(START);
    const recipient = uniqueEmail("gift-ana");
    await paidGift({ plan_id: MEMBERSHIP.planId, months: 3, recipient_email: recipient, deliver_on: "2027-03-14" });
    const [receipt] = await mails("rose@example.com", "gift_receipt").then((rows) => rows.filter((row) => row.text.includes(recipient)));
    expect(receipt!.subject).toBe("Your gift for Ana: Full Membership for 3 months");
    expect(receipt!.text).toContain("$57.00");
    expect(receipt!.text).toContain("14 March 2027");

    await runDeliveries();
    expect(await mails(recipient, "gift_delivered")).toHaveLength(0);
    // 23:59 on the 13th in Los Angeles (still winter time: the clocks go forward at 2 a.m. on the
    // 14th) is the 14th in UTC: still not its day.
    clock.set(new Date("2027-03-14T07:59:00Z"));
    await runDeliveries();
    expect(await mails(recipient, "gift_delivered")).toHaveLength(0);
    // Midnight in Los Angeles: every app server's work runs at once, and the mail goes once.
    clock.set(new Date("2027-03-14T08:00:30Z"));
    await Promise.all([runDeliveries(), runDeliveries(), runDeliveries()]);
    await runDeliveries();
    const delivered = await mails(recipient, "gift_delivered");
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.subject).toBe("Grandma Rose has given you Full Membership for 3 months");
    expect(delivered[0]!.text).toContain("For the little one, with love");
    expect(delivered[0]!.text).toMatch(/https:\/\/courses\.example\/gift\/redeem\?token=/);

    // She registers through it, with no access code: the courses open for three months from today.
    const token = await tokenMailedTo(db(), recipient, "gift_delivered");
    const elsewhere = await register(app(), { email: uniqueEmail("other"), password: GOOD_PASSWORD, gift_token: token });
    expect(elsewhere.statusCode).toBe(403);
    const registered = await register(app(), { email: recipient, first_name: "Ana", password: GOOD_PASSWORD, gift_token: token });
    expect(registered.statusCode, registered.body).toBe(201);
    const member = await post("/reactapi/users/login", { email: recipient, password: GOOD_PASSWORD });
    const cookie = member.headers["set-cookie"]!.toString();
    const access = (await post("/reactapi/getuseraccessdata", {}, cookie)).json();
    expect(access.accessible_course_ids).toEqual(expect.arrayContaining(MEMBERSHIP.courseIds));
    // Three months on her calendar, across the change to summer time: midnight of 14 June in Los Angeles.
    const grants = (await app().inject({ url: "/reactapi/account/export", headers: { cookie } })).json().grants as {
      ends_at: string | null;
    }[];
    expect(grants.map((grant) => grant.ends_at)).toEqual(MEMBERSHIP.courseIds.map(() => "2027-06-14T07:00:30.000Z"));
    // The link works once: by registration or by signing in.
    const again = await post("/reactapi/gifts/redeem", { token }, cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain("This gift has been opened already.");
    expect((await register(app(), { email: recipient, password: GOOD_PASSWORD, gift_token: token })).statusCode).toBe(409);
    // The giver's link no longer changes a gift that was sent.
    const change = await tokenMailedTo(db(), "rose@example.com", "gift_receipt");
    const late = await post("/reactapi/gifts/change", {
      token: change,
      recipient_email: recipient,
      message: "",
      deliver_on: "2027-03-20",
    });
    expect([late.statusCode, late.json().error]).toEqual([409, "This gift has been sent already, so it can no longer be changed."]);
  });

  it("opens a one-time plan for good on a signed-in member's account; the giver may change it until its day", async () => {
    clock.set(START);
    const member = await signedInMember(app(), "gift-member");
    await paidGift({ plan_id: PARTNER_COURSE.planId, recipient_email: member.email, deliver_on: "2027-04-01" });
    const change = await tokenMailedTo(db(), "rose@example.com", "gift_receipt");
    const seen = await post("/reactapi/gifts/as-giver", { token: change });
    expect(seen.json()).toMatchObject({ plan_name: "Partner Course", deliver_on: "2027-04-01", status: "paid", months: null });
    const past = await post("/reactapi/gifts/change", {
      token: change,
      recipient_email: member.email,
      message: "x",
      deliver_on: "2027-03-01",
    });
    expect(past.statusCode).toBe(400);
    const moved = await post("/reactapi/gifts/change", {
      token: change,
      recipient_email: member.email,
      message: "Sooner, for the shower",
      deliver_on: "2027-03-12",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    clock.set(new Date("2027-03-12T08:00:00Z"));
    await runDeliveries();
    const [mail] = await mails(member.email, "gift_delivered");
    expect(mail!.text).toContain("Sooner, for the shower");
    const token = await tokenMailedTo(db(), member.email, "gift_delivered");
    expect((await post("/reactapi/gifts/redeem", { token })).statusCode).toBe(401);
    const opened = await post("/reactapi/gifts/redeem", { token }, member.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ plan_name: "Partner Course", course_ids: PARTNER_COURSE.courseIds, open_until: null });
    const access = (await post("/reactapi/getuseraccessdata", {}, member.cookie)).json();
    expect(access.accessible_course_ids).toEqual(expect.arrayContaining(PARTNER_COURSE.courseIds));
    expect((await post("/reactapi/gifts/redeem", { token: "x".repeat(30) }, member.cookie)).statusCode).toBe(404);
  });

  it("forgets a checkout Stripe says expired unpaid; the studio lists gifts, resends and refunds, and only the studio", async () => {
    clock.set(START);
    const unpaid = await give({ plan_id: PARTNER_COURSE.planId, recipient_email: uniqueEmail("gift-unpaid"), deliver_on: "2027-03-12" });
    const session = sessionOf(unpaid.json().url);
    expect(
      (
        await deliver(
          stripeEvent("checkout.session.expired", { object: "checkout.session", ...session, status: "expired", payment_status: "unpaid" }),
        )
      ).statusCode,
    ).toBe(200);

    const recipient = uniqueEmail("gift-studio");
    const paid = await paidGift({ plan_id: PARTNER_COURSE.planId, recipient_email: recipient, deliver_on: "2027-03-10" });
    // For today: mailed with the payment, without waiting for the timed work.
    expect(await mails(recipient, "gift_delivered")).toHaveLength(1);

    const member = await signedInMember(app(), "gift-nosy");
    expect((await app().inject({ url: "/reactapi/studio/gifts" })).statusCode).toBe(401);
    expect((await app().inject({ url: "/reactapi/studio/gifts", headers: { cookie: member.cookie } })).statusCode).toBe(403);
    const listed = (await app().inject({ url: "/reactapi/studio/gifts", headers: { cookie: instructor } })).json().gifts as {
      id: number;
      recipient_email: string;
      status: string;
    }[];
    expect(listed.some((gift) => gift.recipient_email === session.customer_email)).toBe(false);
    const gift = listed.find((row) => row.recipient_email === recipient)!;
    expect(gift.status).toBe("delivered");

    const first = await tokenMailedTo(db(), recipient, "gift_delivered");
    expect((await post(`/reactapi/studio/gifts/${gift.id}/resend`, {}, member.cookie)).statusCode).toBe(403);
    expect((await post(`/reactapi/studio/gifts/${gift.id}/resend`, {}, instructor)).statusCode).toBe(200);
    const second = await tokenMailedTo(db(), recipient, "gift_delivered");
    expect(second).not.toBe(first);
    expect((await register(app(), { email: recipient, password: GOOD_PASSWORD, gift_token: first })).statusCode).toBe(404);

    const refunded = await post(`/reactapi/studio/gifts/${gift.id}/refund`, {}, instructor);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(standIn.refunds.find((refund) => refund.payment_intent === `pi_gift_${paid.id}`)).toBeDefined();
    expect((await post(`/reactapi/studio/gifts/${gift.id}/refund`, {}, instructor)).statusCode).toBe(409);
    expect((await register(app(), { email: recipient, password: GOOD_PASSWORD, gift_token: second })).statusCode).toBe(404);
  });

  it("keeps a gift as a payment when giver and recipient leave, without their names, addresses or message; a waiting gift is not resent", async () => {
    clock.set(START);
    const giver = await signedInMember(app(), "gift-leaving-giver");
    const recipient = await signedInMember(app(), "gift-leaving-recipient");
    await paidGift({
      plan_id: PARTNER_COURSE.planId,
      recipient_email: recipient.email,
      giver_email: giver.email,
      deliver_on: "2027-03-10",
    });
    await paidGift({
      plan_id: PARTNER_COURSE.planId,
      recipient_email: uniqueEmail("gift-later"),
      giver_email: giver.email,
      deliver_on: "2027-04-01",
    });
    const studio = async () =>
      (await app().inject({ url: "/reactapi/studio/gifts", headers: { cookie: instructor } })).json().gifts as {
        id: number;
        giver_email: string;
        giver_name: string;
        recipient_email: string;
        recipient_name: string;
        deliver_on: string;
        status: string;
      }[];
    const later = (await studio()).find((gift) => gift.deliver_on === "2027-04-01" && gift.giver_email === giver.email)!;
    const early = await post(`/reactapi/studio/gifts/${later.id}/resend`, {}, instructor);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("This gift waits for its day: it goes then.");

    const token = await tokenMailedTo(db(), recipient.email, "gift_delivered");
    expect((await post("/reactapi/gifts/redeem", { token }, recipient.cookie)).statusCode).toBe(200);
    const exported = async (cookie: string) => (await app().inject({ url: "/reactapi/account/export", headers: { cookie } })).json().gifts;
    expect((await exported(giver.cookie)).given).toHaveLength(2);
    expect((await exported(recipient.cookie)).received).toEqual([expect.objectContaining({ plan: "Partner Course", status: "opened" })]);

    for (const leaving of [giver, recipient]) {
      expect((await post("/reactapi/account/delete", { password: GOOD_PASSWORD }, leaving.cookie)).statusCode).toBe(200);
    }
    const after = await studio();
    // The payment stays, the giver's name and address do not.
    expect(after.find((gift) => gift.id === later.id)).toMatchObject({ giver_name: "", giver_email: "", status: "paid" });
    expect(JSON.stringify(after)).not.toContain(giver.email);
    expect(JSON.stringify(after)).not.toContain(recipient.email);
  });

  it("stops a gift's link when it is refunded whole in Stripe's dashboard, and keeps it for a part refund", async () => {
    clock.set(START);
    const recipient = uniqueEmail("gift-dashboard");
    const paid = await paidGift({ plan_id: PARTNER_COURSE.planId, recipient_email: recipient, deliver_on: "2027-03-10" });
    const link = await tokenMailedTo(db(), recipient, "gift_delivered");
    expect((await deliver(chargeRefunded(`pi_gift_${paid.id}`, 1000, "usd", false))).statusCode).toBe(200);
    const studio = async () =>
      (
        (await app().inject({ url: "/reactapi/studio/gifts", headers: { cookie: instructor } })).json().gifts as {
          recipient_email: string;
          status: string;
        }[]
      ).find((gift) => gift.recipient_email === recipient)!.status;
    expect(await studio()).toBe("delivered");
    expect((await deliver(chargeRefunded(`pi_gift_${paid.id}`, 4900, "usd"))).statusCode).toBe(200);
    expect(await studio()).toBe("refunded");
    const refused = await register(app(), { email: recipient, password: GOOD_PASSWORD, gift_token: link });
    expect(refused.statusCode).toBe(404);
  });
});

describe("a visitor's payment pages, a few an hour from one address (BOOKINGS_PER_HOUR)", () => {
  const clock = movableClock(START);
  const { post } = useStripeApp("pglite", clock, { BOOKINGS_PER_HOUR: "2" });
  const give = () =>
    post("/reactapi/gifts/checkout", {
      plan_id: PARTNER_COURSE.planId,
      recipient_name: "Ana",
      recipient_email: uniqueEmail("gift-limit"),
      message: "",
      deliver_on: "2027-03-20",
      giver_name: "Rose",
      giver_email: "rose@example.com",
    });

  it("opens two gift checkouts, refuses the third with a sentence and when to try again, and opens more an hour later", async () => {
    expect((await give()).statusCode).toBe(200);
    expect((await give()).statusCode).toBe(200);
    const refused = await give();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toContain("Several payment pages have been opened from here in the last hour.");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    clock.advance(61 * 60_000);
    expect((await give()).statusCode).toBe(200);
  });
});
