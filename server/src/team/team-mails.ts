import { composeMail, greeting, type Mail, type MailContext, namesOf, translatorOf } from "../mail/mail-templates.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    team_invitation: true;
  }
}

/** The instructor's invitation to her team, in the studio's language. */
export function teamInvitationMail(to: string, firstName: string, token: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  const { doulaName } = namesOf(context);
  return composeMail("team_invitation", to, i18n._("{doula} invites you to her team", { doula: doulaName }), context, [
    greeting(firstName, context.language),
    i18n._(
      "{doula} would like you as her backup doula. On her team you see the clients she shares with you, her on-call calendar and the labour alerts that come to you; nothing else of her practice.",
      { doula: doulaName },
    ),
    { label: i18n._("Create your account"), link: `${context.publicUrl}/register?team_invitation=${encodeURIComponent(token)}` },
    i18n._("The link creates your account with this address, with no access code. It works once, for the next 14 days."),
  ]);
}
