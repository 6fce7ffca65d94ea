import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { importCatalogue } from "../catalogue/catalogue-transfer.ts";
import { movableClock } from "../lib/clock.ts";
import { takeOnClient } from "../../../testing/care-clients.ts";
import {
  backends,
  createTestApp,
  demoCatalogue,
  jsonHeaders,
  postgresMissingNotice,
  signedInInstructor,
  signedInMember,
  type TestApp,
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

// Codes (docs/gifts.md): the server computes the price Checkout charges; a use is held while a
// checkout is under way and given back when it expires unpaid; the last use is taken once.

const MEMBERSHIP = { planId: 1, price: 1900 }; // monthly, USD, in the demo catalogue
const PARTNER_COURSE = { planId: 2, price: 4900 }; // once, USD
const START = new Date("2027-03-10T12:00:00Z");

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

const post = (app: FastifyInstance, url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: payload as object });
const checkout = (app: FastifyInstance, cookie: string, payload: Record<string, unknown>) =>
  post(app, "/reactapi/payments/checkout", payload, cookie);
const sessionOf = (url: string) => standIn.sessions.get(/cs_test_[a-f0-9]+/.exec(url)![0])!;

describe.each(backends)("codes on %s", (backend) => {
  let context: TestApp;
  let instructor: string;
  const clock = movableClock(START);
  beforeAll(async () => {
    context = await createTestApp(backend, {
      environment: { ...standInEnvironment(standIn), PUBLIC_URL: "https://courses.example" },
      clock,
    });
    instructor = (await signedInInstructor(context.app, context.database.db)).cookie;
  });
  afterAll(() => context.close());
  const app = () => context.app;
  const addCode = (body: Record<string, unknown>) => post(app(), "/reactapi/studio/codes", body, instructor);
  const deliver = (event: ReturnType<typeof stripeEvent>) => {
    const { payload, headers } = signedDelivery(event);
    return app().inject({ method: "POST", url: "/reactapi/stripe/webhook", headers, payload });
  };

  it("lets only the instructor add codes, and refuses a code that says too little or too much", async () => {
    const member = await signedInMember(app(), "code-member");
    expect((await post(app(), "/reactapi/studio/codes", { code: "NOPE" })).statusCode).toBe(401);
    expect((await post(app(), "/reactapi/studio/codes", { code: "NOPE" }, member.cookie)).statusCode).toBe(403);
    const both = await addCode({ code: "BOTH", percent_off: 10, amount_off: 500, plan_ids: [1] });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain("Give either a percentage off or an amount off.");
    const forNothing = await addCode({ code: "NOTHING", percent_off: 10 });
    expect(forNothing.body).toContain("Choose at least one plan, package or class the code is for.");
    expect((await addCode({ code: "x!", percent_off: 10, plan_ids: [1] })).body).toContain("A code is 3 to 32 letters, digits or dashes.");
    expect((await addCode({ code: "spring-25", percent_off: 20, plan_ids: [1, 2] })).statusCode).toBe(201);
    const again = await addCode({ code: "SPRING-25", percent_off: 5, plan_ids: [1] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("There is a code SPRING-25 already. Choose other letters.");
  });

  it("computes the price on the server: Checkout charges the reduced price and names the code on its line", async () => {
    await addCode({ code: "FIVE-OFF", amount_off: 500, plan_ids: [PARTNER_COURSE.planId] });
    const member = await signedInMember(app(), "code-buyer");
    const started = await checkout(app(), member.cookie, { plan_id: MEMBERSHIP.planId, code: "spring-25" });
    expect(started.statusCode, started.body).toBe(200);
    const form = standIn.requests.findLast((request) => request.path === "/v1/checkout/sessions")!.form;
    expect(form["line_items[0][price_data][unit_amount]"]).toBe(String(MEMBERSHIP.price - 380));
    expect(form["line_items[0][price_data][product_data][name]"]).toMatch(/SPRING-25: 20\s?% off/);
    expect(sessionOf(started.json().url).amount_total).toBe(1520);

    const amount = await checkout(app(), member.cookie, { plan_id: PARTNER_COURSE.planId, code: "five-off" });
    expect(sessionOf(amount.json().url).amount_total).toBe(PARTNER_COURSE.price - 500);
    // Paid at the reduced price: the purchase is paid (not an amount mismatch), and the use counted as paid.
    const session = sessionOf(amount.json().url);
    expect((await deliver(checkoutCompleted(session))).statusCode).toBe(200);
    const purchases = (await app().inject({ url: "/reactapi/payments/mine", headers: { cookie: member.cookie } })).json();
    expect(purchases.purchases.find((purchase: { amount: number }) => purchase.amount === 4400)).toMatchObject({ status: "paid" });
    const codes = (await app().inject({ url: "/reactapi/studio/codes", headers: { cookie: instructor } })).json().codes;
    expect(codes.find((code: { code: string }) => code.code === "FIVE-OFF")).toMatchObject({ used: 1, held: 0 });
    // The codes she used are in her data download.
    const download = (await app().inject({ url: "/reactapi/account/export", headers: { cookie: member.cookie } })).json();
    expect(download.codes_used.map((use: { code: string; paid_at: string | null }) => [use.code, use.paid_at !== null])).toEqual([
      ["SPRING-25", false],
      ["FIVE-OFF", true],
    ]);
    // A plan the code is not for is refused with the reason; no checkout is made.
    const before = standIn.sessions.size;
    const wrongPlan = await checkout(app(), member.cookie, { plan_id: MEMBERSHIP.planId, code: "FIVE-OFF" });
    expect(wrongPlan.statusCode).toBe(400);
    expect(wrongPlan.json().error).toBe("The code FIVE-OFF is not for this plan.");
    expect(standIn.sessions.size).toBe(before);
  });

  it("refuses an unknown code, one not yet begun, one that has ended, and a first-purchase code to a returning buyer", async () => {
    const member = await signedInMember(app(), "code-dates");
    const unknown = await checkout(app(), member.cookie, { plan_id: MEMBERSHIP.planId, code: "NO-SUCH" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("There is no code NO-SUCH. Please check its letters.");
    await addCode({ code: "LATER", percent_off: 10, plan_ids: [1], starts_on: "2027-03-11" });
    await addCode({ code: "ENDED", percent_off: 10, plan_ids: [1], ends_on: "2027-03-09" });
    expect((await checkout(app(), member.cookie, { plan_id: 1, code: "LATER" })).json().error).toBe(
      "The code LATER can be used from 2027-03-11.",
    );
    expect((await checkout(app(), member.cookie, { plan_id: 1, code: "ENDED" })).json().error).toBe("The code ENDED ended on 2027-03-09.");
    // Its last day counts whole (in the practice's zone, UTC here); the day after, it has ended.
    await addCode({ code: "TODAY", percent_off: 10, plan_ids: [1], ends_on: "2027-03-10" });
    expect((await checkout(app(), member.cookie, { plan_id: 1, code: "TODAY" })).statusCode).toBe(200);
    clock.set(new Date("2027-03-11T00:00:01Z"));
    expect((await checkout(app(), member.cookie, { plan_id: 1, code: "TODAY" })).json().error).toBe("The code TODAY ended on 2027-03-10.");
    expect((await checkout(app(), member.cookie, { plan_id: 1, code: "LATER" })).statusCode).toBe(200);
    clock.set(START);

    await addCode({ code: "WELCOME", percent_off: 15, plan_ids: [1, 2], first_purchase_only: true });
    const newcomer = await signedInMember(app(), "code-newcomer");
    expect((await checkout(app(), newcomer.cookie, { plan_id: 1, code: "WELCOME" })).statusCode).toBe(200);
    const returning = await signedInMember(app(), "code-returning");
    const paid = await checkout(app(), returning.cookie, { plan_id: PARTNER_COURSE.planId });
    await deliver(checkoutCompleted(sessionOf(paid.json().url)));
    expect((await checkout(app(), returning.cookie, { plan_id: 1, code: "WELCOME" })).json().error).toBe(
      "The code WELCOME is for a first purchase, and you have bought here before.",
    );
  });

  it("holds a use while a checkout is under way and gives it back when Stripe says it expired unpaid", async () => {
    await addCode({ code: "ONE-LEFT", percent_off: 50, plan_ids: [1], max_uses: 1 });
    const [first, second] = [await signedInMember(app(), "code-first"), await signedInMember(app(), "code-second")];
    const held = await checkout(app(), first.cookie, { plan_id: 1, code: "one-left" });
    expect(held.statusCode).toBe(200);
    const usedUp = await checkout(app(), second.cookie, { plan_id: 1, code: "ONE-LEFT" });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().error).toBe("The code ONE-LEFT has been used as many times as it could be.");
    const session = sessionOf(held.json().url);
    const expired = stripeEvent("checkout.session.expired", {
      object: "checkout.session",
      ...session,
      status: "expired",
      payment_status: "unpaid",
    });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await checkout(app(), second.cookie, { plan_id: 1, code: "ONE-LEFT" })).statusCode).toBe(200);
  });

  it("holds at most two uses of a code for one member at once, each for a Checkout that lapses within 30 minutes", async () => {
    await addCode({ code: "TWO-AT-ONCE", percent_off: 10, plan_ids: [1, 2] });
    const member = await signedInMember(app(), "code-greedy");
    const first = await checkout(app(), member.cookie, { plan_id: 1, code: "TWO-AT-ONCE" });
    expect(first.statusCode, first.body).toBe(200);
    const created = standIn.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions").at(-1)!;
    expect(Number(created.form.expires_at)).toBe(Math.floor((clock.now().getTime() + 30 * 60_000) / 1000));
    expect((await checkout(app(), member.cookie, { plan_id: 2, code: "TWO-AT-ONCE" })).statusCode).toBe(200);
    const third = await checkout(app(), member.cookie, { plan_id: 1, code: "two-at-once" });
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toBe(
      "You have 2 payments with the code TWO-AT-ONCE under way already. Please finish one, or try again in half an hour, when unfinished ones lapse.",
    );
    // Another member is not held back by hers.
    expect(
      (await checkout(app(), (await signedInMember(app(), "code-other")).cookie, { plan_id: 1, code: "TWO-AT-ONCE" })).statusCode,
    ).toBe(200);
    // Her first Checkout lapses unpaid: its use comes back to the code, and she may start another.
    const lapsed = stripeEvent("checkout.session.expired", {
      object: "checkout.session",
      ...sessionOf(first.json().url),
      status: "expired",
      payment_status: "unpaid",
    });
    expect((await deliver(lapsed)).statusCode).toBe(200);
    expect((await checkout(app(), member.cookie, { plan_id: 1, code: "TWO-AT-ONCE" })).statusCode).toBe(200);
  });

  it("keeps the use while a bank debit is on its way, and gives it back when Stripe says the debit failed", async () => {
    await addCode({ code: "BANK-ONE", percent_off: 10, plan_ids: [1], max_uses: 1 });
    const [first, second] = [await signedInMember(app(), "code-bank-first"), await signedInMember(app(), "code-bank-second")];
    const session = sessionOf((await checkout(app(), first.cookie, { plan_id: 1, code: "BANK-ONE" })).json().url);
    // The checkout completes with the debit still on its way: the use stays held.
    expect((await deliver(checkoutCompleted(session, { payment_status: "unpaid" }))).statusCode).toBe(200);
    expect((await checkout(app(), second.cookie, { plan_id: 1, code: "BANK-ONE" })).statusCode).toBe(400);
    const failed = stripeEvent("checkout.session.async_payment_failed", {
      object: "checkout.session",
      ...session,
      status: "complete",
      payment_status: "unpaid",
    });
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await checkout(app(), second.cookie, { plan_id: 1, code: "BANK-ONE" })).statusCode).toBe(200);
    // Nothing was bought: her pending purchase is gone.
    const mine = (await app().inject({ url: "/reactapi/payments/mine", headers: { cookie: first.cookie } })).json();
    expect(mine.purchases).toEqual([]);
  });

  it("offers a plan's tiers, charges the one she chose, and refuses a price that is not one of them", async () => {
    const studioPlans = (await app().inject({ url: "/reactapi/studio/plans", headers: { cookie: instructor } })).json();
    const plan = studioPlans.plans.find((candidate: { id: number }) => candidate.id === PARTNER_COURSE.planId);
    const tiers = [
      { name: "Supporter", price: 6900, line: "Pays for a family who could not." },
      { name: "Supported", price: 2500, line: "For a tight month." },
      { name: "Standard", price: 4900, line: "" },
    ];
    const save = (body: Record<string, unknown>) => post(app(), `/reactapi/studio/plans/${plan.id}`, { ...plan, ...body }, instructor);
    const one = await save({ tiers: [tiers[0]] });
    expect(one.statusCode).toBe(400);
    expect(one.body).toContain("Offer two tiers or more, or none.");
    expect((await save({ tiers: [tiers[0], { ...tiers[1], name: "supporter" }] })).body).toContain("Give each tier its own name.");
    const saved = await save({ tiers });
    expect(saved.statusCode, saved.body).toBe(200);
    // Kept lowest first, and shown with the plan on the library's answer.
    expect(saved.json().plan.tiers.map((tier: { name: string }) => tier.name)).toEqual(["Supported", "Standard", "Supporter"]);
    const member = await signedInMember(app(), "tier-buyer");
    const library = (await app().inject({ url: "/reactapi/getcourses", headers: { cookie: member.cookie } })).json();
    expect(library.subscription_plans.find((candidate: { id: number }) => candidate.id === PARTNER_COURSE.planId).tiers).toEqual([
      tiers[1],
      tiers[2],
      tiers[0],
    ]);

    const supported = await checkout(app(), member.cookie, { plan_id: PARTNER_COURSE.planId, tier: "supported" });
    expect(supported.statusCode, supported.body).toBe(200);
    expect(sessionOf(supported.json().url).amount_total).toBe(2500);
    const form = standIn.requests.findLast((request) => request.path === "/v1/checkout/sessions")!.form;
    expect(form["line_items[0][price_data][product_data][name]"]).toBe(`${plan.name} (Supported)`);
    expect(sessionOf((await checkout(app(), member.cookie, { plan_id: PARTNER_COURSE.planId, tier: 6900 })).json().url).amount_total).toBe(
      6900,
    );
    for (const wrong of [100, "Free", 4901]) {
      const refused = await checkout(app(), member.cookie, { plan_id: PARTNER_COURSE.planId, tier: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe("That is not one of this plan's prices.");
    }
    // A code comes off the tier she chose.
    const withCode = await checkout(app(), member.cookie, { plan_id: PARTNER_COURSE.planId, tier: "Standard", code: "FIVE-OFF" });
    expect(sessionOf(withCode.json().url).amount_total).toBe(4400);
    // A plan without tiers takes none.
    const membership = await checkout(app(), member.cookie, { plan_id: MEMBERSHIP.planId, tier: "Standard" });
    expect(membership.json().error).toBe("That is not one of this plan's prices.");
    // A save that leaves tiers out keeps them; an empty list takes them away.
    const kept = await save({ revision: saved.json().plan.revision, tiers: undefined, name: "Partner Course" });
    expect(kept.json().plan.tiers).toHaveLength(3);
    expect((await save({ revision: kept.json().plan.revision, tiers: [] })).json().plan.tiers).toEqual([]);
  });

  it("takes a code for a package on her care payment, priced on the server, and refuses a tier", async () => {
    const client = await takeOnClient(app(), context.database.db, instructor, { prefix: "code-care" });
    const care = (await app().inject({ url: `/reactapi/care/${client.recordId}`, headers: { cookie: client.cookie } })).json();
    const packageId =
      care.package_id ??
      (await app().inject({ url: "/reactapi/studio/care/packages", headers: { cookie: instructor } }))
        .json()
        .packages.find((row: { name: string }) => row.name === "Birth support code-care").id;
    expect((await addCode({ code: "DOULA-50", amount_off: 5_000, package_ids: [packageId] })).statusCode).toBe(201);
    expect(
      (await post(app(), `/reactapi/care/${client.recordId}/sign`, { full_name: "Rosa Díaz", agree: true }, client.cookie)).statusCode,
    ).toBe(200);
    const deposit = care.payments[0].id as number;
    const pay = (body: Record<string, unknown>) =>
      post(app(), `/reactapi/care/${client.recordId}/payments/${deposit}/checkout`, body, client.cookie);
    expect((await pay({ tier: "Supporter" })).json().error).toBe("That is not one of this package's prices.");
    expect((await pay({ code: "SPRING-25" })).json().error).toBe("The code SPRING-25 is not for this package.");
    const started = await pay({ code: "doula-50" });
    expect(started.statusCode, started.body).toBe(200);
    expect(sessionOf(started.json().url).amount_total).toBe(30_000 - 5_000);
    const session = sessionOf(started.json().url);
    expect((await deliver(checkoutCompleted(session))).statusCode).toBe(200);
    const after = (await app().inject({ url: `/reactapi/care/${client.recordId}`, headers: { cookie: client.cookie } })).json();
    expect(after.payments[0].paid).toBe(true);
    const codes = (await app().inject({ url: "/reactapi/studio/codes", headers: { cookie: instructor } })).json().codes;
    expect(codes.find((code: { code: string }) => code.code === "DOULA-50")).toMatchObject({ used: 1, held: 0 });
  });

  it("gives the use back at once when Stripe cannot start the checkout", async () => {
    await addCode({ code: "STRIPE-DOWN", percent_off: 10, plan_ids: [1], max_uses: 1 });
    const member = await signedInMember(app(), "code-down");
    standIn.failWith({ status: 500, message: "down" });
    try {
      expect((await checkout(app(), member.cookie, { plan_id: 1, code: "STRIPE-DOWN" })).statusCode).toBe(503);
    } finally {
      standIn.failWith(null);
    }
    expect((await checkout(app(), member.cookie, { plan_id: 1, code: "STRIPE-DOWN" })).statusCode).toBe(200);
  });
});

if (!backends.includes("postgres")) it.skip(`codes on two app servers: ${postgresMissingNotice}`, () => {});

describe.runIf(backends.includes("postgres"))("a code's last use on two app servers sharing PostgreSQL", () => {
  const servers = useAppServers({ environment: () => ({ ...standInEnvironment(standIn), PUBLIC_URL: "https://courses.example" }) });

  it("is taken once when 10 checkouts start at the same moment; the others are told why", async () => {
    const [a, b] = servers;
    await importCatalogue(a!.handle.db, demoCatalogue, a!.app.mediaStorage);
    const instructor = await signedInInstructor(a!.app, a!.handle.db);
    expect(
      (await post(a!.app, "/reactapi/studio/codes", { code: "LAST-ONE", percent_off: 30, plan_ids: [1], max_uses: 1 }, instructor.cookie))
        .statusCode,
    ).toBe(201);
    const members = await Promise.all(Array.from({ length: 10 }, (_, index) => signedInMember(a!.app, `code-race-${index}`)));
    const answers = await Promise.all(
      members.map((member, index) => checkout((index % 2 ? a! : b!).app, member.cookie, { plan_id: 1, code: "LAST-ONE" })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) expect(answer.json().error).toBe("The code LAST-ONE has been used as many times as it could be.");
    const codes = (await a!.app.inject({ url: "/reactapi/studio/codes", headers: { cookie: instructor.cookie } })).json().codes;
    expect(codes[0]).toMatchObject({ code: "LAST-ONE", used: 0, held: 1 });
  });
});
