import type { I18n } from "@lingui/core";
import { type Language, sourceLanguage } from "../../../contract/languages.ts";
import { accountLanguage, type UserRow } from "../accounts/users-repository.ts";
import { translatorFor } from "../language/catalogues.ts";
import { composeMail, type Mail, type MailContext, recipientLanguage, translatorOf } from "../mail/mail-templates.ts";
import type { Push, PushMessage } from "../push/push-repository.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    journey_step: true;
  }
}

/** A step of her journey by mail, in her language: its title, its words, and the way to the step (its check-in). */
export function journeyStepMail(
  member: { email: string; language: string | null },
  step: { id: number; title: string; text: string },
  context: MailContext,
): Mail {
  const inHers = { ...context, language: recipientLanguage(member.language, context) };
  const i18n = translatorOf(inHers);
  return composeMail("journey_step", member.email, step.title, inHers, [
    ...step.text.split(/\n{2,}/),
    { label: i18n._("Open your journey"), link: `${context.publicUrl}${stepAddress(step.id)}` },
  ]);
}

/** Where a step is read, with its check-in: what its mail and notification open. */
export const stepAddress = (stepId: number) => `/journey/steps/${stepId}`;

/** A notification of kind `journeys` to each of these people's devices, written in each one's own language. */
export function journeyPushesTo(people: readonly UserRow[], write: (i18n: I18n, language: Language) => PushMessage): Push[] {
  return people.map((person) => {
    const language = accountLanguage(person, sourceLanguage);
    return { userId: person.id, kind: "journeys", message: write(translatorFor(language), language) };
  });
}
