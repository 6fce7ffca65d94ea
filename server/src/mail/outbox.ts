import { and, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { mailOutbox } from "./mail-schema.ts";
import type { Mail, MailKind } from "./mail-templates.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Puts a mail in the outbox. Call it inside the transaction of the action the mail is about: the
 * mail exists exactly when the action happened, and the sender delivers it afterwards.
 */
export async function queueMail(db: Queryable, mail: Mail): Promise<void> {
  await queueMails(db, [mail]);
}

export function listOutbox(db: Queryable, limit = 50): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/**
 * Forgets the mails to an address (a deleted account leaves no address behind). With
 * `pendingKinds`, a mail still to be sent is forgotten only when of those kinds: the address may
 * be someone else's, whose own mail must still go.
 */
export async function forgetMailTo(
  db: Queryable,
  address: string,
  { pendingKinds }: { pendingKinds?: readonly MailKind[] } = {},
): Promise<void> {
  const which = pendingKinds ? or(ne(mailOutbox.status, "pending"), inArray(mailOutbox.kind, [...pendingKinds])) : undefined;
  await db.delete(mailOutbox).where(and(eq(mailOutbox.toAddress, address), which));
}

/** Delivered and abandoned mails are kept a month for `mail list`, then forgotten. */
export async function forgetOldMail(db: Queryable): Promise<void> {
  await db.delete(mailOutbox).where(sql`${mailOutbox.status} <> 'pending' and ${mailOutbox.createdAt} < now() - interval '30 days'`);
}

/** Puts many mails in the outbox in a few statements (one to every member), in the caller's transaction. */
export async function queueMails(db: Queryable, mails: Mail[], batchSize = 500): Promise<void> {
  for (let start = 0; start < mails.length; start += batchSize) {
    await db.insert(mailOutbox).values(
      mails.slice(start, start + batchSize).map((mail) => ({
        kind: mail.kind,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        attachments: mail.attachments ?? null,
        headers: mail.headers ?? null,
      })),
    );
  }
}
