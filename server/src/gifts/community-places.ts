import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { CommunityPlaces } from "../../../contract/gifts.ts";
import { accountsByIds, findUserByEmail, fullName } from "../accounts/users-repository.ts";
import { findPlan } from "../catalogue/catalogue-repository.ts";
import { paidBeyondPackageFees } from "../care/care-repository.ts";
import { paidBeyondClassPrices } from "../classes/classes-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { type Member, type PersonalData, provenAddress } from "../db/personal-data.ts";
import type { Clock } from "../lib/clock.ts";
import { openGivenCourses } from "../grants/grants-repository.ts";
import { HttpError } from "../http/errors.ts";
import { paidBeyondPlanPrices } from "../payments/purchases-repository.ts";
import { giftPrice } from "./gift-price.ts";
import { openUntil, practiceToday } from "./gifts-repository.ts";
import { communityPlaceMail, communityPlaceWaitingMail } from "./gift-mails.ts";
import { inLanguage, type MailContext, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { communityPlaces, gifts } from "./gifts-schema.ts";
import { paidBeyondInRegistries } from "./registry-repository.ts";

// Community places (docs/gifts.md): what the Supporter tiers of plans, gifts, classes and care packages brought beyond
// their own prices is a fund, from which the doula gives a membership to a family who asks. The
// fund is counted from the payments themselves, so it is never out of step with them.

/** The fund by currency: raised (beyond the standard prices), given (as places), left. */
async function funds(db: Queryable): Promise<CommunityPlaces["funds"]> {
  const raised = new Map<string, number>();
  const beyondInGifts = await db
    .select({ currency: gifts.currency, minor: sql<number>`coalesce(sum(${gifts.beyondPriceMinor}), 0)`.mapWith(Number) })
    .from(gifts)
    .where(and(inArray(gifts.status, ["paid", "delivered", "opened"]), sql`${gifts.beyondPriceMinor} > 0`))
    .groupBy(gifts.currency);
  const beyond = [
    ...(await paidBeyondPlanPrices(db)),
    ...(await paidBeyondClassPrices(db)),
    ...(await paidBeyondPackageFees(db)),
    ...(await paidBeyondInRegistries(db)),
    ...beyondInGifts,
  ];
  for (const { currency, minor } of beyond) {
    const key = currency.toUpperCase();
    raised.set(key, (raised.get(key) ?? 0) + minor);
  }
  const given = await db
    .select({ currency: communityPlaces.currency, minor: sql<number>`sum(${communityPlaces.costMinor})`.mapWith(Number) })
    .from(communityPlaces)
    .groupBy(communityPlaces.currency);
  const currencies = new Set([...raised.keys(), ...given.map((row) => row.currency)]);
  return [...currencies].sort().map((currency) => {
    const spent = given.find((row) => row.currency === currency)?.minor ?? 0;
    const total = raised.get(currency) ?? 0;
    return { currency, raised: total, given: spent, left: total - spent };
  });
}

export async function communityPlacesForStudio(db: Queryable): Promise<CommunityPlaces> {
  const rows = await db.select().from(communityPlaces).orderBy(desc(communityPlaces.givenAt), desc(communityPlaces.id));
  const members = await accountsByIds(
    db,
    rows.flatMap((place) => (place.userId === null ? [] : [place.userId])),
  );
  return {
    funds: await funds(db),
    given: rows.map((place) => {
      const member = place.userId === null ? undefined : members.get(place.userId);
      return {
        id: place.id,
        member: member
          ? { name: [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email, email: member.email }
          : null,
        waiting_for: place.waitingFor,
        plan_name: place.planName,
        months: place.months,
        cost: place.costMinor,
        currency: place.currency,
        given_at: place.givenAt.toISOString(),
      };
    }),
  };
}

/**
 * Gives a place: the plan's courses open for her for the months chosen (a one-time plan for good),
 * and the fund pays the plan's price for them. One place at a time across app servers (a lock for
 * the transaction), so the fund is never spent twice. An account that has not proven the address
 * hers gets nothing yet: the place waits for the address (claimWaitingPlaces) and she is mailed how
 * to open it.
 */
export async function giveCommunityPlace(
  db: Database,
  input: { email: string; planId: number; months?: number | undefined },
  now: Date,
  money: (minor: number, currency: string) => string,
  mail: MailContext,
): Promise<{ name: string; planName: string; until: Date | null; waiting: boolean }> {
  const member = await findUserByEmail(db, input.email);
  if (!member)
    throw HttpError.withValues(404, "No member has the address {email}: ask her to make an account first.", { email: input.email });
  const plan = await findPlan(db, input.planId);
  if (!plan) throw new HttpError(404, "That plan does not exist.");
  const { months, priceMinor } = giftPrice(plan, { months: input.months });
  const address = provenAddress(member);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('community_places'))`);
    const fund = (await funds(tx)).find((candidate) => candidate.currency === plan.currency.toUpperCase());
    const left = fund?.left ?? 0;
    if (left < priceMinor)
      throw HttpError.withValues(409, "The community fund holds {left}, and this place costs {cost}.", {
        left: money(left, plan.currency),
        cost: money(priceMinor, plan.currency),
      });
    await tx.insert(communityPlaces).values({
      userId: address ? member.id : null,
      waitingFor: address ? null : member.email.toLowerCase(),
      courseIds: plan.courseIds,
      planId: plan.id,
      planName: plan.name,
      months,
      costMinor: priceMinor,
      currency: plan.currency.toUpperCase(),
      givenAt: now,
    });
    const context = inLanguage(mail, recipientLanguage(member.language, mail));
    if (!address) {
      await queueMail(tx, communityPlaceWaitingMail(member.email, { planName: plan.name }, context));
      return { name: member.email, planName: plan.name, until: null, waiting: true };
    }
    const until = await openPlace(tx, member, { planName: plan.name, months, courseIds: plan.courseIds }, now, context);
    return { name: fullName(member) || member.email, planName: plan.name, until, waiting: false };
  });
}

/** Opens a place's courses on her account, and tells her what is open and until when, in her language and the practice's calendar. */
async function openPlace(
  tx: Queryable,
  member: Member,
  place: { planName: string; months: number | null; courseIds: number[] },
  now: Date,
  context: MailContext,
): Promise<Date | null> {
  const until = await openUntil(tx, { months: place.months }, now);
  await openGivenCourses(tx, member.id, place.courseIds, until);
  const { zone } = await practiceToday(tx, now);
  await queueMail(tx, communityPlaceMail(member.email, member.firstName, { planName: place.planName, until, zone }, context));
  return until;
}

/** The places that waited for her address, hers once she proves it: their months count from today. */
async function claimWaitingPlaces(tx: Queryable, member: Member, now: Date, mail: MailContext): Promise<void> {
  const address = provenAddress(member);
  if (!address) return;
  const claimed = await tx
    .update(communityPlaces)
    .set({ userId: member.id, waitingFor: null })
    .where(and(isNull(communityPlaces.userId), eq(communityPlaces.waitingFor, address)))
    .returning();
  const context = inLanguage(mail, recipientLanguage(member.language, mail));
  for (const place of claimed) await openPlace(tx, member, { ...place, courseIds: place.courseIds ?? [] }, now, context);
}

/** The places given to her, in her data download; they stay, without her, in the fund's account. */
export const communityPlacesPersonalData = (db: Queryable, clock: Clock, mail: MailContext): PersonalData => ({
  key: "community_places",
  proven: (tx, member) => claimWaitingPlaces(tx, member, clock.now(), mail),
  export: async (member) =>
    (await db.select().from(communityPlaces).where(eq(communityPlaces.userId, member.id))).map((place) => ({
      plan: place.planName,
      months: place.months,
      given_at: place.givenAt.toISOString(),
    })),
});
