import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import type { CareFile, CarePackage, ClientDetails, CareRecord, PackageRequest, SchedulePreview } from "../../../contract/care.ts";
import { answerWith, sentence } from "../../../contract/languages.ts";
import { formattingLocales, type Language } from "../../../contract/languages.ts";
import type { z } from "zod";
import type { Database, Queryable } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import { type PersonalData, provenAddress } from "../db/personal-data.ts";
import { HttpError } from "../http/errors.ts";
import { chosenTier } from "../lib/tiers.ts";
import { translatorFor } from "../language/catalogues.ts";
import { filesOfRecords } from "./care-files.ts";
import {
  careAgreements,
  careCheckoutSessions,
  careFiles,
  careMessages,
  careNotes,
  carePackages,
  carePayments,
  careQuestionnaireSends,
  careReceipts,
  careRecords,
} from "./care-schema.ts";
import { defaultAgreements } from "./default-agreement.ts";
import { notifyStudio } from "../notifications/notifications-repository.ts";
import { clientName, clientOf } from "./client-names.ts";
import { agreementFieldValue, isAgreementHtml } from "../../../contract/care-fields.ts";
import { sanitiseHtml, textOfHtml } from "../lib/sanitise-html.ts";
import { longDate, money } from "./care-formats.ts";
import { questionnairesOf, toQuestionnaire } from "./questionnaires-repository.ts";
import { findUserById, fullName, giveDueDateIfNone, type InvitedPerson, teamAccounts, type UserRow } from "../accounts/users-repository.ts";
import { bookingsOf, listServices } from "../bookings/bookings-repository.ts";
import { linkOf } from "../partners/partners-repository.ts";
import { practiceDay } from "./practice-day.ts";

/** Her practice's calendar day, for the features built on care records (labour/). */
export { practiceDay };
import { pushCareMessage } from "./care-pushes.ts";
import type { PracticeNames } from "../lib/practice-names.ts";
import type { MediaStorage } from "../storage/storage.ts";
import { fileKeysOfMember } from "./care-files.ts";

// Her birth clients (docs/care.md): what the studio's routes, her space and other features (the
// labour line's on-call windows) call. Every rule that must hold across servers is one statement:
// a signature is a conditional UPDATE, a payment marked paid another.

const INVITATION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const FULL_TERM_WEEKS = 40;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
export const sha256Of = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

type PackageRow = typeof carePackages.$inferSelect;
type RecordRow = typeof careRecords.$inferSelect;
type PackageInput = z.output<typeof PackageRequest>;
type AgreementRow = typeof careAgreements.$inferSelect;
/** A payment with what came in for it (care_receipts): received and not refunded, and the codes that lowered it. */
type PaymentRow = typeof carePayments.$inferSelect & { receivedMinor: number; codes: string[] };
type NoteRow = typeof careNotes.$inferSelect;

/** The day a week of pregnancy begins, counted from the due date (week 40). */
const weekOfPregnancy = (dueDate: string, week: number) =>
  Temporal.PlainDate.from(dueDate)
    .add({ weeks: week - FULL_TERM_WEEKS })
    .toString();

/** Her on-call window: from the start of one week of pregnancy to the end of another. */
export function onCallWindow(dueDate: string, fromWeek: number, untilWeek: number): { from: string; until: string } {
  return {
    from: weekOfPregnancy(dueDate, fromWeek),
    until: Temporal.PlainDate.from(weekOfPregnancy(dueDate, untilWeek)).add({ days: 6 }).toString(),
  };
}

/**
 * What she pays and when: the deposit on signing, then the rest in one go or in equal instalments
 * (the last takes the odd cents), every few weeks, the last by the package's week; none before today.
 */
export function paymentSchedule(
  pkg: Pick<PackageRow, "feeMinor" | "depositMinor" | "instalments" | "instalmentEveryWeeks" | "lastDueWeek">,
  dueDate: string,
  today: string,
  /** A late client's: her instalments evenly between today and this day, the last on it, instead of all due now. */
  spreadUntil: string | null = null,
): { kind: "deposit" | "instalment"; amountMinor: number; dueOn: string }[] {
  const schedule: { kind: "deposit" | "instalment"; amountMinor: number; dueOn: string }[] = [];
  if (pkg.depositMinor > 0) schedule.push({ kind: "deposit", amountMinor: pkg.depositMinor, dueOn: today });
  const rest = pkg.feeMinor - pkg.depositMinor;
  if (rest <= 0) return schedule;
  const each = Math.floor(rest / pkg.instalments);
  const last = Temporal.PlainDate.from(weekOfPregnancy(dueDate, pkg.lastDueWeek));
  const start = Temporal.PlainDate.from(today);
  const spreadDays = spreadUntil ? start.until(Temporal.PlainDate.from(spreadUntil)).days : 0;
  for (let index = 0; index < pkg.instalments; index++) {
    const due =
      spreadDays > 0
        ? start.add({ days: Math.round(((index + 1) * spreadDays) / pkg.instalments) })
        : last.subtract({ weeks: (pkg.instalments - 1 - index) * pkg.instalmentEveryWeeks });
    const dueOn = Temporal.PlainDate.compare(due, Temporal.PlainDate.from(today)) < 0 ? today : due.toString();
    const amountMinor = index === pkg.instalments - 1 ? rest - each * (pkg.instalments - 1) : each;
    schedule.push({ kind: "instalment", amountMinor, dueOn });
  }
  return schedule;
}

/**
 * Fills an agreement's {{fields}}; a field it does not know stays as written, for her to see. In an
 * HTML agreement a value is text (a name with "<" in it stays a name).
 */
export function fillAgreement(template: string, fields: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (written, name: string) =>
    Object.hasOwn(fields, name) ? agreementFieldValue(template, fields[name]!) : written,
  );
}

/**
 * What she wrote in the editor, cleaned as every studio HTML is; a plain-text agreement stays as
 * written; nothing written, the default agreement in the language she works in.
 */
const keptAgreement = (agreement: string, language: Language) => {
  if (agreement.trim() === "") return defaultAgreements[language];
  if (!isAgreementHtml(agreement)) return agreement;
  const clean = sanitiseHtml(agreement);
  // An editor emptied to "<p></p>" says nothing: the default agreement, as for an empty box.
  return textOfHtml(clean) === "" ? defaultAgreements[language] : clean;
};

function scheduleText(schedule: ReturnType<typeof paymentSchedule>, currency: string, language: Language): string {
  const i18n = translatorFor(language);
  const locale = formattingLocales[language];
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  return list.format(
    schedule.map((payment) =>
      payment.kind === "deposit"
        ? i18n._("a deposit of {amount} on signing", { amount: money(payment.amountMinor, currency, locale) })
        : i18n._("{amount} by {date}", { amount: money(payment.amountMinor, currency, locale), date: longDate(payment.dueOn, locale) }),
    ),
  );
}

const toPackage = (row: PackageRow, clients: number): CarePackage => ({
  id: row.id,
  name: row.name,
  description: row.description,
  fee: row.feeMinor,
  currency: row.currency,
  deposit: row.depositMinor,
  instalments: row.instalments,
  instalment_every_weeks: row.instalmentEveryWeeks,
  last_due_week: row.lastDueWeek,
  prenatal_visits: row.prenatalVisits,
  postpartum_visits: row.postpartumVisits,
  on_call_from_week: row.onCallFromWeek,
  on_call_until_week: row.onCallUntilWeek,
  agreement: row.agreement,
  retired: row.retiredAt !== null,
  clients,
  tiers: row.tiers,
});

const packageValues = (input: PackageInput, now: Date, language: Language) => ({
  name: input.name,
  description: input.description,
  feeMinor: input.fee,
  currency: input.currency,
  depositMinor: input.deposit,
  instalments: input.instalments,
  instalmentEveryWeeks: input.instalment_every_weeks,
  lastDueWeek: input.last_due_week,
  prenatalVisits: input.prenatal_visits,
  postpartumVisits: input.postpartum_visits,
  onCallFromWeek: input.on_call_from_week,
  onCallUntilWeek: input.on_call_until_week,
  agreement: keptAgreement(input.agreement, language),
  retiredAt: input.retired ? now : null,
  // Left out, a save keeps the tiers it has; they are offered cheapest first.
  ...(input.tiers ? { tiers: [...input.tiers].sort((a, b) => a.price - b.price) } : {}),
});

export async function listPackages(db: Queryable): Promise<CarePackage[]> {
  const rows = await db.select().from(carePackages).orderBy(asc(carePackages.id));
  const counts = await db.select({ packageId: careRecords.packageId, clients: count() }).from(careRecords).groupBy(careRecords.packageId);
  const clientsOf = new Map(counts.map((row) => [row.packageId, Number(row.clients)]));
  return rows.map((row) => toPackage(row, clientsOf.get(row.id) ?? 0));
}

export async function createPackage(db: Queryable, input: PackageInput, now: Date, language: Language): Promise<number> {
  const [row] = await db
    .insert(carePackages)
    .values(packageValues(input, now, language))
    .returning({ id: carePackages.id });
  return row!.id;
}

/** Saves a package; agreements made already keep their text (they were frozen when made). */
export async function savePackage(db: Queryable, id: number, input: PackageInput, now: Date, language: Language): Promise<void> {
  const [existing] = await db.select({ retiredAt: carePackages.retiredAt }).from(carePackages).where(eq(carePackages.id, id));
  if (!existing) throw HttpError.withValues(404, "There is no package with the id {id}.", { id });
  const values = packageValues(input, now, language);
  await db
    .update(carePackages)
    .set({ ...values, retiredAt: input.retired ? (existing.retiredAt ?? now) : null })
    .where(eq(carePackages.id, id));
}

export type NewClient = {
  email: string;
  firstName: string | null;
  lastName: string | null;
  dueDate: string;
  packageId: number;
  /** Her instalments spread to this day, chosen by the doula when they would all fall due at once. */
  spreadUntil?: string | null;
  /** Her account, when one has the address already. */
  memberId: number | null;
};

/**
 * Makes a care record from a package, in the caller's transaction: her on-call window, her
 * agreement (filled and frozen), her payment schedule, and the token of her link (the mail
 * carries it; only its hash is kept).
 */
export async function addClient(
  tx: Queryable,
  client: NewClient,
  context: { now: Date; today: string; doulaName: string; businessName: string; language: Language },
): Promise<{ id: number; token: string; packageName: string }> {
  const [pkg] = await tx
    .select()
    .from(carePackages)
    .where(and(eq(carePackages.id, client.packageId), isNull(carePackages.retiredAt)));
  if (!pkg)
    throw new HttpError(404, "There is no such package, or it is retired. Please choose another.", {
      package_id: "Please choose a package.",
    });
  const window = onCallWindow(client.dueDate, pkg.onCallFromWeek, pkg.onCallUntilWeek);
  const token = randomBytes(32).toString("base64url");
  const [record] = await tx
    .insert(careRecords)
    .values({
      createdAt: context.now,
      packageId: pkg.id,
      memberId: client.memberId,
      email: client.email,
      firstName: client.firstName,
      lastName: client.lastName,
      dueDate: client.dueDate,
      onCallFrom: window.from,
      onCallUntil: window.until,
      paymentsSpreadUntil: client.spreadUntil ?? null,
      invitationHash: hashToken(token),
      invitationExpiresAt: new Date(context.now.getTime() + INVITATION_DAYS * DAY_MS),
    })
    .returning({ id: careRecords.id });
  await makeAgreementAndSchedule(tx, record!.id, pkg, pkg.feeMinor, client, window, context);
  if (client.memberId !== null) await giveDueDateIfNone(tx, client.memberId, client.dueDate);
  return { id: record!.id, token, packageName: pkg.name };
}

/** A late client's spread ends after today: a day already here would leave her owing it all at once. */
export function checkSpread(spreadUntil: string | undefined, today: string): void {
  if (spreadUntil !== undefined && spreadUntil <= today)
    throw new HttpError(400, "Choose a day after today to spread her payments to.", {
      spread_until: "Choose a day after today to spread her payments to.",
    });
}

/** What she would pay and when with this package and due date, before she is added (Studio → Clients). */
export async function schedulePreview(
  db: Queryable,
  input: { packageId: number; dueDate: string; spreadUntil?: string },
  today: string,
): Promise<SchedulePreview> {
  checkSpread(input.spreadUntil, today);
  const [pkg] = await db
    .select()
    .from(carePackages)
    .where(and(eq(carePackages.id, input.packageId), isNull(carePackages.retiredAt)));
  if (!pkg)
    throw new HttpError(404, "There is no such package, or it is retired. Please choose another.", {
      package_id: "Please choose a package.",
    });
  return {
    today,
    currency: pkg.currency,
    payments: paymentSchedule(pkg, input.dueDate, today, input.spreadUntil ?? null).map((payment) => ({
      kind: payment.kind,
      amount: payment.amountMinor,
      due_on: payment.dueOn,
    })),
  };
}

/**
 * A new link for her invitation, valid 30 days from now, while she has no account: the link mailed
 * before stops working. Answers whom to mail it to.
 */
export async function renewCareInvitation(
  tx: Queryable,
  recordId: number,
  now: Date,
): Promise<{ email: string; firstName: string | null; packageName: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const [renewed] = await tx
    .update(careRecords)
    .set({ invitationHash: hashToken(token), invitationExpiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) })
    .where(and(eq(careRecords.id, recordId), isNull(careRecords.memberId), isNotNull(careRecords.email)))
    .returning({ email: careRecords.email, firstName: careRecords.firstName, packageId: careRecords.packageId });
  if (!renewed) {
    const [record] = await tx.select({ id: careRecords.id }).from(careRecords).where(eq(careRecords.id, recordId));
    if (!record) throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
    throw new HttpError(409, "She has an account already: her client space opens when she signs in.");
  }
  const [pkg] = await tx.select({ name: carePackages.name }).from(carePackages).where(eq(carePackages.id, renewed.packageId));
  return { email: renewed.email!, firstName: renewed.firstName, packageName: pkg!.name, token };
}

type AgreementContext = { now: Date; today: string; doulaName: string; businessName: string; language: Language };

/**
 * Her agreement, filled from the package's text with her fee and frozen, and her payment schedule
 * for that fee (the package's own, or the tier she chose).
 */
async function makeAgreementAndSchedule(
  tx: Queryable,
  recordId: number,
  pkg: PackageRow,
  feeMinor: number,
  client: Pick<NewClient, "email" | "firstName" | "lastName" | "dueDate" | "spreadUntil">,
  window: { from: string; until: string },
  context: AgreementContext,
): Promise<void> {
  const schedule = paymentSchedule({ ...pkg, feeMinor }, client.dueDate, context.today, client.spreadUntil ?? null);
  await writeAgreement(tx, recordId, pkg, feeMinor, client, window, context, schedule);
  await tx.delete(carePayments).where(eq(carePayments.recordId, recordId));
  if (schedule.length > 0)
    await tx.insert(carePayments).values(schedule.map((payment) => ({ recordId, currency: pkg.currency, ...payment })));
}

/** Her agreement's text, filled from the package's with her fee and this schedule, frozen with its hash. */
async function writeAgreement(
  tx: Queryable,
  recordId: number,
  pkg: PackageRow,
  feeMinor: number,
  client: Pick<NewClient, "email" | "firstName" | "lastName" | "dueDate">,
  window: { from: string; until: string },
  context: AgreementContext,
  schedule: ReturnType<typeof paymentSchedule>,
): Promise<void> {
  const locale = formattingLocales[context.language];
  const text = fillAgreement(pkg.agreement, {
    client_name: [client.firstName, client.lastName].filter(Boolean).join(" ") || client.email,
    due_date: longDate(client.dueDate, locale),
    fee: money(feeMinor, pkg.currency, locale),
    deposit: money(pkg.depositMinor, pkg.currency, locale),
    schedule: scheduleText(schedule, pkg.currency, context.language),
    on_call_from: longDate(window.from, locale),
    on_call_until: longDate(window.until, locale),
    doula_name: context.doulaName,
    business_name: context.businessName,
  });
  await tx
    .insert(careAgreements)
    .values({ recordId, text, sha256: sha256Of(text), createdAt: context.now })
    .onConflictDoUpdate({ target: careAgreements.recordId, set: { text, sha256: sha256Of(text), createdAt: context.now } });
}

/**
 * The doula changes the days and amounts of one client's payments not yet paid, waived or credited
 * (docs/care.md, Changing one client's schedule). Before she signs, her agreement is made again
 * with them (its fee the sum of her payments), so she signs what she will pay; after, the signed
 * agreement stays as signed and the new schedule is what both see. The record and its payments are
 * locked, and each payment is changed only while nothing has been received for it.
 */
export async function changePayments(
  db: Queryable,
  recordId: number,
  changes: { id: number; due_on: string; amount: number }[],
  context: AgreementContext,
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ record: careRecords, pkg: carePackages })
      .from(careRecords)
      .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
      .where(eq(careRecords.id, recordId))
      .for("update", { of: careRecords });
    if (!row) throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
    const payments = await tx
      .select()
      .from(carePayments)
      .where(eq(carePayments.recordId, recordId))
      .orderBy(asc(carePayments.dueOn), asc(carePayments.id))
      .for("update");
    const byId = new Map(payments.map((payment) => [payment.id, payment]));
    if (new Set(changes.map((change) => change.id)).size !== changes.length)
      throw new HttpError(400, "Each payment can be changed once in a change.");
    for (const change of changes) {
      const payment = byId.get(change.id);
      if (!payment) throw new HttpError(404, "There is no such payment for this client.");
      if (payment.paidAt !== null || payment.waived || payment.fromRegistryMinor > 0)
        throw new HttpError(409, "A payment she has paid, or that was waived or credited, stays as it is. Reload to see her schedule now.");
      if (change.due_on < context.today)
        throw new HttpError(400, "A payment cannot fall due on a day already past.", { due_on: sentence("Choose today or a later day.") });
    }
    const changed = new Map(changes.map((change) => [change.id, change]));
    const [agreement] = await tx
      .select({ signedAt: careAgreements.signedAt })
      .from(careAgreements)
      .where(eq(careAgreements.recordId, recordId))
      .for("update");
    const schedule = payments
      .map((payment) => ({
        kind: payment.kind as "deposit" | "instalment",
        amountMinor: changed.get(payment.id)?.amount ?? payment.amountMinor,
        dueOn: changed.get(payment.id)?.due_on ?? payment.dueOn,
      }))
      .sort((one, two) => (one.kind === two.kind ? one.dueOn.localeCompare(two.dueOn) : one.kind === "deposit" ? -1 : 1));
    for (const change of changes)
      await tx
        .update(carePayments)
        .set({ dueOn: change.due_on, amountMinor: change.amount, remindedAt: null, overdueMailedAt: null })
        .where(and(eq(carePayments.id, change.id), isNull(carePayments.paidAt), eq(carePayments.waived, false)));
    if (agreement && agreement.signedAt === null) {
      await writeAgreement(
        tx,
        recordId,
        row.pkg,
        schedule.reduce((sum, payment) => sum + payment.amountMinor, 0),
        { email: row.record.email ?? "", firstName: row.record.firstName, lastName: row.record.lastName, dueDate: row.record.dueDate },
        { from: row.record.onCallFrom, until: row.record.onCallUntil },
        context,
        schedule,
      );
      return { message: "Her payments are changed, and her agreement is made again with them: she signs the new one." };
    }
    return { message: "Her payments are changed. Her signed agreement stays as she signed it; both of you see the new schedule." };
  });
}

/**
 * Pay what you can (docs/gifts.md): she chooses her fee among her package's tiers, and her
 * agreement and schedule are made again from it (the package's text as it is now). Only before she
 * signs and before anything is paid towards it, by her or through her registry: the record and its
 * agreement are locked, so a signature arriving at the same moment waits and signs what she chose.
 */
export async function chooseTier(
  db: Queryable,
  memberId: number,
  recordId: number,
  tierName: string,
  context: AgreementContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ record: careRecords, pkg: carePackages })
      .from(careRecords)
      .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
      .where(and(eq(careRecords.id, recordId), eq(careRecords.memberId, memberId)))
      .for("update", { of: careRecords });
    if (!row) throw new HttpError(404, "There is no such care record in your account.");
    const tier = chosenTier(row.pkg.tiers, tierName, "That is not one of your package's fees.");
    if (!tier) throw new HttpError(400, "That is not one of your package's fees.");
    const [agreement] = await tx
      .select({ signedAt: careAgreements.signedAt })
      .from(careAgreements)
      .where(eq(careAgreements.recordId, recordId))
      .for("update");
    if (agreement?.signedAt) throw new HttpError(409, "You have signed your agreement already, so your fee is the one in it.");
    const [touched] = await tx
      .select({ id: carePayments.id })
      .from(carePayments)
      .where(
        and(
          eq(carePayments.recordId, recordId),
          or(isNotNull(carePayments.paidAt), eq(carePayments.waived, true), sql`${carePayments.fromRegistryMinor} > 0`),
        ),
      )
      .limit(1);
    if (touched)
      throw new HttpError(
        409,
        "Something has been paid towards your care already, so your fee stays as it is. Please write to your doula.",
      );
    await makeAgreementAndSchedule(
      tx,
      recordId,
      row.pkg,
      tier.price,
      {
        email: row.record.email ?? "",
        firstName: row.record.firstName,
        lastName: row.record.lastName,
        dueDate: row.record.dueDate,
        spreadUntil: row.record.paymentsSpreadUntil,
      },
      { from: row.record.onCallFrom, until: row.record.onCallUntil },
      context,
    );
    await tx
      .update(careRecords)
      .set({ tierName: tier.name, beyondFeeMinor: Math.max(0, tier.price - row.pkg.feeMinor) })
      .where(eq(careRecords.id, recordId));
  });
}

/** Where she is: the stage the journey set, "on call" while her window is open. */
function stageOf(record: RecordRow, today: string): CareRecord["stage"] {
  const stage = record.stage as CareRecord["stage"];
  const waiting = stage === "signed" || stage === "deposit_paid" || stage === "active";
  return waiting && record.onCallFrom <= today && today <= record.onCallUntil ? "on_call" : stage;
}

const toPayment = (row: PaymentRow) => ({
  id: row.id,
  kind: row.kind as "deposit" | "instalment",
  amount: row.amountMinor,
  currency: row.currency,
  due_on: row.dueOn,
  paid: row.paidAt !== null,
  paid_at: row.paidAt?.toISOString() ?? null,
  waived: row.waived,
  refunded: row.refundedAt !== null,
  from_registry: row.fromRegistryMinor,
  received: row.receivedMinor,
  codes: row.codes,
});

const toAgreement = (row: AgreementRow) => ({
  text: row.text,
  sha256: row.sha256,
  signed: row.signedAt !== null,
  signed_at: row.signedAt?.toISOString() ?? null,
  signed_name: row.signedName,
  drawn: row.drawnSignature !== null,
});

type MessageRow = typeof careMessages.$inferSelect;
type RecordParts = {
  agreements: Map<number, AgreementRow>;
  payments: Map<number, PaymentRow[]>;
  notes: Map<number, NoteRow[]>;
  files: Map<number, CareFile[]>;
  messages: Map<number, MessageRow[]>;
};

const toMessage = (row: MessageRow) => ({ id: row.id, from_doula: row.fromDoula, text: row.text, written_at: row.createdAt.toISOString() });

/** Each record's agreement, payments (by date), notes and messages (oldest first). */
async function partsOf(db: Queryable, recordIds: number[]): Promise<RecordParts> {
  if (recordIds.length === 0)
    return { agreements: new Map(), payments: new Map(), notes: new Map(), files: new Map(), messages: new Map() };
  const [agreements, paymentRows, receipts, notes, files, messages] = await Promise.all([
    db.select().from(careAgreements).where(inArray(careAgreements.recordId, recordIds)),
    db.select().from(carePayments).where(inArray(carePayments.recordId, recordIds)).orderBy(asc(carePayments.dueOn), asc(carePayments.id)),
    db
      .select({ receipt: careReceipts })
      .from(careReceipts)
      .innerJoin(carePayments, eq(carePayments.id, careReceipts.paymentId))
      .where(inArray(carePayments.recordId, recordIds)),
    db.select().from(careNotes).where(inArray(careNotes.recordId, recordIds)).orderBy(asc(careNotes.createdAt), asc(careNotes.id)),
    filesOfRecords(db, recordIds),
    db
      .select()
      .from(careMessages)
      .where(inArray(careMessages.recordId, recordIds))
      .orderBy(asc(careMessages.createdAt), asc(careMessages.id)),
  ]);
  const receiptsOf = new Map<number, (typeof receipts)[number]["receipt"][]>();
  for (const { receipt } of receipts) receiptsOf.set(receipt.paymentId, [...(receiptsOf.get(receipt.paymentId) ?? []), receipt]);
  const payments = paymentRows.map((payment): PaymentRow => {
    const its = receiptsOf.get(payment.id) ?? [];
    return {
      ...payment,
      receivedMinor: its.filter((receipt) => receipt.refundedAt === null).reduce((sum, receipt) => sum + receipt.amountMinor, 0),
      codes: its.flatMap((receipt) => (receipt.code ? [receipt.code] : [])),
    };
  });
  const grouped = <Row extends { recordId: number }>(rows: Row[]) => {
    const map = new Map<number, Row[]>();
    for (const row of rows) map.set(row.recordId, [...(map.get(row.recordId) ?? []), row]);
    return map;
  };
  return {
    agreements: new Map(agreements.map((row) => [row.recordId, row])),
    payments: grouped(payments),
    notes: grouped(notes),
    files,
    messages: grouped(messages),
  };
}

/** What is due by today and not paid: what her registry paid of a payment is paid. */
const owedOf = (payments: PaymentRow[], today: string) =>
  payments
    .filter((payment) => payment.paidAt === null && !payment.waived && payment.dueOn <= today)
    .reduce((sum, payment) => sum + payment.amountMinor - payment.fromRegistryMinor, 0);

/** What is left to pay of these payments (what her registry paid of one counts as paid), those due before `before` only when given. */
const leftToPay = (payments: PaymentRow[], before?: string) =>
  payments
    .filter((payment) => payment.paidAt === null && !payment.waived && (before === undefined || payment.dueOn < before))
    .reduce((sum, payment) => sum + payment.amountMinor - payment.fromRegistryMinor, 0);

const VISIT_STATES = new Set(["confirmed", "attended", "awaiting_payment"]);

/** Her visits: her bookings with her doula from the day each record was made (bookings' repository). */
async function visitsOf(db: Queryable, member: UserRow, records: Pick<RecordRow, "id" | "createdAt">[]) {
  if (records.length === 0) return new Map<number, CareRecord["visits"]>();
  const [bookings, services] = await Promise.all([bookingsOf(db, member), listServices(db, { visibleOnly: false })]);
  const serviceNames = new Map(services.map((service) => [service.id, service.name]));
  return new Map(
    records.map((record) => [
      record.id,
      bookings
        .filter((booking) => VISIT_STATES.has(booking.state) && booking.startsAt >= record.createdAt)
        .map((booking) => ({
          starts_at: booking.startsAt.toISOString(),
          ends_at: booking.endsAt.toISOString(),
          service: serviceNames.get(booking.serviceId) ?? "",
          state: booking.state,
        })),
    ]),
  );
}

/** What her partner sees of her care: the on-call windows and the visits, nothing else. */
export async function recordsForPartner(db: Queryable, partnerId: number, doulaName: string) {
  const link = await linkOf(db, partnerId);
  if (!link || link.partnerId !== partnerId) return [];
  const mother = await findUserById(db, link.memberId);
  if (!mother) return [];
  const rows = await db.select().from(careRecords).where(eq(careRecords.memberId, mother.id)).orderBy(asc(careRecords.id));
  const visits = await visitsOf(db, mother, rows);
  return rows.map((record) => ({
    id: record.id,
    mother_first_name: mother.firstName,
    due_date: record.dueDate,
    on_call_from: record.onCallFrom,
    on_call_until: record.onCallUntil,
    doula_name: doulaName,
    visits: visits.get(record.id) ?? [],
  }));
}

/**
 * Records the doula made for her address before she had an account, or before she used the link:
 * hers once she has proven the address is hers (a link mailed to it was opened), as bookings are.
 */
export async function claimRecordsByAddress(db: Queryable, member: UserRow): Promise<void> {
  const address = provenAddress(member);
  if (!address) return;
  const claimed = await db
    .update(careRecords)
    .set({ memberId: member.id, invitationHash: null })
    .where(and(isNull(careRecords.memberId), sql`lower(${careRecords.email}) = ${address}`))
    .returning({ dueDate: careRecords.dueDate });
  if (claimed[0]) await giveDueDateIfNone(db, member.id, claimed[0].dueDate);
}

/** Her own records, as her space shows them: shared notes only. */
/** Whether a member is her client: a care record of her own, whatever its stage. */
export async function isCareClient(db: Queryable, memberId: number): Promise<boolean> {
  const [row] = await db.select({ id: careRecords.id }).from(careRecords).where(eq(careRecords.memberId, memberId)).limit(1);
  return row !== undefined;
}

export async function recordsOfMember(
  db: Queryable,
  member: UserRow,
  today: string,
  doulaName: string,
  id?: number,
): Promise<CareRecord[]> {
  const memberId = member.id;
  const rows = await db
    .select({ record: careRecords, packageName: carePackages.name, tiers: carePackages.tiers, currency: carePackages.currency })
    .from(careRecords)
    .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
    .where(id === undefined ? eq(careRecords.memberId, memberId) : and(eq(careRecords.memberId, memberId), eq(careRecords.id, id)))
    .orderBy(asc(careRecords.id));
  const parts = await partsOf(
    db,
    rows.map((row) => row.record.id),
  );
  const questionnaires = await questionnairesOf(
    db,
    rows.map((row) => row.record.id),
  );
  const visits = await visitsOf(
    db,
    member,
    rows.map((row) => row.record),
  );
  return rows.map(({ record, packageName, tiers, currency }) => {
    const agreement = parts.agreements.get(record.id)!;
    return {
      id: record.id,
      package_name: packageName,
      due_date: record.dueDate,
      on_call_from: record.onCallFrom,
      on_call_until: record.onCallUntil,
      stage: stageOf(record, today),
      doula_name: doulaName,
      tiers,
      currency,
      tier: record.tierName,
      agreement: toAgreement(agreement),
      payments: (parts.payments.get(record.id) ?? []).map(toPayment),
      notes: (parts.notes.get(record.id) ?? [])
        .filter((note) => note.shared)
        .map((note) => ({ id: note.id, text: note.text, written_at: note.createdAt.toISOString() })),
      files: parts.files.get(record.id) ?? [],
      questionnaires: (questionnaires.get(record.id) ?? []).map((send) => ({
        id: send.questionnaireId,
        title: send.title,
        done: send.doneAt !== null,
      })),
      visits: visits.get(record.id) ?? [],
      messages: (parts.messages.get(record.id) ?? []).map(toMessage),
    };
  });
}

/** One of her records, or a 404 that says nothing of anyone else's. */
export async function recordOfMember(db: Queryable, member: UserRow, id: number, today: string, doulaName: string): Promise<CareRecord> {
  const [record] = await recordsOfMember(db, member, today, doulaName, id);
  if (!record) throw new HttpError(404, "There is no such care record in your account.");
  return record;
}

/** The studio's clients (or one), each with her agreement, payments and notes. */
async function clientsWithParts(db: Queryable, id?: number) {
  const rows = await db
    .select({ record: careRecords, packageName: carePackages.name, currency: carePackages.currency })
    .from(careRecords)
    .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
    .where(id === undefined ? undefined : eq(careRecords.id, id))
    .orderBy(asc(careRecords.dueDate), asc(careRecords.id));
  const parts = await partsOf(
    db,
    rows.map((row) => row.record.id),
  );
  return { rows, parts };
}

const toClientSummary = (
  { record, packageName, currency }: { record: RecordRow; packageName: string; currency: string },
  parts: RecordParts,
  today: string,
) => ({
  id: record.id,
  first_name: record.firstName,
  last_name: record.lastName,
  email: record.email,
  package_name: packageName,
  due_date: record.dueDate,
  on_call_from: record.onCallFrom,
  on_call_until: record.onCallUntil,
  stage: stageOf(record, today),
  has_account: record.memberId !== null,
  tier: record.tierName,
  owed: owedOf(parts.payments.get(record.id) ?? [], today),
  overdue: leftToPay(parts.payments.get(record.id) ?? [], today),
  balance: leftToPay(parts.payments.get(record.id) ?? []),
  currency,
});

/** The studio's list: every client, where she is and what she owes today. */
export async function listClients(db: Queryable, today: string) {
  const { rows, parts } = await clientsWithParts(db);
  return rows.map((row) => toClientSummary(row, parts, today));
}

/**
 * What came in during the calendar month of her practice (practice-day.ts), per currency: each
 * arrival once, as it came (Stripe's charge after a code, a payment marked paid by hand, a registry
 * credit), without what was refunded.
 */
export async function takingsOfMonth(db: Queryable, month: { from: Date; until: Date }) {
  const currency = sql<string>`upper(${careReceipts.currency})`;
  const rows = await db
    .select({ currency, amount: sql<string>`sum(${careReceipts.amountMinor})` })
    .from(careReceipts)
    .where(and(isNull(careReceipts.refundedAt), gte(careReceipts.receivedAt, month.from), lt(careReceipts.receivedAt, month.until)))
    .groupBy(currency)
    .orderBy(currency);
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

/** Money that came in for one payment (care_receipts): inside the transaction that settles or credits it. */
export async function recordReceipt(
  tx: Queryable,
  receipt: { paymentId: number; source: "stripe" | "by_hand" | "registry"; amountMinor: number; currency: string; code?: string | null },
  now: Date,
): Promise<void> {
  if (receipt.amountMinor <= 0) return;
  await tx.insert(careReceipts).values({ ...receipt, code: receipt.code ?? null, receivedAt: now });
}

export async function clientDetails(db: Queryable, id: number, today: string, now: Date): Promise<ClientDetails> {
  const { rows, parts } = await clientsWithParts(db, id);
  if (!rows[0]) throw HttpError.withValues(404, "There is no client with the id {id}.", { id });
  const agreement = parts.agreements.get(id)!;
  // Her visits are her bookings once she has an account (the bookings' repository keeps them by it).
  const { memberId } = rows[0].record;
  const mother = memberId === null ? undefined : await findUserById(db, memberId);
  const visits = mother ? ((await visitsOf(db, mother, [rows[0].record])).get(id) ?? []) : [];
  const team = (await teamAccounts(db)).map((doula) => ({ id: doula.id, name: nameOf(doula) }));
  return {
    ...toClientSummary(rows[0], parts, today),
    visits,
    agreement: { ...toAgreement(agreement), signed_from: agreement.signedFrom, signed_with: agreement.signedWith },
    payments: (parts.payments.get(id) ?? []).map((row) => ({
      ...toPayment(row),
      note: row.note,
      paid_online: row.paymentIntentId !== null,
    })),
    notes: (parts.notes.get(id) ?? []).map((note) => ({
      id: note.id,
      text: note.text,
      shared: note.shared,
      for_team: note.forTeam,
      written_at: note.createdAt.toISOString(),
    })),
    files: parts.files.get(id) ?? [],
    questionnaires: ((await questionnairesOf(db, [id])).get(id) ?? []).map(toQuestionnaire),
    messages: (parts.messages.get(id) ?? []).map(toMessage),
    invitation:
      memberId === null && rows[0].record.invitationExpiresAt
        ? {
            expires_at: rows[0].record.invitationExpiresAt.toISOString(),
            expired: rows[0].record.invitationExpiresAt <= now,
          }
        : null,
    backup: team.find((doula) => doula.id === rows[0]!.record.backupUserId) ?? null,
    team,
    unapplied: (await unappliedCheckouts(db, id)).map((checkout) => ({
      id: checkout.id,
      payment_id: checkout.paymentId,
      amount: checkout.amountMinor,
      currency: checkout.currency,
      paid_at: (checkout.settledAt ?? checkout.openedAt).toISOString(),
      refunded: checkout.status === "refunded",
    })),
  };
}

/** Her Checkouts paid for a payment settled meanwhile (care-checkouts.ts), refunded or not. */
const unappliedCheckouts = (db: Queryable, recordId: number) =>
  db
    .select({ checkout: careCheckoutSessions })
    .from(careCheckoutSessions)
    .innerJoin(carePayments, eq(carePayments.id, careCheckoutSessions.paymentId))
    .where(
      and(
        eq(carePayments.recordId, recordId),
        isNotNull(careCheckoutSessions.paymentIntentId),
        inArray(careCheckoutSessions.status, ["unapplied", "refunded"]),
      ),
    )
    .orderBy(asc(careCheckoutSessions.id))
    .then((rows) => rows.map((row) => row.checkout));

/** Refunds in full a Checkout she paid for a payment settled already: claimed first, so it is refunded once. */
export async function refundUnapplied(
  db: Database,
  recordId: number,
  checkoutId: number,
  refund: ((paymentIntentId: string, idempotencyKey: string) => Promise<void>) | null,
  now: Date,
) {
  if (!refund) throw new HttpError(404, "Online payment is not set up, so there is nothing to refund through Stripe.");
  const checkout = (await unappliedCheckouts(db, recordId)).find((candidate) => candidate.id === checkoutId);
  if (!checkout) throw new HttpError(404, "There is no such payment for this client.");
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(careCheckoutSessions)
      .set({ status: "refunded", settledAt: now })
      .where(and(eq(careCheckoutSessions.id, checkoutId), eq(careCheckoutSessions.status, "unapplied")))
      .returning();
    if (!claimed) throw new HttpError(409, "This payment is refunded already.");
    await refund(claimed.paymentIntentId!, `care-checkout-${claimed.id}-refund`).catch(() => {
      throw new HttpError(502, "The refund could not be made just now, so nothing was changed. Please try again in a moment.");
    });
    return { message: "Refunded that payment in full through Stripe." };
  });
}

/** Names her backup doula, who must be of the team (or none). */
export async function setBackup(db: Queryable, recordId: number, userId: number | null): Promise<string | null> {
  const doula = userId === null ? undefined : await findUserById(db, userId);
  if (userId !== null && doula?.role !== "team")
    throw new HttpError(409, "That is not a doula of your team. Invite her from Studio → Team first.");
  const updated = await db
    .update(careRecords)
    .set({ backupUserId: userId })
    .where(eq(careRecords.id, recordId))
    .returning({ id: careRecords.id });
  if (updated.length === 0) throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
  return doula ? nameOf(doula) : null;
}

const nameOf = (account: UserRow) => fullName(account) || account.email;

/**
 * A team doula removed from the team or paused is no longer anyone's backup (the studio's members
 * page, studio/members): her records are cleared, and the names of the clients who lost her are answered.
 */
export async function releaseBackupsOf(tx: Queryable, userId: number): Promise<string[]> {
  const released = await tx
    .update(careRecords)
    .set({ backupUserId: null })
    .where(eq(careRecords.backupUserId, userId))
    .returning({ firstName: careRecords.firstName, lastName: careRecords.lastName, email: careRecords.email });
  return released.map((record) => fullName(record) || record.email || "a client whose account is deleted").sort();
}

/**
 * Records as the labour line needs them (labour/): whose each is, her dates, and her backup. By
 * record (with `memberId`, only hers: a mother's alert), or every record of a mother.
 */
export async function labourRecords(db: Queryable, which: { recordId?: number; memberId?: number; recordIds?: number[] }) {
  if (which.recordIds?.length === 0) return [];
  const rows = await db
    .select()
    .from(careRecords)
    .where(
      and(
        which.recordId === undefined ? undefined : eq(careRecords.id, which.recordId),
        which.memberId === undefined ? undefined : eq(careRecords.memberId, which.memberId),
        which.recordIds === undefined ? undefined : inArray(careRecords.id, which.recordIds),
      ),
    )
    .orderBy(asc(careRecords.id));
  return rows.map((record) => ({
    id: record.id,
    memberId: record.memberId,
    name: clientName(record),
    email: record.email,
    dueDate: record.dueDate,
    onCallFrom: record.onCallFrom,
    onCallUntil: record.onCallUntil,
    stage: record.stage,
    backupUserId: record.backupUserId,
  }));
}
export type LabourRecord = Awaited<ReturnType<typeof labourRecords>>[number];

/**
 * The notes her backup doula may read of each of these clients, oldest first: those shared with the
 * client and those the doula wrote for the team; her other private notes stay hers.
 */
export async function notesForTeamOf(
  db: Queryable,
  recordIds: number[],
): Promise<Map<number, { text: string; writtenAt: Date; withHer: boolean }[]>> {
  const notes = new Map<number, { text: string; writtenAt: Date; withHer: boolean }[]>();
  if (recordIds.length === 0) return notes;
  const rows = await db
    .select()
    .from(careNotes)
    .where(and(inArray(careNotes.recordId, recordIds), or(eq(careNotes.shared, true), eq(careNotes.forTeam, true))))
    .orderBy(asc(careNotes.createdAt), asc(careNotes.id));
  for (const row of rows)
    notes.set(row.recordId, [...(notes.get(row.recordId) ?? []), { text: row.text, writtenAt: row.createdAt, withHer: row.shared }]);
  return notes;
}

/** The records on which a team doula is the backup (what is shared with her). */
export async function recordIdsBackedUpBy(db: Queryable, userId: number): Promise<number[]> {
  return (await db.select({ id: careRecords.id }).from(careRecords).where(eq(careRecords.backupUserId, userId))).map((row) => row.id);
}

/**
 * A message in the thread of one record: the doula's to any client, a mother's to her own record
 * only (another's is a 404 that says nothing of it). The other side is mailed by the hourly work.
 */
export async function addMessage(
  db: Queryable,
  recordId: number,
  from: { doula: true } | { memberId: number },
  text: string,
  now: Date,
  doulaName: string,
): Promise<number> {
  const owned = "memberId" in from ? eq(careRecords.memberId, from.memberId) : undefined;
  const [record] = await db
    .select({
      id: careRecords.id,
      memberId: careRecords.memberId,
      firstName: careRecords.firstName,
      lastName: careRecords.lastName,
      email: careRecords.email,
    })
    .from(careRecords)
    .where(and(eq(careRecords.id, recordId), owned));
  if (!record) {
    if ("memberId" in from) throw new HttpError(404, "There is no such care record in your account.");
    throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
  }
  const fromDoula = !("memberId" in from);
  const [message] = await db.insert(careMessages).values({ recordId, fromDoula, text, createdAt: now }).returning({ id: careMessages.id });
  // Her devices (or the doula's) are told at once; the mail follows with the hourly work.
  const name = clientName(record);
  await pushCareMessage(db, { recordId, memberId: record.memberId, fromDoula, text, clientName: name, doulaName }, now);
  if (!fromDoula)
    await notifyStudio(
      db,
      {
        kind: "client_message",
        key: `care-message:${message!.id}`,
        message: sentence("{name} wrote to you."),
        values: { name },
        link: `/studio/clients/${recordId}`,
        about: record.memberId,
      },
      now,
    );
  return message!.id;
}

/**
 * Tells the studio a client paid online: her name, what came in and which payment, once per
 * payment (the webhook's hook, care-checkouts.ts, calls it in the transaction that settles it).
 */
export async function notifyPaidOnline(
  tx: Queryable,
  payment: { id: number; recordId: number; kind: string },
  amount: { minor: number; currency: string },
  now: Date,
) {
  const client = await clientOf(tx, payment.recordId);
  await notifyStudio(
    tx,
    {
      kind: "client_paid",
      key: `care-paid:${payment.id}`,
      message:
        payment.kind === "deposit" ? sentence("{name} paid her deposit: {amount}.") : sentence("{name} paid an instalment: {amount}."),
      values: { name: client.name, amount: { money: amount.minor, currency: amount.currency } },
      link: `/studio/clients/${payment.recordId}`,
      about: client.account,
    },
    now,
  );
}

/** Corrects her due date and on-call window: what she signed and her schedule stay as they were. */
export async function saveDates(db: Queryable, recordId: number, dates: { dueDate: string; onCallFrom: string; onCallUntil: string }) {
  const updated = await db
    .update(careRecords)
    .set({ dueDate: dates.dueDate, onCallFrom: dates.onCallFrom, onCallUntil: dates.onCallUntil })
    .where(eq(careRecords.id, recordId))
    .returning({ id: careRecords.id });
  if (updated.length === 0) throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
}

/** Sets a stage only the doula knows of (the birth, postpartum, the end of care, or back to active). */
export async function setStage(db: Queryable, recordId: number, stage: "active" | "birth" | "postpartum" | "closed"): Promise<void> {
  const updated = await db.update(careRecords).set({ stage }).where(eq(careRecords.id, recordId)).returning({ id: careRecords.id });
  if (updated.length === 0) throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
}

export async function addNote(
  db: Queryable,
  recordId: number,
  { text, shared, forTeam }: { text: string; shared: boolean; forTeam: boolean },
  now: Date,
): Promise<number> {
  const [record] = await db.select({ id: careRecords.id }).from(careRecords).where(eq(careRecords.id, recordId));
  if (!record) throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
  const [note] = await db
    .insert(careNotes)
    .values({ recordId, text, shared, forTeam: shared || forTeam, createdAt: now })
    .returning({ id: careNotes.id });
  return note!.id;
}

/** Paid by hand, or waived: once (a conditional UPDATE, so two clicks on two servers mark it once). */
export async function markPaid(
  db: Queryable,
  recordId: number,
  paymentId: number,
  input: { note: string; waived: boolean },
  now: Date,
  language: Language,
) {
  return db.transaction(async (tx) => {
    const [marked] = await tx
      .update(carePayments)
      .set(input.waived ? { waived: true, note: input.note } : { paidAt: now, note: input.note })
      .where(
        and(
          eq(carePayments.id, paymentId),
          eq(carePayments.recordId, recordId),
          isNull(carePayments.paidAt),
          eq(carePayments.waived, false),
        ),
      )
      .returning();
    if (!marked) {
      const [existing] = await tx
        .select({ id: carePayments.id })
        .from(carePayments)
        .where(and(eq(carePayments.id, paymentId), eq(carePayments.recordId, recordId)));
      if (!existing) throw new HttpError(404, "There is no such payment for this client.");
      throw new HttpError(409, "This payment is marked paid or waived already.");
    }
    if (!input.waived)
      await recordReceipt(
        tx,
        { paymentId: marked.id, source: "by_hand", amountMinor: marked.amountMinor - marked.fromRegistryMinor, currency: marked.currency },
        now,
      );
    if (marked.kind === "deposit" && !input.waived)
      await tx
        .update(careRecords)
        .set({ stage: "deposit_paid" })
        .where(and(eq(careRecords.id, recordId), inArray(careRecords.stage, ["invited", "signed"])));
    return {
      message: input.waived
        ? answerWith("Waived the payment due on {date}.", { date: longDate(marked.dueOn, formattingLocales[language]) })
        : answerWith("Marked the payment due on {date} as paid.", { date: longDate(marked.dueOn, formattingLocales[language]) }),
    };
  });
}

/**
 * Refunds in full a payment she made through Stripe, once: the UPDATE that stamps it claims the
 * refund, and Stripe is asked inside the same transaction (with a key that makes a retry the same
 * refund), so a refused refund leaves the payment as it was.
 */
export async function refundPayment(
  db: Queryable,
  recordId: number,
  paymentId: number,
  refund: ((paymentIntentId: string, idempotencyKey: string) => Promise<void>) | null,
  now: Date,
  language: Language,
) {
  if (!refund) throw new HttpError(404, "Online payment is not set up, so there is nothing to refund through Stripe.");
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(carePayments)
      .set({ refundedAt: now })
      .where(
        and(
          eq(carePayments.id, paymentId),
          eq(carePayments.recordId, recordId),
          isNotNull(carePayments.paidAt),
          isNotNull(carePayments.paymentIntentId),
          isNull(carePayments.refundedAt),
        ),
      )
      .returning();
    if (!claimed) {
      const [existing] = await tx
        .select()
        .from(carePayments)
        .where(and(eq(carePayments.id, paymentId), eq(carePayments.recordId, recordId)));
      if (!existing) throw new HttpError(404, "There is no such payment for this client.");
      if (existing.refundedAt) throw new HttpError(409, "This payment is refunded already.");
      throw new HttpError(409, "Only a payment made through Stripe can be refunded here; settle one paid by hand with her directly.");
    }
    await tx
      .update(careReceipts)
      .set({ refundedAt: now })
      .where(and(eq(careReceipts.paymentId, claimed.id), eq(careReceipts.source, "stripe"), isNull(careReceipts.refundedAt)));
    await refund(claimed.paymentIntentId!, `care-payment-${claimed.id}-refund`).catch(() => {
      throw new HttpError(502, "The refund could not be made just now, so nothing was changed. Please try again in a moment.");
    });
    return {
      message: answerWith("Refunded the payment due on {date} in full through Stripe.", {
        date: longDate(claimed.dueOn, formattingLocales[language]),
      }),
    };
  });
}

/**
 * Signs her agreement, once: the UPDATE fills the signature record only while it is empty, so a
 * second signature (another tab, another server) is refused with 409 and changes nothing.
 */
export async function signAgreement(
  db: Queryable,
  signer: { memberId: number; recordId: number; fullName: string; address: string; browser: string; drawnSignature: Uint8Array | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [record] = await tx
      .select({ id: careRecords.id, tierName: careRecords.tierName, tiers: carePackages.tiers })
      .from(careRecords)
      .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
      .where(and(eq(careRecords.id, signer.recordId), eq(careRecords.memberId, signer.memberId)))
      .for("update", { of: careRecords });
    if (!record) throw new HttpError(404, "There is no such care record in your account.");
    // Pay what you can: her agreement names the fee she chose, so she chooses before she signs.
    if (record.tiers.length > 0 && record.tierName === null)
      throw new HttpError(409, "Please choose what you pay first: your agreement is made with the fee you choose.");
    const [signed] = await tx
      .update(careAgreements)
      .set({
        signedAt: now,
        signedName: signer.fullName,
        signedBy: signer.memberId,
        signedFrom: signer.address,
        signedWith: signer.browser,
        drawnSignature: signer.drawnSignature,
      })
      .where(and(eq(careAgreements.recordId, signer.recordId), isNull(careAgreements.signedAt)))
      .returning({ id: careAgreements.id });
    if (!signed) throw new HttpError(409, "You have signed this agreement already. Your signed copy is in your client space.");
    await tx
      .update(careRecords)
      .set({ stage: "signed" })
      .where(and(eq(careRecords.id, signer.recordId), eq(careRecords.stage, "invited")));
    // Signing opens the deposit: it is due from the day she signs.
    await tx
      .update(carePayments)
      .set({ dueOn: (await practiceDay(tx, now)).toString() })
      .where(and(eq(carePayments.recordId, signer.recordId), eq(carePayments.kind, "deposit"), isNull(carePayments.paidAt)));
    await notifyStudio(
      tx,
      {
        kind: "client_signed",
        key: `care-signed:${signer.recordId}`,
        message: sentence("{name} signed her agreement."),
        values: { name: signer.fullName },
        link: `/studio/clients/${signer.recordId}`,
        about: signer.memberId,
      },
      now,
    );
  });
}

/** What the PDF of her agreement needs: the text and its signature record. */
export async function agreementOfMember(db: Queryable, memberId: number, recordId: number) {
  const [row] = await db
    .select({ agreement: careAgreements, packageName: carePackages.name })
    .from(careAgreements)
    .innerJoin(careRecords, eq(careRecords.id, careAgreements.recordId))
    .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
    .where(and(eq(careAgreements.recordId, recordId), eq(careRecords.memberId, memberId)));
  if (!row) throw new HttpError(404, "There is no such care record in your account.");
  return row;
}

/** Registration with her link (server/src/accounts/sign-in-routes.ts): whom it was sent to, without using it. */
export async function checkCareInvitation(db: Queryable, token: string, now: Date): Promise<InvitedPerson> {
  const [row] = await db
    .select({
      email: careRecords.email,
      firstName: careRecords.firstName,
      lastName: careRecords.lastName,
      memberId: careRecords.memberId,
      expiresAt: careRecords.invitationExpiresAt,
    })
    .from(careRecords)
    .where(eq(careRecords.invitationHash, hashToken(token)));
  if (!row || !row.email) throw new HttpError(404, "This link to your client space is not known. It may have been copied incompletely.");
  if (row.memberId !== null) throw new HttpError(403, "This link has been used already. Please sign in to open your client space.");
  if (!row.expiresAt || row.expiresAt <= now)
    throw HttpError.withValues(403, "This link has expired: it was valid for {days} days. Please ask your doula to send a new one.", {
      days: INVITATION_DAYS,
    });
  return { email: row.email.toLowerCase(), firstName: row.firstName, lastName: row.lastName };
}

/** Uses her link inside the registration's transaction: one account per link, however many arrive at once. */
export async function acceptCareInvitation(tx: Queryable, token: string, memberId: number, now: Date): Promise<void> {
  const [used] = await tx
    .update(careRecords)
    .set({ memberId, invitationHash: null })
    .where(and(eq(careRecords.invitationHash, hashToken(token)), isNull(careRecords.memberId), gt(careRecords.invitationExpiresAt, now)))
    .returning({ id: careRecords.id, dueDate: careRecords.dueDate });
  if (!used) throw new HttpError(403, "This link has been used already. Please sign in to open your client space.");
  await giveDueDateIfNone(tx, memberId, used.dueDate);
}

/**
 * Her clients' on-call windows that touch a span of days (the calendar, the labour line): each
 * with its record and, while she has an account, her id.
 */
/** Her birth clients due in a month ("YYYY-MM") whose care is not closed: each takes one of the month's places (bookings/). */
export async function careRecordsDueIn(db: Queryable, month: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(careRecords)
    .where(and(sql`to_char(${careRecords.dueDate}, 'YYYY-MM') = ${month}`, sql`${careRecords.stage} <> 'closed'`));
  return row?.count ?? 0;
}

/** The same, for every month. */
export async function careRecordsDueByMonth(db: Queryable): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: sql<string>`to_char(${careRecords.dueDate}, 'YYYY-MM')`, count: sql<number>`count(*)::int` })
    .from(careRecords)
    .where(sql`${careRecords.stage} <> 'closed'`)
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.month, row.count]));
}

export async function onCallWindowsBetween(db: Queryable, from: string, until: string) {
  const rows = await db
    .select({
      recordId: careRecords.id,
      memberId: careRecords.memberId,
      firstName: careRecords.firstName,
      lastName: careRecords.lastName,
      email: careRecords.email,
      from: careRecords.onCallFrom,
      until: careRecords.onCallUntil,
    })
    .from(careRecords)
    .where(and(lte(careRecords.onCallFrom, until), gte(careRecords.onCallUntil, from), sql`${careRecords.stage} <> 'closed'`))
    .orderBy(asc(careRecords.onCallFrom), asc(careRecords.id));
  // A client who deleted her account is still a window in the doula's calendar, without a name.
  return rows.map((row) => ({
    recordId: row.recordId,
    memberId: row.memberId,
    client: clientName({ ...row, id: row.recordId }),
    from: row.from,
    until: row.until,
  }));
}

/**
 * Her care records in her download; with her account go the doula's notes and her contact details.
 * The records, their signed agreements and payments stay as the doula's business records
 * (README, "Her data"), with her typed name as she signed.
 */
export const carePersonalData = (db: Queryable, clock: Clock, practice: PracticeNames, storage: MediaStorage): PersonalData => ({
  key: "care",
  export: async (member) => {
    const records = await recordsOfMember(db, member, (await practiceDay(db, clock.now())).toString(), practice.now().doulaName);
    const answers = await questionnairesOf(
      db,
      records.map((record) => record.id),
    );
    // Her answers are hers too: in her download, beside each record.
    return records.map((record) => ({ ...record, questionnaires: (answers.get(record.id) ?? []).map(toQuestionnaire) }));
  },
  readdress: async (tx, member, newEmail) => {
    await tx.update(careRecords).set({ email: newEmail }).where(eq(careRecords.memberId, member.id));
  },
  proven: (tx, member) => claimRecordsByAddress(tx, member),
  erase: async (tx, member) => {
    const mine = tx.select({ id: careRecords.id }).from(careRecords).where(eq(careRecords.memberId, member.id));
    await tx.delete(careNotes).where(inArray(careNotes.recordId, mine));
    const fileKeys = await fileKeysOfMember(tx, member.id);
    await tx.delete(careFiles).where(inArray(careFiles.recordId, mine));
    await tx.delete(careMessages).where(inArray(careMessages.recordId, mine));
    await tx.delete(careQuestionnaireSends).where(inArray(careQuestionnaireSends.recordId, mine));
    await tx.update(careAgreements).set({ signedFrom: null, signedWith: null }).where(inArray(careAgreements.recordId, mine));
    await tx
      .update(careRecords)
      .set({ email: null, firstName: null, lastName: null, invitationHash: null })
      .where(eq(careRecords.memberId, member.id));
    return async () => {
      for (const key of fileKeys) await storage.remove(key);
    };
  },
});

/** Her payments still to pay, neither paid nor waived, on care that is not closed (with careRecords joined). */
const openPaymentsOf = (memberId: number) =>
  and(
    eq(careRecords.memberId, memberId),
    sql`${careRecords.stage} <> 'closed'`,
    isNull(carePayments.paidAt),
    eq(carePayments.waived, false),
  );

/**
 * What Supporter fees brought beyond their packages' own fees (docs/gifts.md, community places), by
 * currency: a record counts once every one of its payments is paid, none waived or refunded.
 */
export async function paidBeyondPackageFees(db: Queryable): Promise<{ currency: string; minor: number }[]> {
  const open = db
    .select({ id: carePayments.id })
    .from(carePayments)
    .where(
      and(
        eq(carePayments.recordId, careRecords.id),
        or(isNull(carePayments.paidAt), eq(carePayments.waived, true), isNotNull(carePayments.refundedAt)),
      ),
    );
  return db
    .select({ currency: carePackages.currency, minor: sql<number>`coalesce(sum(${careRecords.beyondFeeMinor}), 0)`.mapWith(Number) })
    .from(careRecords)
    .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
    .where(
      and(
        sql`${careRecords.beyondFeeMinor} > 0`,
        exists(db.select({ id: carePayments.id }).from(carePayments).where(eq(carePayments.recordId, careRecords.id))),
        notExists(open),
      ),
    )
    .groupBy(carePackages.currency);
}

/**
 * Her open care, for her birth registry (gifts/, docs/gifts.md): the currency her payment plan is
 * in and what is still owed, or null when she has no care plan with payments left.
 */
export async function careOwedBy(db: Queryable, memberId: number): Promise<{ currency: string; owedMinor: number } | null> {
  const rows = await db
    .select({ currency: carePayments.currency, amount: carePayments.amountMinor, credited: carePayments.fromRegistryMinor })
    .from(carePayments)
    .innerJoin(careRecords, eq(careRecords.id, carePayments.recordId))
    .where(openPaymentsOf(memberId));
  if (rows.length === 0) return null;
  // Her registry contributes in one currency: her first open payment's, and only what is owed in it.
  const currency = rows[0]!.currency;
  const owedMinor = rows.filter((row) => row.currency === currency).reduce((sum, row) => sum + row.amount - row.credited, 0);
  return { currency, owedMinor };
}

/**
 * A contribution from her birth registry, credited to her next open payments in due order (the
 * doula sees "paid from her registry"): each row locked while it is credited, so two contributions
 * arriving at once on two app servers never credit the same cents twice. Returns what is left over,
 * which stays as credit with the contribution.
 */
export async function creditCareFromRegistry(
  tx: Queryable,
  memberId: number,
  amountMinor: number,
  currency: string,
  now: Date,
): Promise<number> {
  const open = await tx
    .select({ payment: carePayments })
    .from(carePayments)
    .innerJoin(careRecords, eq(careRecords.id, carePayments.recordId))
    .where(and(openPaymentsOf(memberId), sql`upper(${carePayments.currency}) = upper(${currency})`))
    .orderBy(asc(carePayments.dueOn), asc(carePayments.id))
    .for("update", { of: carePayments });
  let left = amountMinor;
  for (const { payment } of open) {
    if (left <= 0) break;
    const take = Math.min(left, payment.amountMinor - payment.fromRegistryMinor);
    if (take <= 0) continue;
    left -= take;
    const settled = payment.fromRegistryMinor + take === payment.amountMinor;
    await tx
      .update(carePayments)
      .set({
        fromRegistryMinor: sql`${carePayments.fromRegistryMinor} + ${take}`,
        ...(settled ? { paidAt: now, note: payment.note || "Paid from her registry." } : {}),
      })
      .where(eq(carePayments.id, payment.id));
    await recordReceipt(tx, { paymentId: payment.id, source: "registry", amountMinor: take, currency: payment.currency }, now);
    if (settled && payment.kind === "deposit")
      await tx
        .update(careRecords)
        .set({ stage: "deposit_paid" })
        .where(and(eq(careRecords.id, payment.recordId), inArray(careRecords.stage, ["invited", "signed"])));
  }
  return left;
}
