import { sourceLanguage } from "../../../contract/languages.ts";
import { accountLanguage, findUserById, instructorAccounts } from "../accounts/users-repository.ts";
import type { Queryable } from "../db/client.ts";
import { translatorFor } from "../language/catalogues.ts";
import { type Push, queuePushes } from "../push/push-repository.ts";

// What her care space tells her devices, and the doula's (docs/push.md): in addition to mail.

/** A message in a care record's thread, to the mother's devices or the doula's, at once. */
export async function pushCareMessage(
  db: Queryable,
  message: { recordId: number; memberId: number | null; fromDoula: boolean; text: string; clientName: string; doulaName: string },
  now: Date,
): Promise<void> {
  const recipients = message.fromDoula
    ? [message.memberId === null ? undefined : await findUserById(db, message.memberId)].filter((account) => account !== undefined)
    : await instructorAccounts(db);
  const preview = message.text.length > 140 ? `${message.text.slice(0, 139)}…` : message.text;
  const pushes: Push[] = recipients.map((account) => {
    const i18n = translatorFor(accountLanguage(account, sourceLanguage));
    return {
      userId: account.id,
      kind: "replies",
      message: message.fromDoula
        ? {
            title: i18n._("Message from {doula}", { doula: message.doulaName }),
            body: preview,
            url: "/care",
            tag: `care-message-${message.recordId}`,
            locked: { title: i18n._("Message from your doula"), body: i18n._("Open the app to read it.") },
          }
        : {
            title: i18n._("Message from {client}", { client: message.clientName }),
            body: preview,
            url: `/studio/clients/${message.recordId}`,
            tag: `care-message-${message.recordId}`,
            locked: { title: i18n._("A client wrote to you"), body: i18n._("Open the studio to read it.") },
          },
    };
  });
  await queuePushes(db, pushes, now);
}
