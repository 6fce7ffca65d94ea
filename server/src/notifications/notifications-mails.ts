import { inArray, isNull, sql } from "drizzle-orm";
import { instructorAccounts } from "../accounts/users-repository.ts";
import type { Database } from "../db/client.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { composeMail, inLanguage, type Mail, type MailContext, recipientLanguage, translatorOf } from "../mail/mail-templates.ts";
import { queueMails } from "../mail/outbox.ts";
import { noticeChoices, noticeText } from "./notifications-repository.ts";
import { studioNotices } from "./notifications-schema.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    studio_notice: true;
  }
}

export type NoticeMailDeps = { db: Database; clock: Clock; mail: MailContext; sender: MailSender; siteLanguage: SiteLanguage };

const BATCH = 50;

/**
 * Mails the notices of the kinds she chose to hear of by mail, each once: a notice is claimed by
 * the UPDATE that stamps it (every app server runs this; PostgreSQL re-reads the stamp for a
 * second server waiting on the same rows), and its mails are queued in the same transaction.
 */
export async function mailNotices(deps: NoticeMailDeps): Promise<number> {
  const now = deps.clock.now();
  const queued = await deps.db.transaction(async (tx) => {
    const waiting = tx
      .select({ id: studioNotices.id })
      .from(studioNotices)
      .where(isNull(studioNotices.mailedAt))
      .orderBy(studioNotices.id)
      .limit(BATCH);
    const claimed = await tx
      .update(studioNotices)
      .set({ mailedAt: now })
      .where(sql`${studioNotices.mailedAt} is null and ${inArray(studioNotices.id, waiting)}`)
      .returning();
    if (claimed.length === 0) return 0;
    const choices = await noticeChoices(tx);
    const mailed = claimed.filter((notice) => choices[notice.kind] === "mail");
    if (mailed.length === 0) return 0;
    const siteLanguage = await deps.siteLanguage.current();
    const studio = await instructorAccounts(tx);
    const mails: Mail[] = studio.flatMap((account) => {
      const context = inLanguage(deps.mail, recipientLanguage(account.language, { ...deps.mail, language: siteLanguage }));
      const i18n = translatorOf(context);
      return mailed.map((notice) => {
        const text = noticeText(notice, context.language!);
        return composeMail("studio_notice", account.email, text, context, [
          text,
          { label: i18n._("Open it in the studio"), link: `${context.publicUrl}${notice.link}` },
          i18n._("You chose to hear of this by mail in Studio → Notifications, where you can change it."),
        ]);
      });
    });
    await queueMails(tx, mails);
    return mails.length;
  });
  if (queued > 0) deps.sender.wake();
  return queued;
}
