import type { FastifyInstance, FastifyRequest } from "fastify";
import { checkoutExpiry } from "../lib/checkout-pricing.ts";
import type { z } from "zod";
import type { GiftCheckoutRequest } from "../../../contract/gifts.ts";
import { VisitorLimit } from "../rate-limits/visitor-limit.ts";
import { Temporal } from "temporal-polyfill";
import { answerWith, formattingLocales, sentence } from "../../../contract/languages.ts";
import { findUserById } from "../accounts/users-repository.ts";
import { careOwedBy } from "../care/care-repository.ts";
import {
  attachContributionCheckout,
  closeRegistry,
  contributionsForStudio,
  forgetPendingContribution,
  LEAST_CONTRIBUTION_MINOR,
  myRegistry,
  openRegistryOf,
  recordPendingContribution,
  refundContributionCredit,
  registryPage,
  saveRegistry,
  toGiftClass,
} from "./registry-repository.ts";
import { type ClassMailContext, classesToGive, holdGivenPlace } from "../classes/classes-repository.ts";
import { type CatalogueReader, findPlan } from "../catalogue/catalogue-repository.ts";
import { changeAndAnnounce } from "../db/data-changes.ts";
import type { Queryable } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { translatorFor } from "../language/catalogues.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { addCode, attachCheckout, codesForStudio, giveBackLostHolds, giveBackUse, holdCodeUse, removeCode } from "./codes-repository.ts";
import { giftPrice } from "./gift-price.ts";
import { communityPlacesForStudio, giveCommunityPlace } from "./community-places.ts";
import {
  attachGiftCheckout,
  changeGift,
  deliverDueGifts,
  forgetPendingGift,
  type GiftDeps,
  giftForGiver,
  giftsForStudio,
  openGift,
  practiceToday,
  recordPendingGift,
  refundGift,
  resendGift,
} from "./gifts-repository.ts";

type GiftsOptions = GiftDeps & {
  catalogue: CatalogueReader;
  publicUrl: string;
  /** Payment pages a visitor may open from one client address an hour (BOOKINGS_PER_HOUR): each is a Stripe session and a pending row. */
  checkoutsPerHour: number;
  /** The classes' mail context: a class place given through her registry is mailed as theirs are. */
  classMail: ClassMailContext;
};

/** How long a gift's Checkout waits for its payment (Stripe takes 30 minutes to a day). */
const CHECKOUT_MINUTES = 60;
/** A class place given through a registry is held this much past its Checkout, for Stripe's late word. */
const PAYMENT_GRACE_MINUTES = 10;
/** How far ahead a gift may be sent: a shower, a birthday, within the year. */
const FURTHEST_DAYS = 366;

/**
 * A code typed for what is given (a gift, a registry's plan or class place): checked, priced and one
 * use held until Stripe says paid or expired (docs/gifts.md); none typed, none held.
 */
const codeHeld = (
  db: Queryable,
  code: string | undefined,
  item: { kind: "plan" | "class"; id: number },
  priceMinor: number,
  payer: { userId: number | null; email: string },
  now: Date,
) => (code?.trim() ? holdCodeUse(db, { code, item, priceMinor, ...payer, now }) : Promise.resolve(null));

/** Who pays: a member by her account and address, a visitor by the address she typed. */
const payerOf = (request: FastifyRequest, body: { giver_email: string }) => ({
  userId: request.member?.id ?? null,
  email: request.member?.email ?? body.giver_email,
});

/** A visitor's payment pages (each a Stripe session and a pending row): a few an hour from one address. */
const paymentPagesLimit = ({ db, clock, checkoutsPerHour }: Pick<GiftsOptions, "db" | "clock" | "checkoutsPerHour">, kind: string) =>
  new VisitorLimit(db, kind, checkoutsPerHour, sentence("Several payment pages have been opened from here in the last hour."), () =>
    clock.now().getTime(),
  );

/** Anyone's side: giving, the giver's changes, and opening a gift (docs/gifts.md). */
export async function giftsRoutes(app: FastifyInstance, deps: GiftsOptions) {
  const { db, clock, catalogue, publicUrl, payments } = deps;
  const checkoutLimit = paymentPagesLimit(deps, "gift-checkout");

  route(app, "giftCheckout", ({ body }, request) => checkoutLimit.around(request, () => giveCheckout(body, request)));

  async function giveCheckout(body: z.infer<typeof GiftCheckoutRequest>, request: FastifyRequest) {
    if (!payments) throw new HttpError(404, "Online payment is not set up on this site. Please write to the instructor to give a course.");
    const found = await findPlan(db, body.plan_id);
    if (!found) throw new HttpError(404, "That plan is no longer offered. Please choose again.");
    const published = await catalogue.publishedCourseIds();
    const courseIds = found.courseIds.filter((id) => published.has(id));
    if (courseIds.length === 0) throw new HttpError(409, "This plan does not include any course yet, so there is nothing to give.");
    const now = clock.now();
    const { day } = await practiceToday(db, now);
    if (body.deliver_on < day)
      throw new HttpError(400, "Choose today or a day to come for the gift to arrive.", { deliver_on: "Choose today or a day to come." });
    const furthest = Temporal.PlainDate.from(day).add({ days: FURTHEST_DAYS }).toString();
    if (body.deliver_on > furthest)
      throw new HttpError(400, "Choose a day within the coming year.", { deliver_on: "Choose a day within the coming year." });
    const { months, priceMinor, tierName } = giftPrice(found, body);
    const held = await codeHeld(db, body.code, { kind: "plan", id: found.id }, priceMinor, payerOf(request, body), now);
    const amountMinor = held?.priceMinor ?? priceMinor;
    const standardMinor = giftPrice(found, { months: body.months }).priceMinor;
    const giftId = await recordPendingGift(db, {
      planId: found.id,
      planName: found.name,
      courseIds,
      months,
      amountMinor,
      beyondPriceMinor: Math.max(0, amountMinor - standardMinor),
      currency: found.currency,
      giverName: body.giver_name,
      giverEmail: body.giver_email,
      recipientName: body.recipient_name,
      recipientEmail: body.recipient_email,
      message: body.message,
      deliverOn: body.deliver_on,
      language: request.language,
      createdAt: now,
    });
    const i18n = translatorFor(request.language);
    const given =
      months === null
        ? i18n._("Gift: {plan}", { plan: found.name })
        : i18n._("Gift: {plan}, {months} months", { plan: found.name, months });
    try {
      const checkout = await payments.checkout({
        metadata: { gift_id: String(giftId) },
        description: [given, ...(tierName ? [tierName] : []), ...(held ? [held.code.code] : [])].join(" · "),
        amountMinor,
        currency: found.currency,
        email: body.giver_email,
        expiresAt: checkoutExpiry(now, held, CHECKOUT_MINUTES),
        successUrl: `${publicUrl}/gift?given=1`,
        cancelUrl: `${publicUrl}/gift?plan=${found.id}&checkout=cancelled`,
      });
      await attachGiftCheckout(db, giftId, checkout.id);
      if (held) await attachCheckout(db, held.holdId, checkout.id);
      return { url: checkout.url };
    } catch (error) {
      request.log.warn({ err: error, giftId }, "gifts: the checkout could not be started");
      await forgetPendingGift(db, giftId);
      if (held) await giveBackUse(db, { holdId: held.holdId });
      throw new HttpError(502, "The payment page could not be opened just now. Nothing was charged; please try again in a moment.");
    }
  }

  route(app, "giftForGiver", async ({ body }) => {
    const row = await giftForGiver(db, body.token);
    return {
      plan_name: row.planName,
      months: row.months,
      recipient_name: row.recipientName,
      recipient_email: row.recipientEmail,
      message: row.message,
      deliver_on: row.deliverOn,
      status: row.status as "paid" | "delivered" | "opened" | "refunded",
    };
  });

  route(app, "changeGift", async ({ body }) => {
    await changeGift(
      db,
      body.token,
      { recipientEmail: body.recipient_email, message: body.message, deliverOn: body.deliver_on },
      clock.now(),
    );
    return { message: "Saved. The gift goes on the day you chose." };
  });

  route(app, "redeemGift", async ({ body }, request) => {
    const member = requireMember(request);
    const now = clock.now();
    const { gift, until } = await changeAndAnnounce(db, "access", (tx) => openGift(tx, body.token, member.id, now));
    return {
      message: answerWith("{plan} is open on your account.", { plan: gift.planName }),
      plan_name: gift.planName,
      course_ids: gift.courseIds,
      open_until: until?.toISOString() ?? null,
    };
  });
}

/** Her birth registry, on her account (docs/gifts.md). */
export async function registryAccountRoutes(app: FastifyInstance, { db, clock }: GiftsOptions) {
  route(app, "saveRegistry", async ({ body }, request) => {
    const member = requireMember(request);
    const name = await saveRegistry(
      db,
      member,
      {
        line: body.line,
        showDueMonth: body.show_due_month,
        planIds: [...new Set(body.gifts.plan_ids)],
        classIds: [...new Set(body.gifts.class_ids)],
        care: body.gifts.care,
      },
      clock.now(),
    );
    return { name, message: "Saved your registry. Share its link with the people you choose." };
  });

  route(app, "myRegistry", async (_input, request) => {
    const member = requireMember(request);
    return {
      registry: await myRegistry(db, member.id),
      care_possible: (await careOwedBy(db, member.id)) !== null,
      classes_possible: (await classesToGive(db, clock.now())).map(toGiftClass),
    };
  });

  route(app, "closeRegistry", async (_input, request) => {
    if (!(await closeRegistry(db, requireMember(request).id, clock.now()))) throw new HttpError(404, "You have no registry.");
    return { message: "Closed your registry. Its page says so and takes nothing more; you can open it again here." };
  });
}

/** Her registry's page and friends' gifts through it (no sign-in). */
export async function registryRoutes(
  app: FastifyInstance,
  { db, clock, catalogue, publicUrl, payments, checkoutsPerHour, classMail }: GiftsOptions,
) {
  const checkoutLimit = paymentPagesLimit({ db, clock, checkoutsPerHour }, "registry-checkout");
  const plansOffered = async (planIds: number[]) => {
    const published = await catalogue.publishedCourseIds();
    const plans = await Promise.all(planIds.map((id) => findPlan(db, id)));
    return plans
      .filter((plan) => plan !== undefined && plan.courseIds.some((id) => published.has(id)))
      .map((plan) => ({
        id: plan!.id,
        name: plan!.name,
        description: plan!.description,
        price: plan!.priceMinor,
        currency: plan!.currency,
        billing_interval: plan!.billingInterval as "month" | "year" | "once",
        tiers: plan!.tiers ?? [],
      }));
  };

  route(app, "registryPage", async ({ params }) => registryPage(db, params.name, plansOffered, clock.now()));

  route(app, "contributeToRegistry", ({ params, body }, request) =>
    checkoutLimit.around(request, async () => {
      const registry = await openRegistryOf(db, params.name);
      if (!payments) throw new HttpError(404, "Online payment is not set up on this site. Please write to the instructor.");
      const member = await findUserById(db, registry.memberId);
      const her = member?.firstName ?? "";
      const i18n = translatorFor(request.language);
      let values: {
        kind: "care" | "plan" | "class";
        planId: number | null;
        planName: string | null;
        courseIds: number[];
        months: number | null;
        amountMinor: number;
        currency: string;
        beyondPriceMinor?: number;
        classId?: number;
        classRegistrationId?: number;
        classTitle?: string;
      };
      let description: string;
      let held: Awaited<ReturnType<typeof codeHeld>> = null;
      const now = clock.now();
      if (body.amount !== undefined) {
        const care = registry.care ? await careOwedBy(db, registry.memberId) : null;
        if (!care) throw new HttpError(400, "This registry does not take contributions to her doula care.");
        if (body.amount < LEAST_CONTRIBUTION_MINOR) {
          const least = new Intl.NumberFormat(formattingLocales[request.language], { style: "currency", currency: care.currency }).format(
            LEAST_CONTRIBUTION_MINOR / 100,
          );
          throw HttpError.withValues(
            400,
            "The least you can give is {least}.",
            { least },
            {
              details: { amount: i18n._("The least you can give is {least}.", { least }) },
            },
          );
        }
        values = {
          kind: "care",
          planId: null,
          planName: null,
          courseIds: [],
          months: null,
          amountMinor: body.amount,
          currency: care.currency,
        };
        description = her ? i18n._("Towards {name}'s doula care", { name: her }) : i18n._("Towards her doula care");
      } else if (body.class_id !== undefined) {
        if (!registry.classIds.includes(body.class_id)) throw new HttpError(400, "That is not one of the gifts she listed.");
        if (!member) throw new HttpError(404, "There is no such registry. Please check the link you were given.");
        const classId = body.class_id;
        // Her place is held in her name while the friend pays, under the class's lock, so the last place goes once.
        const given = await db.transaction(async (tx) => {
          const place = await holdGivenPlace(tx, {
            classId,
            member,
            holdUntil: new Date(now.getTime() + (CHECKOUT_MINUTES + PAYMENT_GRACE_MINUTES) * 60_000),
            now,
            tier: body.tier,
          });
          const code = await codeHeld(tx, body.code, { kind: "class", id: classId }, place.priceMinor, payerOf(request, body), now);
          return { place, code };
        });
        held = given.code;
        values = {
          kind: "class",
          planId: null,
          planName: null,
          courseIds: [],
          months: null,
          amountMinor: held?.priceMinor ?? given.place.priceMinor,
          currency: given.place.currency,
          beyondPriceMinor: Math.max(0, (held?.priceMinor ?? given.place.priceMinor) - given.place.standardMinor),
          classId,
          classRegistrationId: given.place.registrationId,
          classTitle: given.place.title,
        };
        description = [
          her ? i18n._("A place for {name}: {title}", { name: her, title: given.place.title }) : given.place.title,
          ...(given.place.tierName ? [given.place.tierName] : []),
          ...(held ? [held.code.code] : []),
        ].join(" · ");
      } else {
        const found = registry.planIds.includes(body.plan_id!) ? await findPlan(db, body.plan_id!) : undefined;
        if (!found) throw new HttpError(400, "That is not one of the gifts she listed.");
        const published = await catalogue.publishedCourseIds();
        const { months, priceMinor, tierName } = giftPrice(found, { months: body.months, tier: body.tier });
        held = await codeHeld(db, body.code, { kind: "plan", id: found.id }, priceMinor, payerOf(request, body), now);
        const amountMinor = held?.priceMinor ?? priceMinor;
        values = {
          kind: "plan",
          planId: found.id,
          planName: found.name,
          courseIds: found.courseIds.filter((id) => published.has(id)),
          months,
          amountMinor,
          currency: found.currency,
          // What a Supporter tier paid beyond the plan's own price for those months (community places).
          beyondPriceMinor: Math.max(0, amountMinor - giftPrice(found, { months: body.months }).priceMinor),
        };
        description = [
          i18n._("Gift: {plan}", { plan: found.name }),
          ...(tierName ? [tierName] : []),
          ...(held ? [held.code.code] : []),
        ].join(" · ");
      }
      const id = await recordPendingContribution(db, {
        registryId: registry.id,
        ...values,
        giverName: body.giver_name,
        giverEmail: body.giver_email,
        message: body.message,
        public: body.public,
        language: request.language,
        createdAt: now,
      });
      try {
        const checkout = await payments.checkout({
          metadata: { registry_contribution_id: String(id) },
          description,
          amountMinor: values.amountMinor,
          currency: values.currency,
          email: body.giver_email,
          expiresAt: checkoutExpiry(now, held, CHECKOUT_MINUTES),
          successUrl: `${publicUrl}/registry/${registry.name}?given=1`,
          cancelUrl: `${publicUrl}/registry/${registry.name}?checkout=cancelled`,
        });
        await attachContributionCheckout(db, id, checkout.id);
        if (held) await attachCheckout(db, held.holdId, checkout.id);
        return { url: checkout.url };
      } catch (error) {
        request.log.warn({ err: error, contribution: id }, "gifts: a registry checkout could not be started");
        await forgetPendingContribution(db, id, now, classMail);
        if (held) await giveBackUse(db, { holdId: held.holdId });
        throw new HttpError(502, "The payment page could not be opened just now. Nothing was charged; please try again in a moment.");
      }
    }),
  );
}

/** The studio's side, behind its guard (its manifest's studio areas): Studio → Plans → Codes, and Studio → Gifts. */
export async function giftsStudioRoutes(app: FastifyInstance, { db, mail, payments, sender, clock }: GiftsOptions) {
  route(app, "createCode", async ({ body }, _request, reply) => {
    const id = await addCode(db, {
      code: body.code,
      percentOff: body.percent_off ?? null,
      amountOffMinor: body.amount_off ?? null,
      planIds: body.plan_ids,
      packageIds: body.package_ids,
      classIds: body.class_ids,
      startsOn: body.starts_on ?? null,
      endsOn: body.ends_on ?? null,
      maxUses: body.max_uses ?? null,
      firstPurchaseOnly: body.first_purchase_only,
    });
    if (id === null) throw HttpError.withValues(409, "There is a code {code} already. Choose other letters.", { code: body.code });
    return reply.code(201).send({ id, message: answerWith("Added the code {code}.", { code: body.code }) });
  });

  route(app, "studioCodes", async () => ({ codes: await codesForStudio(db) }));

  route(app, "removeCode", async ({ params: { id } }) => {
    if (!(await removeCode(db, id))) throw new HttpError(404, "There is no such code.");
    return { message: "Deleted the code. It is refused from now on." };
  });

  route(app, "studioGifts", async () => ({ gifts: await giftsForStudio(db) }));

  route(app, "resendGift", async ({ params: { id } }) => {
    await resendGift(db, id, mail);
    sender.wake();
    return { message: "Sent the gift's mail again, with a new link." };
  });

  route(app, "studioContributions", async () => ({ contributions: await contributionsForStudio(db) }));

  route(app, "refundRegistryCredit", async ({ params: { id } }, request) => {
    const refunded = await refundContributionCredit(db, payments, id, request.log);
    const amount = new Intl.NumberFormat(formattingLocales[request.language], { style: "currency", currency: refunded.currency }).format(
      refunded.amountMinor / 100,
    );
    return { message: answerWith("Refunded {amount} of credit through Stripe.", { amount }) };
  });

  route(app, "refundGift", async ({ params: { id } }, request) => {
    await refundGift(db, payments, id, request.log);
    return { message: "Refunded the gift through Stripe. Its link no longer opens anything." };
  });

  route(app, "communityPlaces", async () => communityPlacesForStudio(db));

  route(app, "giveCommunityPlace", async ({ body }, request, reply) => {
    const locale = formattingLocales[request.language];
    const given = await giveCommunityPlace(
      db,
      { email: body.email, planId: body.plan_id, months: body.months },
      clock.now(),
      (minor, currency) => new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 100),
      mail,
    );
    sender.wake();
    const message = given.waiting
      ? answerWith(
          "Kept a community place in {plan} for {email}: it opens on her account once she confirms that the address is hers. She is mailed to say so.",
          { plan: given.planName, email: given.name },
        )
      : given.until
        ? answerWith("Gave {name} a community place: {plan} is open for her until {day}. She is mailed to say so.", {
            name: given.name,
            plan: given.planName,
            day: new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: (await practiceToday(db, clock.now())).zone }).format(
              given.until,
            ),
          })
        : answerWith("Gave {name} a community place: {plan} is open for her for good. She is mailed to say so.", {
            name: given.name,
            plan: given.planName,
          });
    return reply.code(201).send({ message });
  });
}

/**
 * Uses held by checkouts that never reached Stripe (their server stopped on the way) come back
 * within the hour; gifts whose day has come are mailed within 15 seconds (one indexed read).
 */
export function giftsWork(deps: GiftDeps): TimedWork[] {
  return [
    { name: "gifts: codes' lost holds", everyMs: 15 * 60 * 1000, run: () => giveBackLostHolds(deps.db, deps.clock.now()) },
    { name: "gifts: deliveries", everyMs: 15_000, firstAfterMs: 5_000, run: () => deliverDueGifts(deps) },
  ];
}
