import { composeMail, greeting, type Mail, type MailContext, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    care_invitation: true;
  }
}

/** Her link to her client space, in the language of the studio that added her (she may have no account yet). */
export function careInvitationMail(
  to: string,
  firstName: string | null,
  invitation: { doulaName: string; packageName: string; token: string; hasAccount: boolean },
  context: MailContext,
): Mail {
  const i18n = translatorOf(context);
  const link = invitation.hasAccount
    ? `${context.publicUrl}/care`
    : `${context.publicUrl}/care?invitation=${encodeURIComponent(invitation.token)}`;
  return composeMail("care_invitation", to, i18n._("{doula} has opened your client space", { doula: invitation.doulaName }), context, [
    greeting(firstName, context.language),
    i18n._(
      "{doula} has set up your {package} in your own client space: your agreement to read and sign, your payment schedule, and the notes she shares with you after each visit.",
      { doula: invitation.doulaName, package: invitation.packageName },
    ),
    {
      label: invitation.hasAccount ? i18n._("Open your client space") : i18n._("Create your account"),
      link,
    },
    invitation.hasAccount
      ? i18n._("Sign in with this address to see it.")
      : i18n._("The link creates your account with this address, with no access code. It works once, for the next 30 days."),
  ]);
}
