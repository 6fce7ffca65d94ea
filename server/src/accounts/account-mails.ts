import { composeMail, namesOf, greeting, type Mail, type MailContext, translatorOf } from "../mail/mail-templates.ts";

// The account's own mails: welcome, password reset and change, e-mail change and proof, each in
// the language of the context it is given (docs/languages.md).
declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    welcome: true;
    password_reset: true;
    email_change_confirm: true;
    email_proof: true;
    email_change_notice: true;
    password_changed: true;
  }
}

const confirmEmailLink = (token: string, context: MailContext) => `${context.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;

/** Sent at registration; `proofToken` is the link that proves the address hers, when it is not proven yet. */
export function welcomeMail(to: string, firstName: string | null, context: MailContext, proofToken?: string): Mail {
  const i18n = translatorOf(context);
  return composeMail("welcome", to, i18n._("Welcome to {businessName}", { businessName: namesOf(context).businessName }), context, [
    greeting(firstName, context.language),
    i18n._(
      "Thank you for joining us. Your library is ready whenever you are: there is no order you must follow and no pace you must keep.",
    ),
    ...(proofToken
      ? [
          i18n._(
            "Please confirm this is your e-mail address. Then a session or a class you booked with it before you joined shows in your account too. The link works for 7 days.",
          ),
          { label: i18n._("Confirm my e-mail address"), link: confirmEmailLink(proofToken, context) },
        ]
      : []),
    { label: i18n._("Open your library"), link: `${context.publicUrl}/library` },
    i18n._("If anything is unclear, or you simply want to talk, reply to this mail or write to us from the Support page."),
  ]);
}

export function passwordResetMail(to: string, firstName: string | null, token: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  return composeMail("password_reset", to, i18n._("Reset your password"), context, [
    greeting(firstName, context.language),
    i18n._("Someone, hopefully you, asked to reset the password of your account. The link below works once, for the next 60 minutes."),
    { label: i18n._("Choose a new password"), link: `${context.publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
    i18n._("If you did not ask for this, you can ignore this mail: your password stays as it is."),
  ]);
}

export function emailChangeConfirmMail(to: string, firstName: string | null, token: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  return composeMail("email_change_confirm", to, i18n._("Confirm your new e-mail address"), context, [
    greeting(firstName, context.language),
    i18n._(
      "Please confirm that you want to use this address for your account. Until you do, we keep using your previous one. The link works once, for the next 24 hours.",
    ),
    { label: i18n._("Confirm this address"), link: confirmEmailLink(token, context) },
    i18n._("If you did not ask for this, ignore this mail and nothing changes."),
  ]);
}

/** Her registration's confirmation link, sent again from /account. */
export function emailProofMail(to: string, firstName: string | null, token: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  return composeMail("email_proof", to, i18n._("Confirm your e-mail address"), context, [
    greeting(firstName, context.language),
    i18n._(
      "Please confirm this is your e-mail address. Then a session or a class you booked with it before you joined shows in your account too. The link works once, for the next 7 days.",
    ),
    { label: i18n._("Confirm my e-mail address"), link: confirmEmailLink(token, context) },
    i18n._("If you did not ask for this, ignore this mail and nothing changes."),
  ]);
}

export function emailChangeNoticeMail(to: string, firstName: string | null, newEmail: string, context: MailContext): Mail {
  const i18n = translatorOf(context);
  return composeMail("email_change_notice", to, i18n._("Your e-mail address is changing"), context, [
    greeting(firstName, context.language),
    i18n._(
      "We were asked to change your account's e-mail address to {newEmail}. We have sent a confirmation link there; nothing changes until it is used.",
      { newEmail },
    ),
    i18n._("If this was not you, please change your password and write to us from the Support page."),
    { label: i18n._("Open your account"), link: `${context.publicUrl}/account` },
  ]);
}

export function passwordChangedMail(to: string, firstName: string | null, context: MailContext): Mail {
  const i18n = translatorOf(context);
  return composeMail("password_changed", to, i18n._("Your password was changed"), context, [
    greeting(firstName, context.language),
    i18n._("The password of your account was just changed, and every other device was signed out."),
    i18n._("If this was not you, please reset your password now and write to us from the Support page."),
    { label: i18n._("Reset your password"), link: `${context.publicUrl}/forgot-password` },
  ]);
}
