import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, type SQL } from "drizzle-orm";
import { accountsByIds } from "../accounts/users-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { type MailContext, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { paymentReminderMail } from "./care-mails.ts";
import { practiceDay } from "./practice-day.ts";
import { type MessageMailDeps, runMessageMails } from "./care-message-mails.ts";
import { careAgreements, carePayments, careRecords } from "./care-schema.ts";

// Her payment reminders (docs/care.md): one mail 3 days before a payment is due, one once it is
// overdue, never for a payment paid or waived. Every app server runs this; each reminder is
// claimed by the UPDATE that marks it, so one server sends it, once.

export type CareReminderDeps = { db: Database; clock: Clock; mail: MailContext; sender: MailSender; siteLanguage: SiteLanguage };

const DAYS_BEFORE = 3;

/** Sends the reminders due now; answers how many of each it sent. */
export async function runPaymentReminders(deps: CareReminderDeps): Promise<{ before: number; overdue: number }> {
  const now = deps.clock.now();
  const today = await practiceDay(deps.db, now);
  const soon = today.add({ days: DAYS_BEFORE }).toString();
  // Only what her signed agreement made due, and only for a client who can still be written to.
  const open = and(
    isNull(carePayments.paidAt),
    eq(carePayments.waived, false),
    inArray(
      carePayments.recordId,
      deps.db
        .select({ id: careRecords.id })
        .from(careRecords)
        .innerJoin(careAgreements, eq(careAgreements.recordId, careRecords.id))
        .where(and(isNotNull(careAgreements.signedAt), isNotNull(careRecords.email))),
    ),
  )!;
  const before = await claimAndMail(
    deps,
    and(open, isNull(carePayments.remindedAt), gt(carePayments.dueOn, today.toString()), lte(carePayments.dueOn, soon))!,
    { remindedAt: now },
    false,
  );
  const overdue = await claimAndMail(
    deps,
    and(open, isNull(carePayments.overdueMailedAt), lt(carePayments.dueOn, today.toString()))!,
    { overdueMailedAt: now },
    true,
  );
  if (before + overdue > 0) deps.sender.wake();
  return { before, overdue };
}

async function claimAndMail(
  deps: CareReminderDeps,
  due: SQL,
  claim: { remindedAt: Date } | { overdueMailedAt: Date },
  overdue: boolean,
): Promise<number> {
  const siteLanguage = await deps.siteLanguage.current();
  return deps.db.transaction(async (tx) => {
    const claimed = await tx.update(carePayments).set(claim).where(due).returning();
    if (claimed.length === 0) return 0;
    const records = await recordsOf(
      tx,
      claimed.map((payment) => payment.recordId),
    );
    const accounts = await accountsByIds(
      tx,
      [...records.values()].flatMap((record) => (record.memberId === null ? [] : [record.memberId])),
    );
    for (const payment of claimed) {
      const record = records.get(payment.recordId)!;
      const account = record.memberId === null ? undefined : accounts.get(record.memberId);
      const language = recipientLanguage(account?.language, { ...deps.mail, language: siteLanguage });
      await queueMail(
        tx,
        paymentReminderMail(
          record.email!,
          record.firstName,
          { amountMinor: payment.amountMinor, currency: payment.currency, dueOn: payment.dueOn, overdue },
          {
            ...deps.mail,
            language,
          },
        ),
      );
    }
    return claimed.length;
  });
}

async function recordsOf(db: Queryable, ids: number[]) {
  const rows = await db.select().from(careRecords).where(inArray(careRecords.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Payment reminders, and the private thread's mails (care-message-mails.ts): both claimed row by row. */
export const careWork = (deps: MessageMailDeps): TimedWork => ({
  name: "care: payment reminders and message mails",
  everyMs: 5 * 60_000,
  firstAfterMs: 60_000,
  run: async () => ({ reminders: await runPaymentReminders(deps), messages: await runMessageMails(deps) }),
});
