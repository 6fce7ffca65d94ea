import { beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { movableClock } from "../lib/clock.ts";
import { mailOutbox } from "../mail/mail-schema.ts";
import { backends, signedInMember } from "../../../testing/test-app.ts";
import { birthSupport, takeOnClient } from "../../../testing/care-clients.ts";
import { linkedPartner } from "../../../testing/partners.ts";
import { checkoutCompleted, type StripeStandIn, stripeEvent } from "../../../testing/stripe-stand-in.ts";
import { useStripeApp } from "../../../testing/stripe-app.ts";

// Her birth registry (docs/gifts.md): an unlisted page naming her first name only; a friend's
// contribution is credited to her care schedule; a closed registry takes nothing.

const START = new Date("2027-02-01T12:00:00Z");

describe.each(backends)("her birth registry on %s", (backend) => {
  const clock = movableClock(START);
  const stripeApp = useStripeApp(backend, clock);
  const { app, db, post, sessionOf } = stripeApp;
  let doula: string;
  let standIn: StripeStandIn;
  beforeAll(() => {
    doula = stripeApp.instructor();
    standIn = stripeApp.standIn();
  });
  const get = (url: string, cookie?: string) => app().inject({ url, headers: cookie ? { cookie } : {} });
  const { deliver } = stripeApp;
  const contribute = (name: string, body: Record<string, unknown>) =>
    post(`/reactapi/registry/${name}/contributions`, {
      giver_name: "Lucía Fernández",
      giver_email: "lucia@example.com",
      message: "",
      ...body,
    });
  const pay = async (url: string) => {
    const session = sessionOf(url);
    expect((await deliver(checkoutCompleted(session, { payment_intent: `pi_${session.id}` }))).statusCode).toBe(200);
    return session;
  };

  /** A paid (or free) live class some days after the start of these tests. */
  const newClass = async (title: string, price: number, places = 1, days = 10, extra: Record<string, unknown> = {}) => {
    const created = await post(
      "/reactapi/studio/classes",
      {
        title,
        starts_at: new Date(START.getTime() + days * 86_400_000).toISOString(),
        duration_minutes: 90,
        places,
        price,
        currency: "USD",
        who: "anyone",
        join_url: "https://meet.example/class",
        ...extra,
      },
      doula,
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as number;
  };

  it("shows her first name and only what she chose, and credits a contribution to her next payments", async () => {
    const client = await takeOnClient(app(), db(), doula, { prefix: "registry", firstName: "Rosa" });
    expect((await post("/reactapi/account/pacing", { due_date: "2027-06-01", baby_arrived: false }, client.cookie)).statusCode).toBe(200);
    // Only for her: a visitor is told to sign in before anything about the body.
    expect((await post("/reactapi/account/registry", { nonsense: true })).statusCode).toBe(401);
    const none = await post("/reactapi/account/registry", { line: "Thank you", gifts: [] }, client.cookie);
    expect([none.statusCode, none.json().error]).toEqual([400, "Choose at least one thing friends can give."]);
    const made = await post(
      "/reactapi/account/registry",
      { line: "Help us welcome our first baby calmly.", show_due_month: false, gifts: [2, "care"] },
      client.cookie,
    );
    expect(made.statusCode, made.body).toBe(200);
    const name = made.json().name as string;
    expect(name).toMatch(/^rosa-[a-z0-9]{8}$/);

    const page = await get(`/reactapi/registry/${name}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      first_name: "Rosa",
      line: "Help us welcome our first baby calmly.",
      due_month: null,
      open: true,
      care: { currency: "USD", least: 500 },
      plans: [{ id: 2, name: "Partner Course", price: 4900 }],
    });
    // Nothing she did not choose to show: no surname, address or due date.
    expect(page.body).not.toContain("Díaz");
    expect(page.body).not.toContain(client.email);
    expect(page.body).not.toContain("2027-06");
    await post(
      "/reactapi/account/registry",
      { line: "Help us welcome our first baby calmly.", show_due_month: true, gifts: { plan_ids: [2], care: true } },
      client.cookie,
    );
    expect((await get(`/reactapi/registry/${name}`)).json().due_month).toBe("2027-06");
    expect((await get("/reactapi/registry/no-such-registry")).statusCode).toBe(404);

    // A friend gives 400.00 towards her care: the deposit (300.00) is paid, and 100.00 of the first instalment.
    const tooLittle = await contribute(name, { amount: 499 });
    expect([tooLittle.statusCode, tooLittle.json().error]).toEqual([400, "The least you can give is US$5.00."]);
    expect((await contribute(name, { plan_id: 1 })).json().error).toBe("That is not one of the gifts she listed.");
    const started = await contribute(name, { amount: 40_000, message: "For the calm you deserve", public: true });
    expect(started.statusCode, started.body).toBe(200);
    expect(sessionOf(started.json().url)).toMatchObject({ amount_total: 40_000, currency: "usd", mode: "payment" });
    // A completion for another amount than the Checkout asked credits nothing.
    const odd = sessionOf(started.json().url);
    expect((await deliver(checkoutCompleted(odd, { payment_intent: `pi_${odd.id}`, amount_total: 4_000 }))).statusCode).toBe(200);
    expect(
      (await get(`/reactapi/care/${client.recordId}`, client.cookie))
        .json()
        .payments.every((payment: { from_registry: number }) => payment.from_registry === 0),
    ).toBe(true);
    await pay(started.json().url);
    const care = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(
      care.payments.map((payment: { kind: string; paid: boolean; from_registry: number }) => [
        payment.kind,
        payment.paid,
        payment.from_registry,
      ]),
    ).toEqual([
      ["deposit", true, 30_000],
      ["instalment", false, 10_000],
      ["instalment", false, 0],
      ["instalment", false, 0],
    ]);
    // The doula sees it too; her next online payment asks only for the rest.
    const studio = (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula)).json();
    expect(studio.payments[1]).toMatchObject({ from_registry: 10_000, paid: false });
    const instalment = care.payments[1].id as number;
    expect((await post(`/reactapi/care/${client.recordId}/sign`, { full_name: "Rosa Díaz", agree: true }, client.cookie)).statusCode).toBe(
      200,
    );
    const rest = await post(`/reactapi/care/${client.recordId}/payments/${instalment}/checkout`, {}, client.cookie);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(sessionOf(rest.json().url).amount_total).toBe(care.payments[1].amount - 10_000);

    // She is mailed each gift; her page shows the total and the giver's first name and message.
    const [mail] = await db()
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, client.email), eq(mailOutbox.kind, "registry_gift")));
    expect(mail!.subject).toBe("Lucía Fernández gave you US$400.00 towards your doula care");
    // The friend is thanked, with nothing of her but her first name.
    const [thanks] = await db()
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, "lucia@example.com"), eq(mailOutbox.kind, "registry_thanks")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(thanks!.subject).toBe("Thank you for your gift to Rosa");
    expect(thanks!.text).toContain("Hello Lucía,");
    expect(thanks!.text).toContain("Your gift reached Rosa: US$400.00 towards her doula care.");
    expect(thanks!.text).not.toContain("Díaz");
    const hidden = await contribute(name, { amount: 2_500, message: "Quietly", public: false, giver_name: "Tomás Ortega" });
    await pay(hidden.json().url);
    const given = (await get(`/reactapi/registry/${name}`)).json().given;
    expect(given).toEqual({
      count: 2,
      totals: [{ currency: "USD", amount: 42_500 }],
      givers: [{ name: "Lucía", message: "For the calm you deserve", what: "care" }],
    });
    expect(JSON.stringify(given)).not.toContain("Fernández");
  });

  it("adds up her money as Stripe charged it: a code's lower charge, a registry credit, a refund, in what she owes and the month's takings", async () => {
    const client = await takeOnClient(app(), db(), doula, { prefix: "reconcile", firstName: "Elena" });
    const packages = (await get("/reactapi/studio/care/packages", doula)).json().packages as { id: number; name: string }[];
    const packageId = packages.find((row) => row.name === "Birth support reconcile")!.id;
    expect((await post("/reactapi/studio/codes", { code: "CALM-10", percent_off: 10, package_ids: [packageId] }, doula)).statusCode).toBe(
      201,
    );
    expect((await post(`/reactapi/care/${client.recordId}/sign`, { full_name: "Elena Díaz", agree: true }, client.cookie)).statusCode).toBe(
      200,
    );
    const studio = async () => (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula)).json();
    const takings = async () => (await get("/reactapi/studio/care/clients", doula)).json().takings_this_month;
    const before = (await takings()).find((row: { currency: string }) => row.currency === "USD")?.amount ?? 0;
    const [deposit, first] = (await studio()).payments as { id: number; amount: number; due_on: string }[];

    // The deposit (300.00) with 10 % off: Stripe charges 270.00, and 270.00 is what came in.
    const depositCheckout = await post(
      `/reactapi/care/${client.recordId}/payments/${deposit!.id}/checkout`,
      { code: "calm-10" },
      client.cookie,
    );
    const charged = (await pay(depositCheckout.json().url)).amount_total;
    expect(charged).toBe(27_000);
    // A friend gives 50.00 through her registry: it goes to the first instalment.
    const name = (await post("/reactapi/account/registry", { gifts: { care: true, plan_ids: [] } }, client.cookie)).json().name as string;
    const gift = await contribute(name, { amount: 5_000 });
    expect(gift.statusCode, gift.body).toBe(200);
    await pay(gift.json().url);

    let details = await studio();
    expect(details.payments[0]).toMatchObject({ paid: true, received: charged, codes: ["CALM-10"] });
    expect(details.payments[1]).toMatchObject({ paid: false, received: 5_000, from_registry: 5_000 });
    expect(details.balance).toBe(3 * 40_000 - 5_000);
    expect((await get(`/reactapi/care/${client.recordId}`, client.cookie)).json().payments[0]).toMatchObject({
      received: 27_000,
      codes: ["CALM-10"],
    });
    expect((await takings()).find((row: { currency: string }) => row.currency === "USD").amount).toBe(before + charged + 5_000);

    // Once the first instalment is due she owes what her registry left of it, and Stripe asks exactly that.
    clock.set(new Date(`${first!.due_on}T18:00:00Z`));
    details = await studio();
    expect(details.owed).toBe(first!.amount - 5_000);
    const rest = await post(`/reactapi/care/${client.recordId}/payments/${first!.id}/checkout`, {}, client.cookie);
    expect((await pay(rest.json().url)).amount_total).toBe(details.owed);
    expect((await studio()).payments[1]).toMatchObject({ paid: true, received: first!.amount });

    // Refunded through Stripe: Stripe's part leaves what came in; her friend's gift stays received.
    const refunded = await post(`/reactapi/studio/care/clients/${client.recordId}/payments/${first!.id}/refund`, {}, doula);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await studio()).payments[1]).toMatchObject({ refunded: true, received: 5_000 });
    clock.set(START);
  });

  it("adds up a pay-what-you-can fee as Stripe charged it: her tier's instalments, in what she owes and the month's takings", async () => {
    const client = await takeOnClient(app(), db(), doula, { prefix: "reconcile-tier", firstName: "Nora" });
    const packages = (await get("/reactapi/studio/care/packages", doula)).json().packages as { id: number; name: string }[];
    const packageId = packages.find((row) => row.name === "Birth support reconcile-tier")!.id;
    const tiers = [
      { name: "Supported", price: 90_000, line: "For a tighter budget" },
      { name: "Standard", price: 150_000, line: "" },
    ];
    const saved = await post(
      `/reactapi/studio/care/packages/${packageId}`,
      { ...birthSupport, name: "Birth support reconcile-tier", tiers },
      doula,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await post(`/reactapi/care/${client.recordId}/tier`, { tier: "Supported" }, client.cookie)).statusCode).toBe(200);
    expect((await post(`/reactapi/care/${client.recordId}/sign`, { full_name: "Nora Díaz", agree: true }, client.cookie)).statusCode).toBe(
      200,
    );
    const studio = async () => (await get(`/reactapi/studio/care/clients/${client.recordId}`, doula)).json();
    const takings = async () =>
      ((await get("/reactapi/studio/care/clients", doula)).json().takings_this_month as { currency: string; amount: number }[]).find(
        (row) => row.currency === "USD",
      )?.amount ?? 0;
    const before = await takings();
    const [deposit, first] = (await studio()).payments as { id: number; amount: number; due_on: string }[];
    // 900.00 chosen: the deposit, then three instalments of 200.00 (not the package's 400.00).
    expect([deposit!.amount, first!.amount]).toEqual([30_000, 20_000]);
    const checkout = async (paymentId: number) =>
      (await pay((await post(`/reactapi/care/${client.recordId}/payments/${paymentId}/checkout`, {}, client.cookie)).json().url))
        .amount_total;
    const depositCharged = await checkout(deposit!.id);
    expect(await takings()).toBe(before + depositCharged);
    clock.set(new Date(`${first!.due_on}T18:00:00Z`));
    try {
      // The month's takings are counted in the month the instalment is paid.
      const beforeFirst = await takings();
      const firstCharged = await checkout(first!.id);
      expect([depositCharged, firstCharged]).toEqual([30_000, 20_000]);
      expect(await takings()).toBe(beforeFirst + firstCharged);
      const details = await studio();
      expect(details).toMatchObject({ tier: "Supported", balance: 2 * 20_000 });
      expect(details.payments.slice(0, 2)).toMatchObject([
        { paid: true, received: depositCharged },
        { paid: true, received: firstCharged },
      ]);
    } finally {
      clock.set(START);
    }
  });

  it("keeps what is beyond what she owes as credit the doula can refund, and a closed registry takes nothing", async () => {
    const client = await takeOnClient(app(), db(), doula, { prefix: "registry-credit", firstName: "Inés" });
    const name = (await post("/reactapi/account/registry", { gifts: { care: true, plan_ids: [2] } }, client.cookie)).json().name as string;
    expect(name).toMatch(/^ines-/);
    const all = await contribute(name, { amount: 160_000 });
    const session = await pay(all.json().url);
    const care = (await get(`/reactapi/care/${client.recordId}`, client.cookie)).json();
    expect(care.payments.every((payment: { paid: boolean }) => payment.paid)).toBe(true);
    const listed = (await get("/reactapi/studio/registry-contributions", doula)).json().contributions as {
      id: number;
      credit: number;
      amount: number;
    }[];
    const row = listed.find((contribution) => contribution.amount === 160_000)!;
    expect(row.credit).toBe(10_000);
    const member = await signedInMember(app(), "registry-nosy");
    expect((await post(`/reactapi/studio/registry-contributions/${row.id}/refund-credit`, {}, member.cookie)).statusCode).toBe(403);
    expect((await post(`/reactapi/studio/registry-contributions/${row.id}/refund-credit`, {}, doula)).statusCode).toBe(200);
    expect(standIn.refunds.find((refund) => refund.payment_intent === `pi_${session.id}`)).toMatchObject({ amount: 10_000 });
    expect((await post(`/reactapi/studio/registry-contributions/${row.id}/refund-credit`, {}, doula)).statusCode).toBe(409);
    // With nothing left to pay, care is no longer offered on her page.
    expect((await get(`/reactapi/registry/${name}`)).json().care).toBeNull();

    // A listed plan given through her registry opens on her account; a code the doula gave out comes off its price.
    const code = `REGISTRY-${Date.now()}`;
    expect((await post("/reactapi/studio/codes", { code, amount_off: 900, plan_ids: [2], max_uses: 1 }, doula)).statusCode).toBe(201);
    const onCare = await contribute(name, { amount: 5_000, code });
    expect([onCare.statusCode, onCare.json().error]).toEqual([
      400,
      "A code is for one of the gifts she listed; a contribution to her care is the amount you choose.",
    ]);
    const gift = await contribute(name, { plan_id: 2, code: code.toLowerCase() });
    expect(gift.statusCode, gift.body).toBe(200);
    expect(sessionOf(gift.json().url).amount_total).toBe(4_000);
    await pay(gift.json().url);
    const codes = (await get("/reactapi/studio/codes", doula)).json().codes as { code: string; used: number }[];
    expect(codes.find((row) => row.code === code)!.used).toBe(1);
    const access = (await post("/reactapi/getuseraccessdata", {}, client.cookie)).json();
    expect(access.accessible_course_ids).toContain(3);

    // Closed: the page says so, and takes nothing.
    expect((await post("/reactapi/account/registry/close", {}, client.cookie)).statusCode).toBe(200);
    expect((await get(`/reactapi/registry/${name}`)).json().open).toBe(false);
    const before = standIn.sessions.size;
    const refused = await contribute(name, { plan_id: 2 });
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      "This registry is closed, so it takes nothing more. Thank you for thinking of her.",
    ]);
    expect(standIn.sessions.size).toBe(before);
    // Her data download has it; her account's deletion takes it with her.
    const download = (await get("/reactapi/account/export", client.cookie)).json();
    expect(download.birth_registry).toMatchObject({ name, closed: true });
  });

  it("gives her a place in a live class she listed: held in her name while a friend pays, the last place once, and hers when paid", async () => {
    const lastPlace = await newClass("Hypnobirthing night", 4_000);
    const tiers = [
      { name: "Supported", price: 3_000, line: "" },
      { name: "Standard", price: 4_500, line: "" },
      { name: "Supporter", price: 6_000, line: "Helps another family come" },
    ];
    const birthPrep = await newClass("Birth preparation evening", 4_500, 3, 10, { tiers });
    const free = await newClass("Free circle", 0, 5);
    const member = await signedInMember(app(), "registry-class");
    const mine = (await get("/reactapi/account/registry", member.cookie)).json();
    expect(mine.classes_possible.map((live: { id: number }) => live.id)).toEqual(expect.arrayContaining([lastPlace, birthPrep]));
    expect(mine.classes_possible.map((live: { id: number }) => live.id)).not.toContain(free);
    const freeRefused = await post("/reactapi/account/registry", { gifts: { class_ids: [free] } }, member.cookie);
    expect([freeRefused.statusCode, freeRefused.json().error]).toEqual([
      400,
      "A class you chose cannot be given: only a paid class still to come can.",
    ]);
    const made = await post("/reactapi/account/registry", { gifts: [{ class_id: lastPlace }, { class_id: birthPrep }] }, member.cookie);
    expect(made.statusCode, made.body).toBe(200);
    const name = made.json().name as string;
    expect((await get(`/reactapi/registry/${name}`)).json().classes).toEqual([
      {
        id: lastPlace,
        title: "Hypnobirthing night",
        starts_at: expect.any(String),
        price: 4_000,
        currency: "USD",
        tiers: [],
        places_left: 1,
      },
      {
        id: birthPrep,
        title: "Birth preparation evening",
        starts_at: expect.any(String),
        price: 4_500,
        currency: "USD",
        tiers,
        places_left: 3,
      },
    ]);
    expect((await contribute(name, { class_id: free })).json().error).toBe("That is not one of the gifts she listed.");

    // The one place is held in her name while the first friend pays: the others at that moment are told so.
    const attempts = await Promise.all(
      ["Ana", "Bea", "Carmen", "Dolores"].map((giver) => contribute(name, { class_id: lastPlace, giver_name: `${giver} Ruiz` })),
    );
    expect(attempts.map((attempt) => attempt.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of attempts.filter((attempt) => attempt.statusCode === 409))
      expect(refused.json().error).toBe(
        "Someone is giving her a place in this class just now. If their payment does not go through, it can be given again within the hour.",
      );
    const first = sessionOf(attempts.find((attempt) => attempt.statusCode === 200)!.json().url);
    expect(first).toMatchObject({ amount_total: 4_000, currency: "usd" });
    // While it is held, anyone else registering waits; when that friend leaves the payment page, the place goes to the first waiting.
    const visitor = await post(`/reactapi/classes/${lastPlace}/registrations`, { name: "Eva", email: "eva-registry@example.com" });
    expect(visitor.json().state).toBe("waiting_list");
    expect(
      (
        await deliver(
          stripeEvent("checkout.session.expired", { object: "checkout.session", ...first, status: "expired", payment_status: "unpaid" }),
        )
      ).statusCode,
    ).toBe(200);
    const offered = await db()
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, "eva-registry@example.com"), eq(mailOutbox.kind, "class_place_offered")));
    expect(offered).toHaveLength(1);
    const full = await contribute(name, { class_id: lastPlace });
    expect([full.statusCode, full.json().error]).toEqual([
      409,
      "This class is full just now, so a place in it cannot be given. Perhaps choose another gift.",
    ]);
    // Her page says so before anyone tries.
    const shown = (await get(`/reactapi/registry/${name}`)).json().classes as { id: number; places_left: number }[];
    expect(shown.map((live) => [live.id, live.places_left])).toEqual([
      [lastPlace, 0],
      [birthPrep, 3],
    ]);

    // Pay what you can: the friend chooses among the class's tiers, and only those; the Supporter's extra joins the community places' fund.
    const notOffered = await contribute(name, { class_id: birthPrep, tier: "Friends" });
    expect([notOffered.statusCode, notOffered.json().error]).toEqual([400, "That is not one of this class's prices."]);
    const onCare = await contribute(name, { amount: 5_000, tier: "Supporter" });
    expect([onCare.statusCode, onCare.json().error]).toEqual([
      400,
      "A contribution to her care is the amount you choose, so it has no tiers.",
    ]);
    const raised = async () =>
      ((await get("/reactapi/studio/community-places", doula)).json().funds as { currency: string; raised: number }[]).find(
        (fund) => fund.currency === "USD",
      )?.raised ?? 0;
    const fundBefore = await raised();
    const given = await contribute(name, { class_id: birthPrep, tier: "supporter", message: "Enjoy the evening", public: true });
    expect(given.statusCode, given.body).toBe(200);
    expect(sessionOf(given.json().url).amount_total).toBe(6_000);
    expect(await raised()).toBe(fundBefore);
    await pay(given.json().url);
    expect(await raised()).toBe(fundBefore + 1_500);
    const classes = (await get("/reactapi/classes", member.cookie)).json().upcoming as { id: number; my_state?: string }[];
    expect(classes.find((live) => live.id === birthPrep)?.my_state).toBe("registered");
    const mails = await db()
      .select({ kind: mailOutbox.kind, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, member.email));
    expect(mails).toEqual(
      expect.arrayContaining([
        { kind: "registry_gift", subject: "Lucía Fernández gave you a place in “Birth preparation evening”" },
        expect.objectContaining({ kind: "class_registered" }),
      ]),
    );
    const again = await contribute(name, { class_id: birthPrep });
    expect([again.statusCode, again.json().error]).toEqual([
      409,
      "She has a place in this class already (or is waiting for one), so it cannot be given twice.",
    ]);
    const page = (await get(`/reactapi/registry/${name}`)).json();
    expect(page.given.givers).toEqual([{ name: "Lucía", message: "Enjoy the evening", what: "Birth preparation evening" }]);
    const studio = (await get("/reactapi/studio/registry-contributions", doula)).json().contributions as {
      kind: string;
      what: string;
      credit: number;
    }[];
    expect(studio.find((row) => row.kind === "class")).toMatchObject({ what: "Birth preparation evening", credit: 0 });
  });

  it("keeps all of a class place's payment as credit to refund when the class was cancelled before the friend paid", async () => {
    const classId = await newClass("Newborn care morning", 3_000, 4, 12);
    const member = await signedInMember(app(), "registry-class-lost");
    const name = (await post("/reactapi/account/registry", { gifts: { class_ids: [classId] } }, member.cookie)).json().name as string;
    const started = await contribute(name, { class_id: classId });
    expect(started.statusCode, started.body).toBe(200);
    expect((await post(`/reactapi/studio/classes/${classId}/cancel`, {}, doula)).statusCode).toBe(200);
    const session = await pay(started.json().url);
    const studio = (await get("/reactapi/studio/registry-contributions", doula)).json().contributions as {
      id: number;
      kind: string;
      what: string;
      credit: number;
      amount: number;
    }[];
    const row = studio.find((contribution) => contribution.what === "Newborn care morning")!;
    expect(row).toMatchObject({ kind: "class", amount: 3_000, credit: 3_000 });
    expect((await post(`/reactapi/studio/registry-contributions/${row.id}/refund-credit`, {}, doula)).statusCode).toBe(200);
    expect(standIn.refunds.find((refund) => refund.payment_intent === `pi_${session.id}`)).toMatchObject({ amount: 3_000 });
    const told = await db()
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.kind, "registry_gift")));
    expect(told).toEqual([]);
  });

  it("refuses contributions to care from a member without a care plan, and a registry to a partner's account", async () => {
    const member = await signedInMember(app(), "registry-nocare");
    const partner = await linkedPartner(app(), db(), member.cookie);
    const refusedPartner = await post("/reactapi/account/registry", { gifts: [2] }, partner.cookie);
    expect([refusedPartner.statusCode, refusedPartner.json().error]).toEqual([
      403,
      "A birth registry is the mother's to make, from her own account.",
    ]);
    const refused = await post("/reactapi/account/registry", { gifts: { care: true } }, member.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("You have no payments left with your doula, so friends cannot contribute to your care here.");
    expect((await post("/reactapi/account/registry", { gifts: [1, 2] }, member.cookie)).statusCode).toBe(200);
  });
});
