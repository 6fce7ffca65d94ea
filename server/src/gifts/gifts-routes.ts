import type { FastifyInstance } from "fastify";
import { answerWith } from "../../../contract/languages.ts";
import type { PlanTier } from "../../../contract/catalogue.ts";
import { type CatalogueReader, findPlan } from "../catalogue/catalogue-repository.ts";
import { changeAndAnnounce } from "../db/data-changes.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { translatorFor } from "../language/catalogues.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { addCode, attachCheckout, codesForStudio, giveBackLostHolds, giveBackUse, holdCodeUse, removeCode } from "./codes-repository.ts";
import {
  attachGiftCheckout,
  changeGift,
  deliverDueGifts,
  forgetPendingGift,
  type GiftDeps,
  giftForGiver,
  giftsForStudio,
  openGift,
  openUntil,
  practiceToday,
  recordPendingGift,
  refundGift,
  resendGift,
} from "./gifts-repository.ts";

type GiftsOptions = GiftDeps & { catalogue: CatalogueReader; publicUrl: string };

/** How long a gift's Checkout waits for its payment (Stripe takes 30 minutes to a day). */
const CHECKOUT_MINUTES = 60;
/** How far ahead a gift may be sent: a shower, a birthday, within the year. */
const FURTHEST_DAYS = 366;

/** The price of a gift: the plan's (or the tier's), once for a one-time plan, times the periods given otherwise. */
function giftPrice(
  plan: { billingInterval: string; priceMinor: number; tiers: PlanTier[] | null },
  input: { months?: number; tier?: string | number },
): { months: number | null; priceMinor: number; tierName: string | null } {
  let unit = plan.priceMinor;
  let tierName: string | null = null;
  if (input.tier !== undefined && input.tier !== "") {
    const chosen = (plan.tiers ?? []).find((tier) =>
      typeof input.tier === "number" ? tier.price === input.tier : tier.name.toLowerCase() === String(input.tier).toLowerCase(),
    );
    if (!chosen) throw new HttpError(400, "That is not one of this plan's prices.");
    unit = chosen.price;
    tierName = chosen.name;
  }
  if (plan.billingInterval === "once") return { months: null, priceMinor: unit, tierName };
  if (plan.billingInterval === "year") {
    const months = input.months ?? 12;
    if (months % 12 !== 0)
      throw new HttpError(400, "A yearly membership is given in whole years: 12, 24 or 36 months.", {
        months: "Choose 12, 24 or 36 months.",
      });
    return { months, priceMinor: unit * (months / 12), tierName };
  }
  const months = input.months ?? 1;
  return { months, priceMinor: unit * months, tierName };
}

/** Anyone's side: giving, the giver's changes, and opening a gift (docs/gifts.md). */
export async function giftsRoutes(app: FastifyInstance, deps: GiftsOptions) {
  const { db, clock, catalogue, publicUrl, payments } = deps;

  route(app, "giftCheckout", async ({ body }, request) => {
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
    const furthest = new Date(now.getTime() + FURTHEST_DAYS * 86_400_000).toISOString().slice(0, 10);
    if (body.deliver_on > furthest)
      throw new HttpError(400, "Choose a day within the coming year.", { deliver_on: "Choose a day within the coming year." });
    const { months, priceMinor, tierName } = giftPrice(found, body);
    const held = body.code
      ? await holdCodeUse(db, {
          code: body.code,
          item: { kind: "plan", id: found.id },
          priceMinor,
          userId: request.member?.id ?? null,
          now,
        })
      : null;
    const amountMinor = held?.priceMinor ?? priceMinor;
    const giftId = await recordPendingGift(db, {
      planId: found.id,
      planName: found.name,
      courseIds,
      months,
      amountMinor,
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
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
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
  });

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
    const gift = await changeAndAnnounce(db, "access", (tx) => openGift(tx, body.token, member.id, now));
    const until = await openUntil(db, gift, now);
    return {
      message: answerWith("{plan} is open on your account.", { plan: gift.planName }),
      plan_name: gift.planName,
      course_ids: gift.courseIds,
      open_until: until?.toISOString() ?? null,
    };
  });
}

/** The studio's side, behind its guard (features.ts): Studio → Plans → Codes, and Studio → Gifts. */
export async function giftsStudioRoutes(app: FastifyInstance, { db, mail, payments, sender }: GiftsOptions) {
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

  route(app, "refundGift", async ({ params: { id } }, request) => {
    await refundGift(db, payments, id, request.log);
    return { message: "Refunded the gift through Stripe. Its link no longer opens anything." };
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
