import { composeMail, namesOf, greeting, type Mail, type MailContext, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    partner_invitation: true;
  }
}

/** Her invitation to her partner, in her language (the context's): he has no account, nor a language, yet. */
export function partnerInvitationMail(to: string, inviterName: string, token: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  return composeMail(
    "partner_invitation",
    to,
    i18n._("{inviter} invites you to {businessName}", { inviter: inviterName, businessName: namesOf(context).businessName }),
    context,
    [
      greeting(null, context.language),
      i18n._(
        "{inviter} would like you beside her as she prepares for the birth. This link creates your own account, with no access code: you will see the courses for partners, where she is in her pregnancy, and what she chooses to share with you.",
        { inviter: inviterName },
      ),
      { label: i18n._("Create your account"), link: `${context.publicUrl}/register?invitation=${encodeURIComponent(token)}` },
      i18n._("The link works once, for the next 7 days. If you were not expecting it, you can ignore this mail."),
    ],
  );
}
