import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { movableClock } from "../lib/clock.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { backends, confirmAddress, GOOD_PASSWORD, signedInMember } from "../../../testing/test-app.ts";
import { chargeRefunded, checkoutCompleted } from "../../../testing/stripe-stand-in.ts";
import { useStripeApp } from "../../../testing/stripe-app.ts";

// Community places (docs/gifts.md): what Supporter tiers bring beyond the standard prices is a
// fund, counted from the payments, from which the doula gives a family a place with one press.

const PARTNER_COURSE = { planId: 2, price: 4900, courseId: 3 }; // once, USD, in the demo catalogue
const START = new Date("2027-03-10T12:00:00Z");

describe.each(backends)("community places on %s", (backend) => {
  const { app, db, post, sessionOf, deliver, instructor: doula } = useStripeApp(backend, movableClock(START));
  let instructor: string;
  beforeAll(() => {
    instructor = doula();
  });
  const pay = async (checkoutUrl: string) => {
    const delivered = await deliver(checkoutCompleted(sessionOf(checkoutUrl)));
    expect(delivered.statusCode, delivered.body).toBe(200);
  };
  const fund = async () =>
    (await app().inject({ url: "/reactapi/studio/community-places", headers: { cookie: instructor } })).json() as {
      funds: { currency: string; raised: number; given: number; left: number }[];
      given: { member: { email: string } | null; plan_name: string; cost: number }[];
    };

  it("counts what Supporter tiers paid beyond the standard prices, and gives a place from it once, never beyond what is left", async () => {
    const studioPlans = (await app().inject({ url: "/reactapi/studio/plans", headers: { cookie: instructor } })).json();
    const plan = studioPlans.plans.find((candidate: { id: number }) => candidate.id === PARTNER_COURSE.planId);
    const tiers = [
      { name: "Supported", price: 2500, line: "" },
      { name: "Standard", price: 4900, line: "" },
      { name: "Supporter", price: 6900, line: "Helps fund a place for a family who could not pay." },
    ];
    expect((await post(`/reactapi/studio/plans/${plan.id}`, { ...plan, tiers }, instructor)).statusCode).toBe(200);

    // Two Supporters (20.00 each beyond), one Standard and one Supported (nothing beyond).
    const supporterPayments: string[] = [];
    for (const [index, tier] of ["Supporter", "Supporter", "Standard", "Supported"].entries()) {
      const buyer = await signedInMember(app(), `fund-buyer-${index}`);
      const started = await post("/reactapi/payments/checkout", { plan_id: PARTNER_COURSE.planId, tier }, buyer.cookie);
      expect(started.statusCode, started.body).toBe(200);
      await pay(started.json().url);
      if (tier === "Supporter") supporterPayments.push(sessionOf(started.json().url).payment_intent!);
    }
    // A class's Supporter place: 15.00 beyond its 45.00.
    const created = await post(
      "/reactapi/studio/classes",
      {
        title: "Supported circle",
        starts_at: new Date(START.getTime() + 7 * 24 * 3600_000).toISOString(),
        duration_minutes: 60,
        places: 5,
        price: 4500,
        currency: "USD",
        tiers: [
          { name: "Supported", price: 3000, line: "" },
          { name: "Standard", price: 4500, line: "" },
          { name: "Supporter", price: 6000, line: "" },
        ],
        who: "anyone",
        join_url: "https://meet.example/circle",
      },
      instructor,
    );
    expect(created.statusCode, created.body).toBe(201);
    const place = await post(`/reactapi/classes/${created.json().id}/registrations`, {
      name: "Ola",
      email: "ola-fund@example.com",
      tier: "Supporter",
    });
    await pay(place.json().checkout_url);
    // A gift at the Supporter tier: 20.00 beyond; an unpaid one counts nothing.
    const gift = {
      plan_id: PARTNER_COURSE.planId,
      tier: "Supporter",
      recipient_name: "Ana",
      recipient_email: "ana-fund@example.com",
      message: "",
      deliver_on: "2027-03-20",
      giver_name: "Rose",
      giver_email: "rose-fund@example.com",
    };
    await pay((await post("/reactapi/gifts/checkout", gift)).json().url);
    expect((await post("/reactapi/gifts/checkout", gift)).statusCode).toBe(200);
    expect((await fund()).funds).toEqual([{ currency: "USD", raised: 7500, given: 0, left: 7500 }]);

    const family = await signedInMember(app(), "fund-family");
    const someone = await signedInMember(app(), "fund-someone");
    expect((await post("/reactapi/studio/community-places", { email: family.email, plan_id: 2 })).statusCode).toBe(401);
    expect((await post("/reactapi/studio/community-places", { email: family.email, plan_id: 2 }, someone.cookie)).statusCode).toBe(403);
    const stranger = await post("/reactapi/studio/community-places", { email: "nobody@example.com", plan_id: 2 }, instructor);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe("No member has the address nobody@example.com: ask her to make an account first.");

    // Three presses at once: the fund pays for one place of 49.00, never more.
    const presses = await Promise.all(
      [family, family, someone].map((member) =>
        post("/reactapi/studio/community-places", { email: member.email, plan_id: PARTNER_COURSE.planId }, instructor),
      ),
    );
    expect(presses.map((press) => press.statusCode).sort()).toEqual([201, 409, 409]);
    const given = presses.find((press) => press.statusCode === 201)!;
    expect(given.json().message).toMatch(/a community place: Partner Course is open for her for good\. She is mailed to say so\.$/);
    expect(presses.find((press) => press.statusCode === 409)!.json().error).toBe(
      "The community fund holds US$26.00, and this place costs US$49.00.",
    );
    const after = await fund();
    expect(after.funds).toEqual([{ currency: "USD", raised: 7500, given: 4900, left: 2600 }]);
    expect(after.given).toHaveLength(1);
    const receiver = after.given[0]!.member!.email === family.email ? family : someone;
    // She is told once, and nothing says why she asked.
    const told = await db()
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, receiver.email), eq(mailOutbox.kind, "community_place")));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe("A place for you: Partner Course");
    expect(told[0]!.text).toContain("Partner Course is open for you, for good.");
    expect(told[0]!.text).toContain("There is nothing to pay.");
    const library = (await app().inject({ url: "/reactapi/getcourses", headers: { cookie: receiver.cookie } })).json();
    expect(library.courses.find((course: { id: number }) => course.id === PARTNER_COURSE.courseId).course_access).toBe("true");

    // Her data download names the place; deleting her account keeps the fund's record without her.
    const mine = (await app().inject({ url: "/reactapi/account/export", headers: { cookie: receiver.cookie } })).json();
    expect(mine.community_places).toEqual([{ plan: "Partner Course", months: null, given_at: expect.any(String) }]);
    expect((await post("/reactapi/account/delete", { password: GOOD_PASSWORD }, receiver.cookie)).statusCode).toBe(200);
    const kept = await fund();
    expect(kept.funds).toEqual(after.funds);
    expect(kept.given).toEqual([expect.objectContaining({ member: null, plan_name: "Partner Course", cost: 4900 })]);

    // A Supporter purchase refunded in full no longer counts in what was raised.
    expect((await deliver(chargeRefunded(supporterPayments[0]!, 6900, "usd"))).statusCode).toBe(200);
    expect((await fund()).funds).toEqual([{ currency: "USD", raised: 5500, given: 4900, left: 600 }]);
  });

  it("keeps a place for an address no account has proven, and opens it when she proves it is hers", async () => {
    // The fund as the test above left it (6.00), and three more Supporters (20.00 each beyond).
    for (const index of [1, 2, 3]) {
      const buyer = await signedInMember(app(), `fund-more-${index}`);
      const started = await post("/reactapi/payments/checkout", { plan_id: PARTNER_COURSE.planId, tier: "Supporter" }, buyer.cookie);
      await pay(started.json().url);
    }
    const before = (await fund()).funds[0]!;
    expect(before.left).toBeGreaterThanOrEqual(PARTNER_COURSE.price);

    // Someone registered her address with the beta code and never proved it: the place does not go to that account.
    const unproven = await signedInMember(app(), "fund-waiting", { confirmed: false });
    const kept = await post("/reactapi/studio/community-places", { email: unproven.email, plan_id: PARTNER_COURSE.planId }, instructor);
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().message).toBe(
      `Kept a community place in Partner Course for ${unproven.email}: it opens on her account once she confirms that the address is hers. She is mailed to say so.`,
    );
    const library = async () =>
      (await app().inject({ url: "/reactapi/getcourses", headers: { cookie: unproven.cookie } }))
        .json()
        .courses.find((course: { id: number }) => course.id === PARTNER_COURSE.courseId).course_access;
    expect(await library()).toBe("false");
    const waiting = await fund();
    expect(waiting.funds[0]!.left).toBe(before.left - PARTNER_COURSE.price);
    expect(waiting.given[0]).toMatchObject({ member: null, waiting_for: unproven.email.toLowerCase(), plan_name: "Partner Course" });
    const mails = async () =>
      db()
        .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, unproven.email), eq(mailOutbox.kind, "community_place")));
    expect((await mails()).map((mail) => mail.text).join("\n")).toContain(
      "It opens on your account once this address is shown to be yours",
    );
    const mine = (await app().inject({ url: "/reactapi/account/export", headers: { cookie: unproven.cookie } })).json();
    expect(mine.community_places).toEqual([]);

    // The link of her welcome mail proves the address hers: the place is hers, and she is told what is open.
    await confirmAddress(app(), unproven.email);
    expect(await library()).toBe("true");
    const claimed = await fund();
    expect(claimed.given[0]).toMatchObject({ member: { email: unproven.email }, waiting_for: null });
    expect(claimed.funds[0]!.left).toBe(before.left - PARTNER_COURSE.price);
    expect((await mails()).map((mail) => mail.text).join("\n")).toContain("Partner Course is open for you, for good.");
  });
});
