import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { MyRegistry, RegistryPage, StudioContribution } from "../../../contract/gifts.ts";
import { languageOr, sentence } from "../../../contract/languages.ts";
import { accountsByIds, findUserById, fullName } from "../accounts/users-repository.ts";
import { careOwedBy, creditCareFromRegistry } from "../care/care-repository.ts";
import { notifyStudio } from "../notifications/notifications-repository.ts";
import { type ClassMailContext, classesToGive, releaseHeldPlace, settlePaidPlace } from "../classes/classes-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { openGivenCourses } from "../grants/grants-repository.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import { type ChargedSession, chargedAsAsked, type OneOffPayments } from "../lib/one-off-payments.ts";
import { type MailContext, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { openUntil } from "./gifts-repository.ts";
import { registryGiftMail, registryThanksMail } from "./gift-mails.ts";
import { registries, registryContributions } from "./gifts-schema.ts";

// Her birth registry (docs/gifts.md): an unlisted page through which friends fund her doula care
// or give her a course; the contributions are credited to her care schedule as they are paid.

/** The least a friend gives towards her care: 5 in the currency of her plan. */
export const LEAST_CONTRIBUTION_MINOR = 500;

type RegistryRow = typeof registries.$inferSelect;
type ContributionRow = typeof registryContributions.$inferSelect;

/** "ana-k3p9qz": her first name's plain letters and a random part, so the link cannot be guessed. */
function newRegistryName(firstName: string | null): string {
  const letters = (firstName ?? "")
    .normalize("NFD")
    .replace(/[^A-Za-z]/g, "")
    .toLowerCase()
    .slice(0, 20);
  const random = randomBytes(6)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "x")
    .toLowerCase();
  return `${letters || "registry"}-${random}`;
}

/** Makes her registry, or changes it (and opens it again): one per member. */
export async function saveRegistry(
  db: Queryable,
  member: { id: number; firstName: string | null },
  input: { line: string; showDueMonth: boolean; planIds: number[]; classIds: number[]; care: boolean },
  now: Date,
): Promise<string> {
  if (input.care && !(await careOwedBy(db, member.id)))
    throw new HttpError(400, "You have no payments left with your doula, so friends cannot contribute to your care here.", {
      gifts: "Leave out contributions to your doula care.",
    });
  const givable = await classesToGive(db, now, input.classIds);
  if (givable.length !== input.classIds.length)
    throw new HttpError(400, "A class you chose cannot be given: only a paid class still to come can.", {
      gifts: "Choose paid classes still to come.",
    });
  const [row] = await db
    .insert(registries)
    .values({ memberId: member.id, name: newRegistryName(member.firstName), ...input })
    .onConflictDoUpdate({ target: registries.memberId, set: { ...input, closedAt: null } })
    .returning({ name: registries.name });
  return row!.name;
}

export async function closeRegistry(db: Queryable, memberId: number, now: Date): Promise<boolean> {
  const closed = await db
    .update(registries)
    .set({ closedAt: now })
    .where(eq(registries.memberId, memberId))
    .returning({ id: registries.id });
  return closed.length > 0;
}

const firstWord = (name: string) => name.trim().split(/\s+/)[0] ?? "";

const whatWasGiven = (row: ContributionRow) =>
  row.kind === "care" ? "care" : ((row.kind === "class" ? row.classTitle : row.planName) ?? "");

async function givenTo(db: Queryable, registryId: number): Promise<MyRegistry["given"]> {
  const rows = await db
    .select()
    .from(registryContributions)
    .where(and(eq(registryContributions.registryId, registryId), eq(registryContributions.status, "paid")))
    .orderBy(registryContributions.paidAt, registryContributions.id);
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.amountMinor);
  return {
    count: rows.length,
    totals: [...totals].map(([currency, amount]) => ({ currency, amount })),
    // Only the givers who chose to appear, by their first name alone.
    givers: rows
      .filter((row) => row.public)
      .map((row) => ({ name: firstWord(row.giverName), message: row.message, what: whatWasGiven(row) })),
  };
}

export async function myRegistry(db: Queryable, memberId: number): Promise<MyRegistry | null> {
  const [row] = await db.select().from(registries).where(eq(registries.memberId, memberId));
  if (!row) return null;
  return {
    name: row.name,
    line: row.line,
    show_due_month: row.showDueMonth,
    plan_ids: row.planIds,
    class_ids: row.classIds,
    care: row.care,
    closed: row.closedAt !== null,
    given: await givenTo(db, row.id),
  };
}

export async function registryByName(db: Queryable, name: string): Promise<RegistryRow> {
  const [row] = await db.select().from(registries).where(eq(registries.name, name));
  if (!row) throw new HttpError(404, "There is no such registry. Please check the link you were given.");
  return row;
}

export const toGiftClass = (live: Awaited<ReturnType<typeof classesToGive>>[number]) => ({
  id: live.id,
  title: live.title,
  starts_at: live.startsAt.toISOString(),
  price: live.priceMinor,
  currency: live.currency,
  tiers: live.tiers,
  places_left: live.placesLeft,
});

/** The page anyone with the link sees: her first name, never her surname, address or due date unless chosen. */
export async function registryPage(
  db: Queryable,
  name: string,
  plansOffered: (planIds: number[]) => Promise<RegistryPage["plans"]>,
  now: Date,
): Promise<RegistryPage> {
  const row = await registryByName(db, name);
  const member = await findUserById(db, row.memberId);
  const care = row.care ? await careOwedBy(db, row.memberId) : null;
  return {
    first_name: member?.firstName ?? null,
    line: row.line,
    due_month: row.showDueMonth && member?.dueDate ? member.dueDate.slice(0, 7) : null,
    open: row.closedAt === null,
    plans: await plansOffered(row.planIds),
    classes: (await classesToGive(db, now, row.classIds)).map(toGiftClass),
    care: care ? { currency: care.currency, least: LEAST_CONTRIBUTION_MINOR } : null,
    given: await givenTo(db, row.id),
  };
}

export async function recordPendingContribution(
  db: Queryable,
  values: Omit<typeof registryContributions.$inferInsert, "id" | "status">,
): Promise<number> {
  const [row] = await db.insert(registryContributions).values(values).returning({ id: registryContributions.id });
  return row!.id;
}

export async function attachContributionCheckout(db: Queryable, id: number, checkoutSessionId: string): Promise<void> {
  await db.update(registryContributions).set({ checkoutSessionId }).where(eq(registryContributions.id, id));
}

/** A pending contribution that will not be paid: gone, and a class place held for it is released to whoever waits. */
async function dropPendingContribution(tx: Queryable, which: SQL, now: Date, classMail: ClassMailContext): Promise<void> {
  const [gone] = await tx
    .delete(registryContributions)
    .where(and(which, eq(registryContributions.status, "pending")))
    .returning({ classRegistrationId: registryContributions.classRegistrationId });
  if (gone?.classRegistrationId) await releaseHeldPlace(tx, gone.classRegistrationId, now, classMail);
}

/** A contribution whose Checkout could not open. */
export async function forgetPendingContribution(db: Queryable, id: number, now: Date, classMail: ClassMailContext): Promise<void> {
  await db.transaction((tx) => dropPendingContribution(tx, eq(registryContributions.id, id), now, classMail));
}

/**
 * The payments webhook's hook (a CheckoutOwner of its manifest): a paid contribution is credited to
 * her care schedule (what is beyond what she owes stays as credit), or opens the plan on her
 * account; she is mailed each gift. Once: the update names a pending row.
 */
export function registryCheckouts(deps: { clock: Clock; mail: MailContext; classMail: ClassMailContext }) {
  return {
    owns: (metadata: Record<string, string>) => "registry_contribution_id" in metadata,
    completed: async (tx: Queryable, session: { id: string; paymentIntent: string | null } & ChargedSession, log: FastifyBaseLogger) => {
      const now = deps.clock.now();
      const [pending] = await tx.select().from(registryContributions).where(eq(registryContributions.checkoutSessionId, session.id));
      if (pending && !chargedAsAsked(session, pending))
        return log.error(
          { checkoutSession: session.id, contribution: pending.id, charged: { amount: session.amountTotal, currency: session.currency } },
          "gifts: a registry checkout charged another amount than it was opened for; nothing is settled",
        );
      const [paid] = await tx
        .update(registryContributions)
        .set({ status: "paid", paidAt: now, paymentIntentId: session.paymentIntent })
        .where(and(eq(registryContributions.checkoutSessionId, session.id), eq(registryContributions.status, "pending")))
        .returning();
      if (!paid) return log.info({ checkoutSession: session.id }, "gifts: a registry checkout found its contribution paid already");
      const [registry] = paid.registryId === null ? [] : await tx.select().from(registries).where(eq(registries.id, paid.registryId));
      const member = registry ? await findUserById(tx, registry.memberId) : undefined;
      if (!registry || !member) return log.warn({ contribution: paid.id }, "gifts: a contribution was paid for a registry deleted since");
      if (paid.kind === "care") {
        const left = await creditCareFromRegistry(tx, member.id, paid.amountMinor, paid.currency, now);
        if (left > 0) await tx.update(registryContributions).set({ creditMinor: left }).where(eq(registryContributions.id, paid.id));
      } else if (paid.kind === "class") {
        // Her place, held in her name while the friend paid, becomes hers, and the classes' mail tells her so.
        // A class contribution always records the place it held; without one there is no place to make hers.
        const settled =
          paid.classRegistrationId === null
            ? "lost"
            : await settlePaidPlace(tx, paid.classRegistrationId, session.paymentIntent, now, deps.classMail);
        if (settled === "lost") {
          // Paid after the class was cancelled or the held place went on: all of it is credit for the doula to refund.
          await tx
            .update(registryContributions)
            .set({ creditMinor: paid.amountMinor, beyondPriceMinor: 0 })
            .where(eq(registryContributions.id, paid.id));
          return log.error(
            { contribution: paid.id },
            "gifts: a class place given through a registry could not be hers; refund it from Studio → Gifts",
          );
        }
      } else {
        await openGivenCourses(tx, member.id, paid.courseIds, await openUntil(tx, paid, now));
      }
      const context = {
        ...deps.mail,
        language: recipientLanguage(member.language, { ...deps.mail, language: languageOr(paid.language, "en") }),
      };
      await queueMail(tx, registryGiftMail(member.email, member.firstName, forMail(paid), context));
      await notifyStudio(
        tx,
        {
          kind: "registry_gift",
          key: `registry-gift:${paid.id}`,
          message: sentence("{giver} gave {amount} through the registry of {name}."),
          values: {
            giver: paid.giverName,
            amount: { money: paid.amountMinor, currency: paid.currency },
            name: fullName(member) || member.email,
          },
          link: "/studio/gifts",
          about: member.id,
        },
        now,
      );
      // The friend hears it arrived, in the language she wrote in.
      if (paid.giverEmail)
        await queueMail(
          tx,
          registryThanksMail(
            paid.giverEmail,
            paid.giverName.split(/\s+/)[0] ?? paid.giverName,
            {
              firstName: member.firstName,
              kind: paid.kind,
              planName: forMail(paid).planName,
              amountMinor: paid.amountMinor,
              currency: paid.currency,
            },
            { ...deps.mail, language: languageOr(paid.language, "en") },
          ),
        );
    },
    expired: (tx: Queryable, session: { id: string }) =>
      dropPendingContribution(tx, eq(registryContributions.checkoutSessionId, session.id), deps.clock.now(), deps.classMail),
  };
}

const forMail = (row: ContributionRow) => ({
  kind: row.kind,
  planName: row.kind === "class" ? row.classTitle : row.planName,
  months: row.months,
  amountMinor: row.amountMinor,
  currency: row.currency,
  giverName: row.giverName,
  message: row.message,
});

export async function contributionsForStudio(db: Queryable): Promise<StudioContribution[]> {
  const rows = await db
    .select({ contribution: registryContributions, memberId: registries.memberId })
    .from(registryContributions)
    .leftJoin(registries, eq(registries.id, registryContributions.registryId))
    .where(inArray(registryContributions.status, ["paid", "refunded"]))
    .orderBy(desc(registryContributions.paidAt), desc(registryContributions.id))
    .limit(500);
  const members = await accountsByIds(db, [...new Set(rows.flatMap(({ memberId }) => (memberId === null ? [] : [memberId])))]);
  const nameOf = (memberId: number | null) => {
    const member = memberId === null ? undefined : members.get(memberId);
    return member ? [member.firstName, member.lastName].filter(Boolean).join(" ") || member.email : "";
  };
  return rows.map(({ contribution: row, memberId }) => ({
    id: row.id,
    for_name: nameOf(memberId),
    kind: row.kind,
    what: row.kind === "care" ? "" : whatWasGiven(row),
    amount: row.amountMinor,
    currency: row.currency,
    giver_name: row.giverName,
    giver_email: row.giverEmail,
    credit: row.creditMinor,
    status: row.status as "paid" | "refunded",
    paid_at: row.paidAt?.toISOString() ?? null,
  }));
}

/**
 * Refunds the credit of a contribution (what was beyond what she owed) through Stripe: claimed
 * first by one conditional update, so two presses refund once; put back if Stripe refuses.
 */
export async function refundContributionCredit(
  db: Database,
  payments: OneOffPayments | null,
  id: number,
  log: FastifyBaseLogger,
): Promise<{ amountMinor: number; currency: string }> {
  const [row] = await db.select().from(registryContributions).where(eq(registryContributions.id, id));
  if (!row || row.status === "pending") throw new HttpError(404, "There is no such contribution.");
  if (!payments || !row.paymentIntentId)
    throw new HttpError(409, "This contribution was not paid online, so there is nothing to refund here.");
  const credit = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ credit: registryContributions.creditMinor })
      .from(registryContributions)
      .where(eq(registryContributions.id, id))
      .for("update");
    if (!locked || locked.credit <= 0) return 0;
    await tx.update(registryContributions).set({ creditMinor: 0 }).where(eq(registryContributions.id, id));
    return locked.credit;
  });
  if (credit <= 0) throw new HttpError(409, "This contribution has no credit left to refund.");
  try {
    await payments.refund(row.paymentIntentId, `registry-credit-${row.paymentIntentId}-${credit}`, credit);
  } catch (error) {
    await db
      .update(registryContributions)
      .set({ creditMinor: sql`${registryContributions.creditMinor} + ${credit}` })
      .where(eq(registryContributions.id, id));
    log.warn({ err: error, contribution: id }, "gifts: the credit could not be refunded");
    throw new HttpError(502, "Stripe could not make the refund just now. Nothing changed; please try again in a moment.");
  }
  return { amountMinor: credit, currency: row.currency };
}

/** What Supporter tiers of gifts through registries paid beyond the standard prices (community places), by currency. */
export async function paidBeyondInRegistries(db: Queryable): Promise<{ currency: string; minor: number }[]> {
  return db
    .select({
      currency: registryContributions.currency,
      minor: sql<number>`coalesce(sum(${registryContributions.beyondPriceMinor}), 0)`.mapWith(Number),
    })
    .from(registryContributions)
    .where(and(eq(registryContributions.status, "paid"), sql`${registryContributions.beyondPriceMinor} > 0`))
    .groupBy(registryContributions.currency);
}

/**
 * Her registry is hers: in her data download, and deleted with her account (ON DELETE CASCADE). The
 * contributions to it are payments, kept without her (registry_id set null).
 */
export const registryPersonalData = (db: Queryable): PersonalData => ({
  key: "birth_registry",
  export: async (member) => myRegistry(db, member.id),
});

export const openRegistryOf = async (db: Queryable, name: string): Promise<RegistryRow> => {
  const row = await registryByName(db, name);
  if (row.closedAt) throw new HttpError(409, "This registry is closed, so it takes nothing more. Thank you for thinking of her.");
  return row;
};
