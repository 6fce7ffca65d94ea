import type { Language } from "../../../contract/languages.ts";
import { and, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { accountsByIds, instructorAccounts } from "../accounts/users-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { type MailContext, recipientLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { careMessageMail } from "./care-mails.ts";
import { careMessages, careRecords } from "./care-schema.ts";
import { clientName } from "./client-names.ts";

// The private thread's mails (docs/care.md): each side is told of new messages at most once an
// hour, in one mail for all that came since. Every app server runs this; a record is claimed by
// the UPDATE that stamps its side's last mail, and PostgreSQL re-reads that stamp for a second
// server waiting on the same row, so one server mails, once.

const HOUR_MS = 60 * 60_000;

export type MessageMailDeps = {
  db: Database;
  clock: Clock;
  mail: MailContext;
  sender: MailSender;
  siteLanguage: SiteLanguage;
  contactEmail: string;
};

export async function runMessageMails(deps: MessageMailDeps): Promise<{ toDoula: number; toClients: number }> {
  const siteLanguage = await deps.siteLanguage.current();
  const toDoula = await mailSide(deps, true, siteLanguage);
  const toClients = await mailSide(deps, false, siteLanguage);
  if (toDoula + toClients > 0) deps.sender.wake();
  return { toDoula, toClients };
}

/** Mails one side (the doula, or each client) about the messages the other side wrote since its last mail. */
async function mailSide(deps: MessageMailDeps, toDoula: boolean, siteLanguage: Language) {
  const now = deps.clock.now();
  const quietUntil = new Date(now.getTime() - HOUR_MS);
  const stamp = toDoula ? careRecords.doulaMailedAt : careRecords.clientMailedAt;
  return deps.db.transaction(async (tx) => {
    const waiting = tx
      .select({ recordId: careMessages.recordId })
      .from(careMessages)
      .where(and(isNull(careMessages.mailedAt), eq(careMessages.fromDoula, !toDoula)));
    const claimed = await tx
      .update(careRecords)
      .set(toDoula ? { doulaMailedAt: now } : { clientMailedAt: now })
      .where(
        and(
          inArray(careRecords.id, waiting),
          or(isNull(stamp), lte(stamp, quietUntil)),
          // A client who deleted her account, or was never given an address, gets no mail.
          toDoula ? undefined : isNotNull(careRecords.email),
        ),
      )
      .returning();
    if (claimed.length === 0) return 0;
    const told = await tx
      .update(careMessages)
      .set({ mailedAt: now })
      .where(
        and(
          inArray(
            careMessages.recordId,
            claimed.map((record) => record.id),
          ),
          isNull(careMessages.mailedAt),
          eq(careMessages.fromDoula, !toDoula),
        ),
      )
      .returning({ recordId: careMessages.recordId });
    const counts = new Map<number, number>();
    for (const message of told) counts.set(message.recordId, (counts.get(message.recordId) ?? 0) + 1);
    const accounts = toDoula ? new Map() : await accountsOf(tx, claimed);
    // The doula reads them at her account's address, in her account's language; CONTACT_EMAIL
    // (the site's public address) only until an instructor account exists.
    const doulas = toDoula ? await instructorAccounts(tx) : [];
    const doulaInboxes =
      doulas.length > 0
        ? doulas.map((doula) => ({
            address: doula.email,
            language: recipientLanguage(doula.language, { ...deps.mail, language: siteLanguage }),
          }))
        : [{ address: deps.contactEmail, language: siteLanguage }];
    for (const record of claimed) {
      const count = counts.get(record.id) ?? 0;
      if (count === 0) continue;
      if (toDoula) {
        const name = clientName(record);
        for (const inbox of doulaInboxes)
          await queueMail(
            tx,
            careMessageMail(
              inbox.address,
              { toDoula: true, clientName: name, recordId: record.id, count },
              { ...deps.mail, language: inbox.language },
            ),
          );
      } else {
        const account = record.memberId === null ? undefined : accounts.get(record.memberId);
        const language = recipientLanguage(account?.language, { ...deps.mail, language: siteLanguage });
        await queueMail(
          tx,
          careMessageMail(record.email!, { toDoula: false, firstName: record.firstName, count }, { ...deps.mail, language }),
        );
      }
    }
    return claimed.length;
  });
}

const accountsOf = (db: Queryable, records: { memberId: number | null }[]) =>
  accountsByIds(
    db,
    records.flatMap((record) => (record.memberId === null ? [] : [record.memberId])),
  );
