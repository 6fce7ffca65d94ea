import { composeMail, type Mail, type MailContext, recipientLanguage, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    journey_step: true;
  }
}

/** A step of her journey by mail, in her language: its title, its words, and the way to her timeline. */
export function journeyStepMail(
  member: { email: string; language: string | null },
  step: { title: string; text: string },
  context: MailContext,
): Mail {
  const inHers = { ...context, language: recipientLanguage(member.language, context) };
  const i18n = translatorOf(inHers);
  return composeMail("journey_step", member.email, step.title, inHers, [
    ...step.text.split(/\n{2,}/),
    { label: i18n._("Open your journey"), link: `${context.publicUrl}/journey` },
  ]);
}
