import { answerWith } from "../../../contract/languages.ts";
import { asc, inArray } from "drizzle-orm";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { lockSubmission, markSubmissionRead, submissionIdsOf } from "../forms/forms-repository.ts";
import { messageReplies } from "./messages-schema.ts";
import { HttpError } from "../http/errors.ts";
import { composeMail, namesOf, type MailContext, translatorOf } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    inbox_reply: true;
  }
}

export type ReplyMailContext = MailContext & { contactEmail: string };

/** Where a reply to a message goes: the address typed on the contact form, else the sender's account's; null when neither. */
export function replyAddressOf(payload: unknown, memberEmail: string | null): string | null {
  const typed = (payload as Record<string, unknown> | null)?.email;
  if (typeof typed === "string" && typed.includes("@")) return typed;
  return memberEmail;
}

/** The replies to these messages, oldest first, by message. */
export async function repliesTo(db: Queryable, submissionIds: number[]) {
  const byMessage = new Map<number, { sent_at: string; body: string; author: string }[]>();
  if (submissionIds.length === 0) return byMessage;
  const rows = await db
    .select()
    .from(messageReplies)
    .where(inArray(messageReplies.submissionId, submissionIds))
    .orderBy(asc(messageReplies.id));
  for (const row of rows) {
    const list = byMessage.get(row.submissionId) ?? [];
    list.push({ sent_at: row.createdAt.toISOString(), body: row.body, author: row.authorLabel });
    byMessage.set(row.submissionId, list);
  }
  return byMessage;
}

/** What she wrote, quoted under the reply, so the sender sees what is being answered. */
function quoted(payload: unknown): string {
  const values = (payload ?? {}) as Record<string, unknown>;
  const written = [values.message, values.comments, values.liked_most, values.improve].filter(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  return written.join("\n\n");
}

/**
 * Mails her reply to the sender through the outbox and keeps it beside the message, in one
 * transaction; the message counts as read. A reply whose send key was used already for this
 * message sends nothing more (a double press, or a retry after a lost answer).
 */
export async function sendReply(
  db: Database,
  input: { submissionId: number; body: string; sendKey: string; actor: Actor; mail: ReplyMailContext },
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await lockSubmission(tx, input.submissionId);
    if (!row) throw HttpError.withValues(404, "There is no message with the id {id}.", { id: input.submissionId });
    const to = replyAddressOf(row.payload, row.memberEmail);
    if (!to) throw new HttpError(409, "This message has no e-mail address to reply to: its sender's account was deleted.");
    const inserted = await tx
      .insert(messageReplies)
      .values({ submissionId: input.submissionId, authorLabel: input.actor.label, toAddress: to, body: input.body, sendKey: input.sendKey })
      .onConflictDoNothing()
      .returning({ id: messageReplies.id });
    if (inserted.length === 0) return { message: answerWith("Your reply was sent to {to} already.", { to }) };
    const original = quoted(row.payload);
    const day = row.createdAt.toISOString().slice(0, 10);
    // Her own words as she wrote them; the frame in the studio's language, which is the one she wrote in.
    const i18n = translatorOf(input.mail);
    const mail = composeMail(
      "inbox_reply",
      to,
      i18n._("Re: your message to {business}", { business: namesOf(input.mail).businessName }),
      input.mail,
      [
        ...input.body.split(/\n\s*\n/),
        ...(original ? [i18n._("You wrote on {day}:\n{original}", { day, original: original.replace(/^/gm, "> ") })] : []),
      ],
    );
    await queueMail(tx, { ...mail, headers: { "Reply-To": input.mail.contactEmail } });
    await markSubmissionRead(tx, input.submissionId);
    await recordActivity(tx, input.actor, "message", `Replied to a ${row.kind} message (${to}).`);
    return {
      message: answerWith("Sent your reply to {to}. Their answer comes to {contactEmail}.", { to, contactEmail: input.mail.contactEmail }),
    };
  });
}

/** Replies to her messages travel with them: in her download, and gone with her account (the messages stay, anonymised). */
export const repliesPersonalData = (db: Queryable): PersonalData => ({
  key: "replies_to_my_messages",
  export: async (member) =>
    (
      await db
        .select({ sentAt: messageReplies.createdAt, body: messageReplies.body })
        .from(messageReplies)
        .where(inArray(messageReplies.submissionId, submissionIdsOf(db, member.id)))
        .orderBy(asc(messageReplies.id))
    ).map((reply) => ({ sent_at: reply.sentAt.toISOString(), body: reply.body })),
  erase: async (tx, member) => {
    await tx.delete(messageReplies).where(inArray(messageReplies.submissionId, submissionIdsOf(tx, member.id)));
  },
});
