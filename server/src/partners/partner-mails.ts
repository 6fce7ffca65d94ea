import { composeMail, type Mail, type MailContext } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    partner_invitation: true;
  }
}

export function partnerInvitationMail(to: string, inviterName: string, token: string, context: MailContext): Mail {
  return composeMail("partner_invitation", to, `${inviterName} invites you to ${context.businessName}`, context, [
    "Hello,",
    `${inviterName} would like you beside her as she prepares for the birth. This link creates your own account, with no access code: you will see the courses for partners, where she is in her pregnancy, and what she chooses to share with you.`,
    { label: "Create your account", link: `${context.publicUrl}/register?invitation=${encodeURIComponent(token)}` },
    "The link works once, for the next 7 days. If you were not expecting it, you can ignore this mail.",
  ]);
}
