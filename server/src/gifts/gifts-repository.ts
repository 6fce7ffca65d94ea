import type { InvitedPerson } from "../accounts/users-repository.ts";
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { Temporal } from "temporal-polyfill";
import type { StudioGift } from "../../../contract/gifts.ts";
import { languageOr } from "../../../contract/languages.ts";
import { readHours } from "../bookings/bookings-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { type PersonalData, provenAddress } from "../db/personal-data.ts";
import { openGivenCourses } from "../grants/grants-repository.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import { type ChargedSession, chargedAsAsked, type OneOffPayments } from "../lib/one-off-payments.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import type { MailContext } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { giftDeliveredMail, type GiftForMail, giftReceiptMail } from "./gift-mails.ts";
import { gifts } from "./gifts-schema.ts";

// Gifts of a course or a membership (docs/gifts.md): bought through Checkout by anyone, mailed to
// the recipient on their day in the practice's zone by the timed work (claimed once), and opened
// on her account by a link that works once.

export type GiftRow = typeof gifts.$inferSelect;

export type GiftDeps = { db: Database; clock: Clock; mail: MailContext; sender: MailSender; payments: OneOffPayments | null };

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const newToken = () => randomBytes(24).toString("base64url");

/** The practice's calendar day at `now` (Studio → Calendar's zone; UTC until she sets one). */
export async function practiceToday(db: Queryable, now: Date): Promise<{ day: string; zone: string }> {
  const zone = (await readHours(db))?.timeZone ?? "UTC";
  return { day: Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate().toString(), zone };
}

const forMail = (row: GiftRow): GiftForMail => ({
  planName: row.planName,
  months: row.months,
  amountMinor: row.amountMinor,
  currency: row.currency,
  giverName: row.giverName,
  giverEmail: row.giverEmail,
  recipientName: row.recipientName,
  recipientEmail: row.recipientEmail,
  message: row.message,
  deliverOn: row.deliverOn,
});

const inGiftLanguage = (row: GiftRow, context: MailContext): MailContext => ({
  ...context,
  language: languageOr(row.language, context.language ?? "en"),
});

export async function recordPendingGift(db: Queryable, values: Omit<typeof gifts.$inferInsert, "id" | "status">): Promise<number> {
  const [row] = await db.insert(gifts).values(values).returning({ id: gifts.id });
  return row!.id;
}

export async function attachGiftCheckout(db: Queryable, giftId: number, checkoutSessionId: string): Promise<void> {
  await db.update(gifts).set({ checkoutSessionId }).where(eq(gifts.id, giftId));
}

export async function forgetPendingGift(db: Queryable, giftId: number): Promise<void> {
  await db.delete(gifts).where(and(eq(gifts.id, giftId), eq(gifts.status, "pending")));
}

/**
 * Claims one paid gift whose day has come and queues its mail with a new link, in one
 * transaction: the conditional update names a paid row, so two app servers never both send it.
 */
async function deliverOne(tx: Queryable, giftId: number, now: Date, context: MailContext): Promise<boolean> {
  const token = newToken();
  const [row] = await tx
    .update(gifts)
    .set({ status: "delivered", deliveredAt: now, openHash: hashToken(token) })
    .where(and(eq(gifts.id, giftId), eq(gifts.status, "paid")))
    .returning();
  if (!row) return false;
  await queueMail(tx, giftDeliveredMail(forMail(row), openLink(context, token), inGiftLanguage(row, context)));
  return true;
}

const openLink = (context: MailContext, token: string) => `${context.publicUrl}/gift/redeem?token=${token}`;
const changeLink = (context: MailContext, token: string) => `${context.publicUrl}/gift/change?token=${token}`;

/** The timed work: every paid gift whose day has come (in the practice's zone) is mailed, once. */
export async function deliverDueGifts(deps: GiftDeps): Promise<number> {
  const now = deps.clock.now();
  const { day } = await practiceToday(deps.db, now);
  const due = await deps.db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(eq(gifts.status, "paid"), lte(gifts.deliverOn, day)))
    .limit(100);
  let sent = 0;
  for (const { id } of due) if (await deps.db.transaction((tx) => deliverOne(tx, id, now, deps.mail))) sent += 1;
  if (sent > 0) deps.sender.wake();
  return sent;
}

/**
 * The payments webhook's hook (a CheckoutOwner of its manifest): a paid gift's receipt goes to its
 * giver at once, with her link to change it; a gift for today goes out in the same transaction.
 */
export function giftCheckouts(deps: Pick<GiftDeps, "clock" | "mail">) {
  return {
    owns: (metadata: Record<string, string>) => "gift_id" in metadata,
    completed: async (tx: Queryable, session: { id: string; paymentIntent: string | null } & ChargedSession, log: FastifyBaseLogger) => {
      const now = deps.clock.now();
      const [pending] = await tx.select().from(gifts).where(eq(gifts.checkoutSessionId, session.id));
      if (pending && !chargedAsAsked(session, pending))
        return log.error(
          { checkoutSession: session.id, giftId: pending.id, charged: { amount: session.amountTotal, currency: session.currency } },
          "gifts: a gift's checkout charged another amount than it was opened for; nothing is settled",
        );
      const change = newToken();
      const [paid] = await tx
        .update(gifts)
        .set({ status: "paid", paidAt: now, paymentIntentId: session.paymentIntent, changeHash: hashToken(change) })
        .where(and(eq(gifts.checkoutSessionId, session.id), eq(gifts.status, "pending")))
        .returning();
      if (!paid) return log.info({ checkoutSession: session.id }, "gifts: a completed checkout found its gift paid already");
      const context = inGiftLanguage(paid, deps.mail);
      await queueMail(tx, giftReceiptMail(forMail(paid), changeLink(context, change), context));
      const { day } = await practiceToday(tx, now);
      if (paid.deliverOn <= day) await deliverOne(tx, paid.id, now, deps.mail);
    },
    expired: async (tx: Queryable, session: { id: string }) => {
      await tx.delete(gifts).where(and(eq(gifts.checkoutSessionId, session.id), eq(gifts.status, "pending")));
    },
    // Refunded in Stripe's dashboard rather than from the studio: a whole refund stops its links as
    // the studio's does (courses it opened stay open); a part refund is a gesture and changes nothing.
    refunded: async (tx: Queryable, charge: { paymentIntent: string; whole: boolean }, log: FastifyBaseLogger) => {
      const [gift] = await tx.select({ id: gifts.id }).from(gifts).where(eq(gifts.paymentIntentId, charge.paymentIntent));
      if (!gift) return false;
      if (charge.whole) {
        await tx
          .update(gifts)
          .set({ status: "refunded", openHash: null, changeHash: null })
          .where(and(eq(gifts.id, gift.id), ne(gifts.status, "refunded")));
      } else log.info({ giftId: gift.id }, "gifts: a gift was partly refunded in Stripe; its link still works");
      return true;
    },
  };
}

/** The gift a recipient's link names, before it is used: for registration, whom it was sent to. */
async function giftByOpenLink(db: Queryable, token: string): Promise<GiftRow> {
  const [row] = await db
    .select()
    .from(gifts)
    .where(eq(gifts.openHash, hashToken(token)));
  if (!row) throw new HttpError(404, "This gift link is not known. It may have been copied incompletely, or a newer mail replaced it.");
  if (row.status === "opened")
    throw new HttpError(409, "This gift has been opened already. Sign in with the account that opened it to find its courses.");
  if (row.status === "refunded") throw new HttpError(409, "This gift was refunded, so its link no longer opens anything.");
  return row;
}

/** Registration with a gift's link (server/src/accounts/sign-in-routes.ts): the address it was sent to. */
export async function checkGiftLink(db: Queryable, token: string): Promise<InvitedPerson> {
  const gift = await giftByOpenLink(db, token);
  // The giver typed one name for her: it fills the first name, which she can change.
  return { email: gift.recipientEmail.toLowerCase(), firstName: gift.recipientName, lastName: null };
}

/**
 * Opens a gift on a member's account, once however many arrive at once: the conditional update
 * names a delivered row, and its courses open in the same transaction, for the months given.
 */
export async function openGift(tx: Queryable, token: string, memberId: number, now: Date): Promise<{ gift: GiftRow; until: Date | null }> {
  const [opened] = await tx
    .update(gifts)
    .set({ status: "opened", openedAt: now, openedBy: memberId })
    .where(and(eq(gifts.openHash, hashToken(token)), eq(gifts.status, "delivered")))
    .returning();
  if (!opened) {
    await giftByOpenLink(tx, token);
    throw new HttpError(409, "This gift has been opened already. Sign in with the account that opened it to find its courses.");
  }
  const until = await openUntil(tx, opened, now);
  await openGivenCourses(tx, memberId, opened.courseIds, until);
  return { gift: opened, until };
}

/** When a gift's courses close: the months given from the day it is opened, on the practice's calendar; null for good. */
export async function openUntil(db: Queryable, gift: Pick<GiftRow, "months">, now: Date): Promise<Date | null> {
  if (gift.months === null) return null;
  const { zone } = await practiceToday(db, now);
  const until = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).add({ months: gift.months });
  return new Date(until.epochMilliseconds);
}

/** The gift the link in the giver's receipt names. */
export async function giftForGiver(db: Queryable, token: string): Promise<GiftRow> {
  const [row] = await db
    .select()
    .from(gifts)
    .where(eq(gifts.changeHash, hashToken(token)));
  if (!row || row.status === "pending") throw new HttpError(404, "This link is not known. Please open the whole link from your receipt.");
  return row;
}

/** The giver's change, while the gift waits for its day: one conditional update, so a delivery cannot slip between. */
export async function changeGift(
  db: Queryable,
  token: string,
  change: { recipientEmail: string; message: string; deliverOn: string },
  now: Date,
): Promise<void> {
  const row = await giftForGiver(db, token);
  const { day } = await practiceToday(db, now);
  if (change.deliverOn < day) throw new HttpError(400, "Choose today or a day to come.", { deliver_on: "Choose today or a day to come." });
  const [changed] = await db
    .update(gifts)
    .set(change)
    .where(and(eq(gifts.id, row.id), eq(gifts.status, "paid")))
    .returning({ id: gifts.id });
  if (!changed) throw new HttpError(409, "This gift has been sent already, so it can no longer be changed.");
}

export async function giftsForStudio(db: Queryable): Promise<StudioGift[]> {
  const rows = await db
    .select()
    .from(gifts)
    .where(inArray(gifts.status, ["paid", "delivered", "opened", "refunded"]))
    .orderBy(desc(gifts.createdAt), desc(gifts.id))
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    plan_name: row.planName,
    months: row.months,
    amount: row.amountMinor,
    currency: row.currency,
    giver_name: row.giverName,
    giver_email: row.giverEmail,
    recipient_name: row.recipientName,
    recipient_email: row.recipientEmail,
    deliver_on: row.deliverOn,
    status: row.status as StudioGift["status"],
    paid_at: row.paidAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    opened_at: row.openedAt?.toISOString() ?? null,
  }));
}

/** Sends a delivered, unopened gift's mail again with a new link; the old link stops working. */
export async function resendGift(db: Database, giftId: number, context: MailContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for("update");
    if (!row || row.status === "pending") throw new HttpError(404, "There is no such gift.");
    if (row.status !== "delivered")
      throw new HttpError(409, row.status === "paid" ? "This gift waits for its day: it goes then." : "This gift was opened or refunded.");
    const token = newToken();
    await tx
      .update(gifts)
      .set({ openHash: hashToken(token) })
      .where(eq(gifts.id, giftId));
    await queueMail(tx, giftDeliveredMail(forMail(row), openLink(context, token), inGiftLanguage(row, context)));
  });
}

/**
 * Refunds a gift through Stripe (once, whatever the retries: the key names its payment) and stops its
 * link. Courses it opened stay open: taking a present back from her account is the doula's call.
 */
export async function refundGift(db: Database, payments: OneOffPayments | null, giftId: number, log: FastifyBaseLogger): Promise<GiftRow> {
  const [row] = await db.select().from(gifts).where(eq(gifts.id, giftId));
  if (!row || row.status === "pending") throw new HttpError(404, "There is no such gift.");
  if (row.status === "refunded") throw new HttpError(409, "This gift was refunded already.");
  if (!payments || !row.paymentIntentId) throw new HttpError(409, "This gift was not paid online, so there is nothing to refund here.");
  try {
    await payments.refund(row.paymentIntentId, `gift-refund-${row.paymentIntentId}`);
  } catch (error) {
    log.warn({ err: error, giftId }, "gifts: the refund could not be made");
    throw new HttpError(502, "Stripe could not make the refund just now. Nothing changed; please try again in a moment.");
  }
  await db.update(gifts).set({ status: "refunded", openHash: null, changeHash: null }).where(eq(gifts.id, giftId));
  return row;
}

/**
 * Gifts she gave (by her proven address) and gifts she opened: in her data download. A gift is a
 * payment, a business record: with her account deleted it stays, without her name, address or message.
 */
export const giftsPersonalData = (db: Queryable): PersonalData => {
  const given = (address: string) => sql`lower(${gifts.giverEmail}) = ${address}`;
  return {
    key: "gifts",
    export: async (member) => {
      const address = provenAddress(member);
      const show = (row: GiftRow) => ({
        plan: row.planName,
        months: row.months,
        giver_name: row.giverName,
        recipient_name: row.recipientName,
        message: row.message,
        deliver_on: row.deliverOn,
        status: row.status,
      });
      const received = await db.select().from(gifts).where(eq(gifts.openedBy, member.id));
      const gave = address
        ? await db
            .select()
            .from(gifts)
            .where(and(given(address), sql`${gifts.status} <> 'pending'`))
        : [];
      return { given: gave.map(show), received: received.map(show) };
    },
    erase: async (tx, member) => {
      await tx.update(gifts).set({ recipientName: "", recipientEmail: "", message: "" }).where(eq(gifts.openedBy, member.id));
      const address = provenAddress(member);
      if (address) await tx.update(gifts).set({ giverName: "", giverEmail: "", message: "" }).where(given(address));
    },
  };
};
