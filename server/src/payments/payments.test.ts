import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { importCatalogue } from "../catalogue/catalogue-transfer.ts";
import { executeCommand } from "../cli/admin-commands.ts";
import { courses } from "../catalogue/catalogue-schema.ts";
import { earlyClosures, purchasePayments, stripeEvents } from "./payments-schema.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { forgetOldStripeRecords } from "./purchases-repository.ts";
import {
  backends,
  createTestApp,
  demoCatalogue,
  jsonHeaders,
  logInto,
  postgresMissingNotice,
  signedInInstructor,
  signedInMember,
  type TestApp,
  useTestApp,
} from "../../../testing/test-app.ts";
import {
  chargeRefunded,
  checkoutCompleted,
  invoicePaid,
  signedDelivery,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  standInEnvironment,
  startStripeStandIn,
  stripeEvent,
  type StripeStandIn,
  subscriptionDeleted,
  type TestEvent,
} from "../../../testing/stripe-stand-in.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

const MEMBERSHIP = { planId: 1, courses: [3, 4], price: 1900 }; // monthly, USD
const PARTNER_COURSE = { planId: 2, courses: [3], price: 4900 }; // once, USD
const PUBLIC_URL = "https://courses.example";

describe.each(backends)("payments with Stripe on %s", (backend) => {
  let standIn: StripeStandIn;
  let context: TestApp;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const stream = logInto(logLines);
    context = await createTestApp(backend, {
      environment: { ...standInEnvironment(standIn), PUBLIC_URL },
      logger: { level: "debug", stream },
    });
    context.app.addHook("onSend", async (_request, _reply, payload) => {
      if (typeof payload === "string") answers.push(payload);
      return payload;
    });
  });
  afterAll(async () => {
    await context.close();
    await standIn.close();
  });
  beforeEach(() => standIn.failWith(null));

  const app = () => context.app;
  const db = () => context.database.db;
  const startCheckout = (cookie: string, payload: Record<string, unknown>) =>
    app().inject({ method: "POST", url: "/reactapi/payments/checkout", headers: { ...jsonHeaders, cookie }, payload });
  const deliver = (event: TestEvent, secret = STAND_IN_WEBHOOK_SECRET) => {
    const { payload, headers } = signedDelivery(event, secret);
    return app().inject({ method: "POST", url: "/reactapi/stripe/webhook", headers, payload });
  };
  const accessOf = async (cookie: string) => {
    const list = (await app().inject({ url: "/reactapi/getcourses", headers: { cookie } })).json();
    return Object.fromEntries(
      list.courses.map((course: { id: number; course_access: string }) => [course.id, course.course_access === "true"]),
    );
  };
  const openCourses = async (cookie: string) =>
    Object.entries(await accessOf(cookie))
      .filter(([, open]) => open)
      .map(([id]) => Number(id));
  const statusOf = (cookie: string, sessionId: string) =>
    app().inject({ url: `/reactapi/payments/checkout/${sessionId}`, headers: { cookie } });

  /** A new member who has started a checkout for the plan; the session as Stripe recorded it. */
  async function memberAtCheckout(plan: { planId: number; courses: number[] }, prefix = "buyer") {
    const member = await signedInMember(app(), prefix);
    const response = await startCheckout(member.cookie, { plan_id: plan.planId, course_id: plan.courses.at(-1) });
    expect(response.statusCode, response.body).toBe(200);
    const sessionId = new URL(response.json().url).pathname.split("/").pop()!;
    return { ...member, session: standIn.sessions.get(sessionId)! };
  }

  describe("checkout", () => {
    it("creates a Checkout Session with the plan's price, currency and mode, the member's e-mail and the site's URLs", async () => {
      const before = standIn.requests.length;
      const member = await signedInMember(app(), "checkout");
      const response = await startCheckout(member.cookie, { plan_id: MEMBERSHIP.planId, course_id: 4 });
      expect(response.statusCode).toBe(200);
      expect(response.json().url).toMatch(new RegExp(`^${standIn.url}/pay/cs_test_`));

      const [sent] = standIn.requests.slice(before);
      expect(sent!.path).toBe("/v1/checkout/sessions");
      expect(sent!.authorization).toBe(`Bearer ${STAND_IN_SECRET_KEY}`);
      expect(sent!.form).toMatchObject({
        mode: "subscription",
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][unit_amount]": "1900",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][recurring][interval]": "month",
        "line_items[0][price_data][product_data][name]": "Full Membership",
        customer_email: member.email,
        "metadata[plan_id]": "1",
        "subscription_data[metadata][plan_id]": "1",
        success_url: `${PUBLIC_URL}/purchase/success?course=4&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/purchase?course=4&checkout=cancelled`,
      });
      expect(sent!.form["metadata[member_id]"]).toMatch(/^\d+$/);
    });

    it("uses mode payment for a one-time plan", async () => {
      const { session } = await memberAtCheckout(PARTNER_COURSE);
      expect(session.mode).toBe("payment");
      expect(session.amount_total).toBe(4900);
      const sent = standIn.requests.at(-1)!;
      expect(sent.form["line_items[0][price_data][recurring][interval]"]).toBeUndefined();
      expect(sent.form.customer_creation).toBe("always");
    });

    it("ignores a price, an amount or a currency sent by the browser", async () => {
      const member = await signedInMember(app(), "haggler");
      const response = await startCheckout(member.cookie, {
        plan_id: PARTNER_COURSE.planId,
        price: 1,
        amount: 1,
        unit_amount: 1,
        currency: "eur",
      });
      expect(response.statusCode).toBe(200);
      const sent = standIn.requests.at(-1)!;
      expect(sent.form["line_items[0][price_data][unit_amount]"]).toBe("4900");
      expect(sent.form["line_items[0][price_data][currency]"]).toBe("usd");
    });

    it("tells a member who already has every course of the plan instead of charging twice", async () => {
      const member = await signedInMember(app(), "owner");
      await executeCommand(db(), context.app.mediaStorage, { name: "course grant", email: member.email, courseId: 3 });
      const before = standIn.requests.length;
      const response = await startCheckout(member.cookie, { plan_id: PARTNER_COURSE.planId });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe("You already have every course of this plan, so there is nothing to pay for.");
      expect(standIn.requests.length).toBe(before);
      // A plan with one course she lacks is still for sale.
      expect((await startCheckout(member.cookie, { plan_id: MEMBERSHIP.planId })).statusCode).toBe(200);
    });

    it.each([
      [{}, 400, "plan_id"],
      [{ plan_id: "1" }, 400, "plan_id"],
      [{ plan_id: 1.5 }, 400, "plan_id"],
      [{ plan_id: 99 }, 404, null],
    ])("refuses the checkout request %j with %i", async (payload, status, field) => {
      const member = await signedInMember(app(), "typo");
      const response = await startCheckout(member.cookie, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toEqual(expect.any(String));
      if (field) expect(response.json().details[field]).toEqual(expect.any(String));
    });

    it("asks a visitor to sign in", async () => {
      const response = await app().inject({
        method: "POST",
        url: "/reactapi/payments/checkout",
        headers: jsonHeaders,
        payload: { plan_id: 1 },
      });
      expect(response.statusCode).toBe(401);
    });

    it("answers 503 with Retry-After and a sentence when Stripe does not answer, and records nothing", async () => {
      const member = await signedInMember(app(), "outage");
      standIn.failWith({ status: 500, message: "Stripe is having a bad day" });
      const response = await startCheckout(member.cookie, { plan_id: MEMBERSHIP.planId });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("60");
      expect(response.json().error).toContain("Nothing was charged");
      const mine = await app().inject({ url: "/reactapi/payments/mine", headers: { cookie: member.cookie } });
      expect(mine.json().purchases).toEqual([]);
    });

    it("reports a checkout's state only to the member who started it", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE);
      const own = await statusOf(buyer.cookie, buyer.session.id);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ status: "pending", plan_name: "Partner Course", course_ids: [3], courses_open: false });
      const stranger = await signedInMember(app(), "stranger");
      expect((await statusOf(stranger.cookie, buyer.session.id)).statusCode).toBe(404);
      expect((await statusOf(stranger.cookie, "not-a-session")).statusCode).toBe(400);
    });
  });

  describe("webhook", () => {
    it("opens the plan's courses when a checkout is paid, and the success page sees them open", async () => {
      const buyer = await memberAtCheckout(MEMBERSHIP);
      expect(await openCourses(buyer.cookie)).toEqual([1, 2]);
      const response = await deliver(checkoutCompleted(buyer.session));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
      expect(await openCourses(buyer.cookie)).toEqual([1, 2, 3, 4]);
      expect((await statusOf(buyer.cookie, buyer.session.id)).json()).toMatchObject({ status: "paid", courses_open: true });
      const lesson = await app().inject({
        method: "POST",
        url: "/reactapi/getcoursemodules",
        headers: { ...jsonHeaders, cookie: buyer.cookie },
        payload: { query: 4 },
      });
      expect(lesson.json().every((module: { lessons: { locked: boolean }[] }) => module.lessons.every((entry) => !entry.locked))).toBe(
        true,
      );
      // The receipt was written with the grants; a replay of the event writes no second one.
      const receipts = async () =>
        (await context.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, buyer.email))).filter(
          (mail) => mail.kind === "purchase_receipt",
        );
      const [receipt] = await receipts();
      expect(receipt!.subject).toMatch(/^Your receipt: /);
      expect(receipt!.textBody).toMatch(/We received \S+ for .+, and its courses are open in your library now\./);
      await deliver(checkoutCompleted(buyer.session));
      expect(await receipts()).toHaveLength(1);
    });

    it("writes the receipt in the buyer's language, else in the site's", async () => {
      const admin = await signedInInstructor(app(), db(), "receipt-admin");
      const siteLanguage = (language: string) =>
        app().inject({
          method: "POST",
          url: "/reactapi/studio/site/language",
          headers: { ...jsonHeaders, cookie: admin.cookie },
          payload: { language },
        });
      expect((await siteLanguage("es")).statusCode).toBe(200);
      try {
        const receiptTo = async (email: string) =>
          (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).find((mail) => mail.kind === "purchase_receipt");
        // She never chose a language: the site's.
        const withoutChoice = await memberAtCheckout(MEMBERSHIP, "receipt-site");
        expect((await deliver(checkoutCompleted(withoutChoice.session))).statusCode).toBe(200);
        expect((await receiptTo(withoutChoice.email))!.subject).toMatch(/^Tu recibo: /);
        // She chose English: hers, whatever the site's.
        const english = await memberAtCheckout(MEMBERSHIP, "receipt-own");
        const chosen = await app().inject({
          method: "POST",
          url: "/reactapi/account/language",
          headers: { ...jsonHeaders, cookie: english.cookie },
          payload: { language: "en" },
        });
        expect(chosen.statusCode).toBe(200);
        expect((await deliver(checkoutCompleted(english.session))).statusCode).toBe(200);
        expect((await receiptTo(english.email))!.subject).toMatch(/^Your receipt: /);
      } finally {
        expect((await siteLanguage("en")).statusCode).toBe(200);
      }
    });

    it.each([
      ["a signature made with another secret", (event: TestEvent) => signedDelivery(event, "whsec_someoneElsesSecret")],
      [
        "a body changed after signing",
        (event: TestEvent) => {
          const delivery = signedDelivery(event);
          return { ...delivery, payload: delivery.payload.replace('"paid"', '"paid" ') };
        },
      ],
      ["no signature", (event: TestEvent) => ({ payload: JSON.stringify(event), headers: { "content-type": "application/json" } })],
      [
        "a signature from long ago",
        (event: TestEvent) => {
          const payload = JSON.stringify(event);
          const header = `t=${Math.floor(Date.now() / 1000) - 3600},v1=${"0".repeat(64)}`;
          return { payload, headers: { "content-type": "application/json", "stripe-signature": header } };
        },
      ],
    ])("refuses %s with 400 and changes nothing", async (_what, sign) => {
      const buyer = await memberAtCheckout(MEMBERSHIP);
      const { payload, headers } = sign(checkoutCompleted(buyer.session));
      const response = await app().inject({ method: "POST", url: "/reactapi/stripe/webhook", headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
      expect(await openCourses(buyer.cookie)).toEqual([1, 2]);
      expect((await statusOf(buyer.cookie, buyer.session.id)).json().status).toBe("pending");
    });

    it("applies a replayed or duplicated event once, even when the copies arrive together", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE);
      const paid = checkoutCompleted(buyer.session);
      const answers = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      // Refunded, then the old checkout event is delivered again: it must not reopen the course.
      expect((await deliver(chargeRefunded(buyer.session.payment_intent!, 4900, "usd"))).statusCode).toBe(200);
      expect((await deliver(paid)).statusCode).toBe(200);
      expect(await openCourses(buyer.cookie)).toEqual([1, 2]);
      const report = await executeCommand(db(), context.app.mediaStorage, { name: "purchases list" });
      const months = (report.data as { months: { currency: string; payments: number; refunds: number; netMinor: number }[] }).months;
      const purchasesOfBuyer = (report.data as { purchases: { memberEmail: string; status: string }[] }).purchases.filter(
        (row) => row.memberEmail === buyer.email,
      );
      expect(purchasesOfBuyer).toEqual([expect.objectContaining({ status: "refunded" })]);
      expect(months.length).toBeGreaterThan(0);
      const stored = await context.database.db.select().from(stripeEvents);
      expect(stored.filter((row) => row.id === paid.id)).toHaveLength(1);
    });

    it("does not let a replayed older refund event undo a later one", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE, "refunds");
      await deliver(checkoutCompleted(buyer.session));
      const first = chargeRefunded(buyer.session.payment_intent!, 1000, "usd", false);
      await deliver(first);
      await deliver(chargeRefunded(buyer.session.payment_intent!, 1500, "usd", false));
      expect((await deliver(first)).statusCode).toBe(200);
      const refund = (
        await context.database.db
          .select()
          .from(purchasePayments)
          .where(eq(purchasePayments.stripeObjectId, `refund:${buyer.session.payment_intent}`))
      )[0];
      expect(refund?.amountMinor).toBe(-1500);
    });

    it("ends with the courses closed when the cancellation arrives before its checkout", async () => {
      const buyer = await memberAtCheckout(MEMBERSHIP);
      const ended = new Date(Date.now() - 1000);
      expect((await deliver(subscriptionDeleted(buyer.session.subscription!, ended))).statusCode).toBe(200);
      expect((await deliver(invoicePaid(buyer.session.subscription!, 1900, "usd", buyer.session.invoice!))).statusCode).toBe(200);
      expect((await deliver(checkoutCompleted(buyer.session))).statusCode).toBe(200);
      expect(await openCourses(buyer.cookie)).toEqual([1, 2]);
      expect((await statusOf(buyer.cookie, buyer.session.id)).json()).toMatchObject({ status: "canceled", courses_open: false });
    });

    it("keeps a cancelled subscription's courses open until its paid period ends", async () => {
      const buyer = await memberAtCheckout(MEMBERSHIP);
      await deliver(checkoutCompleted(buyer.session));
      const periodEnd = new Date(Date.now() + 2_000);
      expect((await deliver(subscriptionDeleted(buyer.session.subscription!, periodEnd))).statusCode).toBe(200);
      expect(await openCourses(buyer.cookie)).toEqual([1, 2, 3, 4]);
      await new Promise((resolve) => setTimeout(resolve, periodEnd.getTime() - Date.now() + 200));
      expect(await openCourses(buyer.cookie)).toEqual([1, 2]);
    });

    it("counts each renewal invoice once and keeps the subscription's courses open", async () => {
      const buyer = await memberAtCheckout(MEMBERSHIP);
      await deliver(invoicePaid(buyer.session.subscription!, 1900, "usd", buyer.session.invoice!));
      await deliver(checkoutCompleted(buyer.session));
      const renewal = invoicePaid(buyer.session.subscription!, 1900, "usd");
      await deliver(renewal);
      await deliver({ ...renewal, id: `${renewal.id}_again` });
      expect(await openCourses(buyer.cookie)).toEqual([1, 2, 3, 4]);
      const payments = await context.database.db.select().from(purchasePayments);
      const purchaseId = payments.find((payment) => payment.stripeObjectId === buyer.session.invoice)!.purchaseId;
      expect(payments.filter((payment) => payment.purchaseId === purchaseId).map((payment) => payment.amountMinor)).toEqual([1900, 1900]);
    });

    it("closes a one-time purchase's course on a full refund, and keeps it open on a partial one", async () => {
      const partly = await memberAtCheckout(PARTNER_COURSE, "partly");
      await deliver(checkoutCompleted(partly.session));
      await deliver(chargeRefunded(partly.session.payment_intent!, 1000, "usd", false));
      expect(await openCourses(partly.cookie)).toEqual([1, 2, 3]);

      const fully = await memberAtCheckout(PARTNER_COURSE, "fully");
      await deliver(checkoutCompleted(fully.session));
      expect(await openCourses(fully.cookie)).toEqual([1, 2, 3]);
      await deliver(chargeRefunded(fully.session.payment_intent!, 4900, "usd"));
      expect(await openCourses(fully.cookie)).toEqual([1, 2]);
      expect((await statusOf(fully.cookie, fully.session.id)).json().status).toBe("refunded");
    });

    it("ends with the course closed when the refund arrives before its checkout", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE);
      await deliver(chargeRefunded(buyer.session.payment_intent!, 4900, "usd"));
      await deliver(checkoutCompleted(buyer.session));
      expect(await openCourses(buyer.cookie)).toEqual([1, 2]);
    });

    it("opens nothing when the amount or currency paid differs from the plan's, and logs an error", async () => {
      const cheap = await memberAtCheckout(PARTNER_COURSE, "cheap");
      expect((await deliver(checkoutCompleted(cheap.session, { amount_total: 100 }))).statusCode).toBe(200);
      const foreign = await memberAtCheckout(PARTNER_COURSE, "foreign");
      expect((await deliver(checkoutCompleted(foreign.session, { currency: "eur" }))).statusCode).toBe(200);
      expect(await openCourses(cheap.cookie)).toEqual([1, 2]);
      expect(await openCourses(foreign.cookie)).toEqual([1, 2]);
      expect((await statusOf(cheap.cookie, cheap.session.id)).json().status).toBe("amount_mismatch");
      const errors = logLines
        .map((line) => JSON.parse(line))
        .filter((line) => line.level >= 50 && /amount or currency other than the plan/.test(line.msg));
      expect(errors.map((line) => line.received)).toEqual(expect.arrayContaining(["100 USD", "4900 EUR"]));
    });

    it("waits for an asynchronous payment before opening anything", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE);
      await deliver(checkoutCompleted(buyer.session, { payment_status: "unpaid" }));
      expect(await openCourses(buyer.cookie)).toEqual([1, 2]);
      await deliver({ ...checkoutCompleted(buyer.session), type: "checkout.session.async_payment_succeeded" });
      expect(await openCourses(buyer.cookie)).toEqual([1, 2, 3]);
    });

    it("accepts a renewal after one of the plan's courses was deleted from the catalogue", async () => {
      const buyer = await memberAtCheckout(MEMBERSHIP, "renewal");
      await deliver(checkoutCompleted(buyer.session));
      await context.database.db.delete(courses).where(eq(courses.id, 4));
      const renewal = await deliver(invoicePaid(buyer.session.subscription!, 1900, "usd"));
      expect(renewal.statusCode).toBe(200);
      await importCatalogue(context.database.db, demoCatalogue, context.app.mediaStorage);
    });

    it("forgets handled events and unclaimed closures after a month, and keeps recent ones", async () => {
      const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
      await context.database.db.insert(stripeEvents).values([
        { id: "evt_test_old", type: "invoice.paid", createdAt: old },
        { id: "evt_test_recent", type: "invoice.paid" },
      ]);
      await context.database.db
        .insert(earlyClosures)
        .values({ stripeObjectId: "pi_test_old", kind: "refunded", endsAt: old, createdAt: old });
      await forgetOldStripeRecords(context.database.db);
      const ids = (await context.database.db.select().from(stripeEvents)).map((row) => row.id);
      expect(ids).toContain("evt_test_recent");
      expect(ids).not.toContain("evt_test_old");
      expect(await context.database.db.select().from(earlyClosures).where(eq(earlyClosures.stripeObjectId, "pi_test_old"))).toEqual([]);
    });

    it("answers 200 to an event type it does not handle, and ignores it", async () => {
      const response = await deliver(stripeEvent("customer.created", { id: "cus_test_1", object: "customer" }));
      expect(response.statusCode).toBe(200);
      expect(await context.database.db.select().from(stripeEvents)).not.toContainEqual(
        expect.objectContaining({ type: "customer.created" }),
      );
    });

    it("refuses with 400, applying nothing, an event of a known type whose object it cannot read", async () => {
      const response = await deliver(stripeEvent("charge.refunded", { id: "ch_test_1", object: "charge" }));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    });
  });

  describe("grants remember where they came from", () => {
    it("a refund never removes the course the instructor opened by hand", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE, "both");
      await deliver(checkoutCompleted(buyer.session));
      await executeCommand(db(), context.app.mediaStorage, { name: "course grant", email: buyer.email, courseId: 3 });
      await deliver(chargeRefunded(buyer.session.payment_intent!, 4900, "usd"));
      expect(await openCourses(buyer.cookie)).toEqual([1, 2, 3]);
      const access = await app().inject({
        method: "POST",
        url: "/reactapi/getuseraccessdata",
        headers: { ...jsonHeaders, cookie: buyer.cookie },
        payload: {},
      });
      expect(access.json().grants).toEqual([{ course_id: 3, source: "instructor", granted_at: expect.any(String), ends_at: null }]);
    });

    it("revoking by hand leaves a paid course open and says so", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE, "paid");
      await deliver(checkoutCompleted(buyer.session));
      await executeCommand(db(), context.app.mediaStorage, { name: "course grant", email: buyer.email, courseId: 3 });
      const result = await executeCommand(db(), context.app.mediaStorage, { name: "course revoke", email: buyer.email, courseId: 3 });
      expect(result.text).toContain(`${buyer.email} no longer has a grant from you`);
      expect(result.text).toMatch(/still open it through purchase #\d+ \(Partner Course\)/);
      expect(await openCourses(buyer.cookie)).toEqual([1, 2, 3]);
    });
  });

  describe("the member's purchases and billing", () => {
    it("lists her purchases and opens the billing portal once she has paid", async () => {
      const buyer = await memberAtCheckout(MEMBERSHIP, "portal");
      const before = await app().inject({
        method: "POST",
        url: "/reactapi/payments/portal",
        headers: { ...jsonHeaders, cookie: buyer.cookie },
        payload: {},
      });
      expect(before.statusCode).toBe(404);
      expect((await app().inject({ url: "/reactapi/payments/mine", headers: { cookie: buyer.cookie } })).json()).toEqual({
        purchases: [],
        can_manage_billing: false,
      });

      await deliver(checkoutCompleted(buyer.session));
      const mine = (await app().inject({ url: "/reactapi/payments/mine", headers: { cookie: buyer.cookie } })).json();
      expect(mine).toEqual({
        purchases: [
          {
            id: expect.any(Number),
            plan_name: "Full Membership",
            mode: "subscription",
            amount: 1900,
            currency: "USD",
            status: "paid",
            created_at: expect.any(String),
          },
        ],
        can_manage_billing: true,
      });
      const portal = await app().inject({
        method: "POST",
        url: "/reactapi/payments/portal",
        headers: { ...jsonHeaders, cookie: buyer.cookie },
        payload: {},
      });
      expect(portal.statusCode).toBe(200);
      expect(portal.json().url).toBe(`${standIn.url}/portal/${buyer.session.customer}`);
      expect(standIn.requests.at(-1)!.form).toEqual({ customer: buyer.session.customer, return_url: `${PUBLIC_URL}/library` });
      // Her next checkout reuses her Stripe customer instead of making another.
      const next = await startCheckout(buyer.cookie, { plan_id: PARTNER_COURSE.planId });
      expect(next.statusCode).toBe(409);
    });

    it("shows the instructor every purchase and the revenue by month", async () => {
      const buyer = await memberAtCheckout(PARTNER_COURSE, "ledger");
      await deliver(checkoutCompleted(buyer.session));
      const report = await executeCommand(db(), context.app.mediaStorage, { name: "purchases list" });
      expect(report.text).toMatch(
        new RegExp(`\\d+\\s+\\d{4}-\\d{2}-\\d{2}\\s+${buyer.email.replace(/[.+]/g, "\\$&")}\\s+Partner Course\\s+49\\.00 USD\\s+paid`),
      );
      expect(report.text).toContain("Revenue by month (refunds subtracted):");
      expect(report.text).toMatch(new RegExp(`${new Date().toISOString().slice(0, 7)}\\s+USD\\s+\\d+\\s+\\d+\\s+\\d+\\.\\d{2} USD`));
    });
  });

  it("an admin already opens every course, so checkout tells her so", async () => {
    const admin = await signedInInstructor(app(), db(), "admin");
    expect((await startCheckout(admin.cookie, { plan_id: MEMBERSHIP.planId })).statusCode).toBe(409);
  });

  it("never writes the secret key or the webhook secret into a log line or an answer", async () => {
    // Stripe's own error for a bad key repeats part of it; a stand-in that repeats all of it tests the worst case.
    standIn.failWith({ status: 401, message: `Invalid API Key provided: ${STAND_IN_SECRET_KEY}` });
    const member = await signedInMember(app(), "secrets");
    expect((await startCheckout(member.cookie, { plan_id: MEMBERSHIP.planId })).statusCode).toBe(503);
    standIn.failWith(null);
    await deliver(checkoutCompleted((await memberAtCheckout(MEMBERSHIP)).session), "whsec_wrong");
    const everything = [...logLines, ...answers].join("\n");
    expect(logLines.length).toBeGreaterThan(10);
    expect(everything).toContain("Stripe refused or did not answer");
    expect(everything).not.toContain(STAND_IN_SECRET_KEY);
    expect(everything).not.toContain(STAND_IN_WEBHOOK_SECRET);
    expect(everything).not.toMatch(/standInSecretKey|standInWebhookSecret/);
  });
});

describe("payments when Stripe is not configured", () => {
  const context = useTestApp("pglite");

  it("says online payment is not set up, and the site details say so too", async () => {
    const member = await signedInMember(context.app, "unconfigured");
    const checkout = await context.app.inject({
      method: "POST",
      url: "/reactapi/payments/checkout",
      headers: { ...jsonHeaders, cookie: member.cookie },
      payload: { plan_id: 1 },
    });
    expect(checkout.statusCode).toBe(404);
    expect(checkout.json().error).toContain("Online payment is not set up");
    const webhook = await context.app.inject({
      method: "POST",
      url: "/reactapi/stripe/webhook",
      ...signedDelivery(stripeEvent("invoice.paid", {})),
    });
    expect(webhook.statusCode).toBe(404);
    expect((await context.app.inject({ url: "/reactapi/site" })).json().online_payment).toBe(false);
  });
});
