import { formattingLocales, sourceLanguage } from "../../../contract/languages.ts";
import { longDate, money } from "./care-formats.ts";
import { composeMail, greeting, type Mail, type MailContext, namesOf, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    care_invitation: true;
    care_payment_reminder: true;
    care_message: true;
  }
}

/** Her link to her client space, in the language of the studio that added her (she may have no account yet). */
export function careInvitationMail(
  to: string,
  firstName: string | null,
  invitation: {
    packageName: string;
    token: string;
    /** Whether an account has her address, and has proven it hers: only then is her record linked to it at once. */
    account: "proven" | "unproven" | "none";
  },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  const { doulaName } = namesOf(context);
  const hasAccount = invitation.account !== "none";
  const link = hasAccount ? `${context.publicUrl}/care` : `${context.publicUrl}/care?invitation=${encodeURIComponent(invitation.token)}`;
  return composeMail("care_invitation", to, i18n._("{doula} has opened your client space", { doula: doulaName }), context, [
    greeting(firstName, context.language),
    i18n._(
      "{doula} has set up your {package} in your own client space: your agreement to read and sign, your payment schedule, and the notes she shares with you after each visit.",
      { doula: doulaName, package: invitation.packageName },
    ),
    {
      label: hasAccount ? i18n._("Open your client space") : i18n._("Create your account"),
      link,
    },
    invitation.account === "proven"
      ? i18n._("Sign in with this address to see it.")
      : invitation.account === "unproven"
        ? i18n._(
            "Sign in with this address, then confirm it with the link we mailed you when you made your account (or choose a new password with “Forgot password?”): your client space opens once the address is shown to be yours.",
          )
        : i18n._("The link creates your account with this address, with no access code. It works once, for the next 30 days."),
  ]);
}

/** A payment due in 3 days, or overdue: in her language, with the way to her space. */
export function paymentReminderMail(
  to: string,
  firstName: string | null,
  payment: { amountMinor: number; currency: string; dueOn: string; overdue: boolean },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  const locale = formattingLocales[context.language ?? sourceLanguage];
  const amount = money(payment.amountMinor, payment.currency, locale);
  const date = longDate(payment.dueOn, locale);
  return composeMail(
    "care_payment_reminder",
    to,
    payment.overdue
      ? i18n._("Your payment of {amount} was due on {date}", { amount, date })
      : i18n._("Your payment of {amount} is due on {date}", { amount, date }),
    context,
    [
      greeting(firstName, context.language),
      payment.overdue
        ? i18n._(
            "Your payment of {amount} was due on {date}. You can pay it from your client space, or tell your doula how you would like to settle it.",
            { amount, date },
          )
        : i18n._("A gentle reminder: your payment of {amount} is due on {date}. You can pay it from your client space.", { amount, date }),
      { label: i18n._("Open your client space"), link: `${context.publicUrl}/care` },
      i18n._("If you have paid already, thank you: this mail crossed your payment."),
    ],
  );
}

/**
 * New messages in a client's thread, at most one mail an hour to each side. The mail says who wrote,
 * never what: her words may be about her health, and mail is read on shared screens and kept by
 * mail providers; the thread is behind her sign-in.
 */
export function careMessageMail(
  to: string,
  message:
    { toDoula: true; clientName: string; recordId: number; count: number } | { toDoula: false; firstName: string | null; count: number },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  if (message.toDoula) {
    return composeMail("care_message", to, i18n._("{client} wrote to you", { client: message.clientName }), context, [
      i18n._("{client} wrote to you in her client space ({count, plural, one {# new message} other {# new messages}}).", {
        client: message.clientName,
        count: message.count,
      }),
      { label: i18n._("Read and answer"), link: `${context.publicUrl}/studio/clients/${message.recordId}` },
    ]);
  }
  const { doulaName } = namesOf(context);
  return composeMail("care_message", to, i18n._("{doula} wrote to you", { doula: doulaName }), context, [
    greeting(message.firstName, context.language),
    i18n._("{doula} wrote to you in your client space ({count, plural, one {# new message} other {# new messages}}).", {
      doula: doulaName,
      count: message.count,
    }),
    { label: i18n._("Read and answer"), link: `${context.publicUrl}/care` },
  ]);
}
