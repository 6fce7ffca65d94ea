import { and, desc, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { CODE_HOLD_MINUTES } from "../lib/checkout-pricing.ts";
import type { StudioCode } from "../../../contract/gifts.ts";
import type { Database, Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { purchasesOf } from "../payments/purchases-repository.ts";
import { practiceToday } from "./gifts-repository.ts";
import { codeUses, discountCodes } from "./gifts-schema.ts";

// Codes (docs/gifts.md): the server computes the price, and a use is held while a checkout is
// under way, so a code with one use left is used once however many checkouts start at once.

type CodeRow = typeof discountCodes.$inferSelect;

/** What a checkout sells (payments' `PricedItem`, whose hook `codePricing` fills, by its shape). */
type PricedItem = { kind: "plan" | "package" | "class"; id: number };

/** The smallest charge Stripe takes in most currencies: a code never brings a price below it. */
const SMALLEST_CHARGE_MINOR = 50;

/** A checkout started and neither sent to Stripe nor given back within this long lost its server on the way. */
const UNSTARTED_HOLD_MS = CODE_HOLD_MINUTES * 60 * 1000;
/** Uses of one code that one member or address may hold at once (checkouts under way, unpaid). */
export const USES_HELD_AT_ONCE = 2;

export async function addCode(db: Queryable, code: Omit<typeof discountCodes.$inferInsert, "id" | "taken">): Promise<number | null> {
  const [row] = await db.insert(discountCodes).values(code).onConflictDoNothing().returning({ id: discountCodes.id });
  return row?.id ?? null;
}

export async function removeCode(db: Queryable, codeId: number): Promise<boolean> {
  return (await db.delete(discountCodes).where(eq(discountCodes.id, codeId)).returning({ id: discountCodes.id })).length > 0;
}

export async function codesForStudio(db: Queryable): Promise<StudioCode[]> {
  // Written out: inside a select from one table, drizzle leaves columns unqualified, and "id" would be the use's.
  const paid = sql<number>`(select count(*) from code_uses where code_uses.code_id = discount_codes.id and code_uses.paid_at is not null)`;
  const rows = await db
    .select({ code: discountCodes, paid: paid.mapWith(Number) })
    .from(discountCodes)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map(({ code, paid: used }) => ({
    id: code.id,
    code: code.code,
    percent_off: code.percentOff,
    amount_off: code.amountOffMinor,
    plan_ids: code.planIds,
    package_ids: code.packageIds,
    class_ids: code.classIds,
    starts_on: code.startsOn,
    ends_on: code.endsOn,
    max_uses: code.maxUses,
    used,
    held: code.taken - used,
    first_purchase_only: code.firstPurchaseOnly,
    created_at: code.createdAt.toISOString(),
  }));
}

const itemIds = (code: CodeRow, item: PricedItem) =>
  item.kind === "plan" ? code.planIds : item.kind === "package" ? code.packageIds : code.classIds;

const notForThis = {
  plan: (code: string) => HttpError.withValues(400, "The code {code} is not for this plan.", { code }),
  package: (code: string) => HttpError.withValues(400, "The code {code} is not for this package.", { code }),
  class: (code: string) => HttpError.withValues(400, "The code {code} is not for this class.", { code }),
};

/** The price with the code's reduction, in minor units (a percentage rounded to the nearest cent). */
export function reducedPrice(code: Pick<CodeRow, "percentOff" | "amountOffMinor">, priceMinor: number): number {
  if (code.percentOff !== null) return priceMinor - Math.round((priceMinor * code.percentOff) / 100);
  return Math.max(0, priceMinor - (code.amountOffMinor ?? 0));
}

/**
 * Checks a code for this item on the practice's calendar day and holds one of its uses, in one
 * transaction: the conditional update takes a use only while one is left, whichever app server
 * asks. Refuses with the sentence that says why.
 */
export async function holdCodeUse(
  db: Database,
  input: { code: string; item: PricedItem; priceMinor: number; userId: number | null; email: string; now: Date },
): Promise<{ holdId: number; priceMinor: number; code: CodeRow }> {
  const typed = input.code.trim().toUpperCase();
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.code, typed));
  if (!code) throw HttpError.withValues(400, "There is no code {code}. Please check its letters.", { code: typed || "?" });
  const { day: today } = await practiceToday(db, input.now);
  if (code.startsOn && today < code.startsOn)
    throw HttpError.withValues(400, "The code {code} can be used from {day}.", { code: code.code, day: code.startsOn });
  if (code.endsOn && today > code.endsOn)
    throw HttpError.withValues(400, "The code {code} ended on {day}.", { code: code.code, day: code.endsOn });
  if (!itemIds(code, input.item).includes(input.item.id)) throw notForThis[input.item.kind](code.code);
  if (code.firstPurchaseOnly && input.userId !== null && (await boughtBefore(db, input.userId)))
    throw HttpError.withValues(400, "The code {code} is for a first purchase, and you have bought here before.", { code: code.code });
  const priceMinor = reducedPrice(code, input.priceMinor);
  if (priceMinor < SMALLEST_CHARGE_MINOR)
    throw HttpError.withValues(
      400,
      "With the code {code} almost nothing is left to pay, which a card payment cannot take. Please write to the instructor, who can open it for you.",
      { code: code.code },
    );
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // One member's or address's holds of this code are counted and taken one at a time, on every server.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('code_uses'), hashtext(${`${code.id}:${input.userId ?? email}`}))`);
    const [held] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(codeUses)
      .where(
        and(
          eq(codeUses.codeId, code.id),
          isNull(codeUses.paidAt),
          input.userId === null ? eq(codeUses.heldByEmail, email) : or(eq(codeUses.userId, input.userId), eq(codeUses.heldByEmail, email)),
        ),
      );
    if ((held?.count ?? 0) >= USES_HELD_AT_ONCE)
      throw HttpError.withValues(
        409,
        "You have {count} payments with the code {code} under way already. Please finish one, or try again in half an hour, when unfinished ones lapse.",
        { count: USES_HELD_AT_ONCE, code: code.code },
      );
    const [taken] = await tx
      .update(discountCodes)
      .set({ taken: sql`${discountCodes.taken} + 1` })
      .where(
        and(eq(discountCodes.id, code.id), sql`(${discountCodes.maxUses} is null or ${discountCodes.taken} < ${discountCodes.maxUses})`),
      )
      .returning({ id: discountCodes.id });
    if (!taken) throw HttpError.withValues(400, "The code {code} has been used as many times as it could be.", { code: code.code });
    const [hold] = await tx
      .insert(codeUses)
      .values({ codeId: code.id, userId: input.userId, heldByEmail: email, createdAt: input.now })
      .returning({ id: codeUses.id });
    return { holdId: hold!.id, priceMinor, code };
  });
}

/** Whether she has paid for anything here before (a plan, or a checkout that used a code). */
async function boughtBefore(db: Queryable, userId: number): Promise<boolean> {
  if ((await purchasesOf(db, userId)).some((purchase) => purchase.status === "paid" || purchase.status === "refunded")) return true;
  const [used] = await db
    .select({ id: codeUses.id })
    .from(codeUses)
    .where(and(eq(codeUses.userId, userId), isNotNull(codeUses.paidAt)))
    .limit(1);
  return used !== undefined;
}

export async function attachCheckout(db: Queryable, holdId: number, checkoutSessionId: string): Promise<void> {
  await db.update(codeUses).set({ checkoutSessionId }).where(eq(codeUses.id, holdId));
}

/** Gives a held use back, once: the row goes, and the count with it, in one statement. */
export async function giveBackUse(db: Queryable, by: { holdId: number } | { checkoutSessionId: string }): Promise<void> {
  const which =
    "holdId" in by
      ? and(eq(codeUses.id, by.holdId), isNull(codeUses.paidAt))
      : and(eq(codeUses.checkoutSessionId, by.checkoutSessionId), isNull(codeUses.paidAt));
  await db.execute(sql`with gone as (delete from ${codeUses} where ${which} returning ${codeUses.codeId})
    update ${discountCodes} set taken = taken - 1 where id in (select code_id from gone)`);
}

export async function markUsePaid(db: Queryable, checkoutSessionId: string, now: Date): Promise<void> {
  await db
    .update(codeUses)
    .set({ paidAt: now, heldByEmail: null })
    .where(and(eq(codeUses.checkoutSessionId, checkoutSessionId), isNull(codeUses.paidAt)));
}

/** Holds whose checkout never reached Stripe (its server stopped on the way): their uses come back. */
export async function giveBackLostHolds(db: Queryable, now: Date): Promise<void> {
  const before = new Date(now.getTime() - UNSTARTED_HOLD_MS);
  await db.execute(sql`with gone as (delete from ${codeUses}
      where ${and(isNull(codeUses.checkoutSessionId), isNull(codeUses.paidAt), lt(codeUses.createdAt, before))}
      returning ${codeUses.codeId})
    update ${discountCodes} set taken = taken - (select count(*) from gone where gone.code_id = ${discountCodes.id})
    where id in (select code_id from gone)`);
}

/** The pricing payments asks of a checkout with a code (`CheckoutPricing`, server/src/payments/stripe-events.ts). */
export function codePricing(db: Database) {
  return {
    hold: async (input: Parameters<typeof holdCodeUse>[1]) => {
      const held = await holdCodeUse(db, input);
      const { code, percentOff, amountOffMinor } = held.code;
      return { holdId: held.holdId, priceMinor: held.priceMinor, reduction: { code, percentOff, amountOffMinor } };
    },
    attach: (holdId: number, checkoutSessionId: string) => attachCheckout(db, holdId, checkoutSessionId),
    giveBack: giveBackUse,
    paid: markUsePaid,
  };
}

/**
 * The codes she used: in her data download. A use is a business record (it counts against the
 * code's limit): with her account it stays, without her (ON DELETE SET NULL).
 */
export const codesPersonalData = (db: Queryable): PersonalData => ({
  key: "codes_used",
  export: async (member) =>
    (
      await db
        .select({ code: discountCodes.code, paidAt: codeUses.paidAt, at: codeUses.createdAt })
        .from(codeUses)
        .innerJoin(discountCodes, eq(discountCodes.id, codeUses.codeId))
        .where(eq(codeUses.userId, member.id))
        .orderBy(codeUses.createdAt)
    ).map((row) => ({ code: row.code, started_at: row.at.toISOString(), paid_at: row.paidAt?.toISOString() ?? null })),
});
