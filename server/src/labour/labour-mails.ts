import type { LabourKind } from "../../../contract/labour.ts";
import { formattingLocales, sourceLanguage } from "../../../contract/languages.ts";
import { longDay } from "../lib/time-zones.ts";
import type { I18n } from "@lingui/core";
import { composeMail, type Mail, type MailContext, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    labour_alert: true;
  }
}

/** What she pressed, as a doula reads it. */
export function whatHappened(i18n: I18n, kind: LabourKind, name: string): string {
  if (kind === "labour") return i18n._("{name}: labour has started", { name });
  if (kind === "waters") return i18n._("{name}: her waters have broken", { name });
  return i18n._("{name} asks you to call her", { name });
}

/** The alert by mail, beside the push: to her doula, or to her backup (who is told why). */
export function labourAlertMail(
  to: string,
  alert: { id: number; kind: LabourKind; name: string; note: string; phone: string; dueDate: string; asBackup: boolean },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  const headline = whatHappened(i18n, alert.kind, alert.name);
  return composeMail("labour_alert", to, headline, context, [
    alert.asBackup
      ? i18n._("You are told as her backup doula: her doula is off call, or has not seen it yet.")
      : i18n._("She pressed Tell my doula on the labour line."),
    ...(alert.note ? [i18n._("Her note: {note}", { note: alert.note })] : []),
    ...(alert.phone ? [i18n._("Her phone: {phone}", { phone: alert.phone })] : []),
    i18n._("Her due date: {date}", { date: longDay(alert.dueDate, formattingLocales[context.language ?? sourceLanguage]) }),
    { label: i18n._("Open the alert"), link: `${context.publicUrl}/studio/labour/${alert.id}` },
    i18n._("She sees on her phone when you press I've seen it."),
  ]);
}
