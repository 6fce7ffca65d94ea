import { brand } from "../../../contract/constants.ts";

/**
 * The mails the product sends, each as a plain-text and an HTML part written in the same calm
 * voice as the site. A template only builds text; who receives it and when is the caller's affair.
 */

export type MailAttachment = { filename: string; contentType: string; content: string };
export type Mail = {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Reply-To, List-Unsubscribe and the like, as the mail is sent. */
  headers?: Record<string, string>;
};
export type MailKind =
  | "welcome"
  | "password_reset"
  | "email_change_confirm"
  | "email_proof"
  | "email_change_notice"
  | "password_changed"
  | "purchase_receipt"
  | "booking_confirm_email"
  | "booking_confirmed"
  | "booking_rescheduled"
  | "booking_reminder"
  | "booking_cancelled"
  | "booking_place_offered"
  | "inbox_reply"
  | "announcement"
  | "class_registered"
  | "class_confirm_email"
  | "class_waiting_list"
  | "class_reminder"
  | "class_cancelled"
  | "class_place_offered"
  | "class_replay"
  | "community_declined"
  | "community_replies"
  | "partner_invitation";

export type MailContext = { businessName: string; publicUrl: string };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

/** The headers of a mail with a one-click unsubscribe (RFC 8058): the address a mail program posts to. */
export const oneClickUnsubscribe = (address: string): Record<string, string> => ({
  "List-Unsubscribe": `<${address}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export const greeting = (firstName: string | null) => (firstName ? `Hello ${firstName},` : "Hello,");

export type Paragraph = string | { link: string; label: string };

/** Lays out paragraphs as text and as simple, readable HTML (one column, large type, a real button). */
export function composeMail(kind: MailKind, to: string, subject: string, context: MailContext, paragraphs: Paragraph[]): Mail {
  const signOff = `With warmth,\n${context.businessName}`;
  const text = [
    ...paragraphs.map((paragraph) => (typeof paragraph === "string" ? paragraph : `${paragraph.label}:\n${paragraph.link}`)),
    signOff,
  ].join("\n\n");
  const htmlParagraphs = paragraphs
    .map((paragraph) =>
      typeof paragraph === "string"
        ? `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(paragraph.link)}" style="display:inline-block;background:${brand.themeColour};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(paragraph.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:14px;color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(paragraph.link)}</p>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:${brand.backgroundColour};font-family:Georgia,serif;color:#2b2b2b;font-size:17px;line-height:1.5">
<div style="max-width:520px;margin:0 auto;padding:24px">
${htmlParagraphs}
<p style="margin:24px 0 0">With warmth,<br>${escapeHtml(context.businessName)}</p>
</div></body></html>`;
  return { kind, to, subject, text, html };
}

const confirmEmailLink = (token: string, context: MailContext) => `${context.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;

/** Sent at registration; `proofToken` is the link that proves the address hers, when it is not proven yet. */
export function welcomeMail(to: string, firstName: string | null, context: MailContext, proofToken?: string): Mail {
  return composeMail("welcome", to, `Welcome to ${context.businessName}`, context, [
    greeting(firstName),
    "Thank you for joining us. Your library is ready whenever you are: there is no order you must follow and no pace you must keep.",
    ...(proofToken
      ? [
          "Please confirm this is your e-mail address. Then a session or a class you booked with it before you joined shows in your account too. The link works for 7 days.",
          { label: "Confirm my e-mail address", link: confirmEmailLink(proofToken, context) },
        ]
      : []),
    { label: "Open your library", link: `${context.publicUrl}/library` },
    "If anything is unclear, or you simply want to talk, reply to this mail or write to us from the Support page.",
  ]);
}

export function passwordResetMail(to: string, firstName: string | null, token: string, context: MailContext): Mail {
  return composeMail("password_reset", to, "Reset your password", context, [
    greeting(firstName),
    "Someone, hopefully you, asked to reset the password of your account. The link below works once, for the next 60 minutes.",
    { label: "Choose a new password", link: `${context.publicUrl}/reset-password?token=${encodeURIComponent(token)}` },
    "If you did not ask for this, you can ignore this mail: your password stays as it is.",
  ]);
}

export function emailChangeConfirmMail(to: string, firstName: string | null, token: string, context: MailContext): Mail {
  return composeMail("email_change_confirm", to, "Confirm your new e-mail address", context, [
    greeting(firstName),
    "Please confirm that you want to use this address for your account. Until you do, we keep using your previous one. The link works once, for the next 24 hours.",
    { label: "Confirm this address", link: confirmEmailLink(token, context) },
    "If you did not ask for this, ignore this mail and nothing changes.",
  ]);
}

/** Her registration's confirmation link, sent again from /account. */
export function emailProofMail(to: string, firstName: string | null, token: string, context: MailContext): Mail {
  return composeMail("email_proof", to, "Confirm your e-mail address", context, [
    greeting(firstName),
    "Please confirm this is your e-mail address. Then a session or a class you booked with it before you joined shows in your account too. The link works once, for the next 7 days.",
    { label: "Confirm my e-mail address", link: confirmEmailLink(token, context) },
    "If you did not ask for this, ignore this mail and nothing changes.",
  ]);
}

export function emailChangeNoticeMail(to: string, firstName: string | null, newEmail: string, context: MailContext): Mail {
  return composeMail("email_change_notice", to, "Your e-mail address is changing", context, [
    greeting(firstName),
    `We were asked to change your account's e-mail address to ${newEmail}. We have sent a confirmation link there; nothing changes until it is used.`,
    "If this was not you, please change your password and write to us from the Support page.",
    { label: "Open your account", link: `${context.publicUrl}/account` },
  ]);
}

export function passwordChangedMail(to: string, firstName: string | null, context: MailContext): Mail {
  return composeMail("password_changed", to, "Your password was changed", context, [
    greeting(firstName),
    "The password of your account was just changed, and every other device was signed out.",
    "If this was not you, please reset your password now and write to us from the Support page.",
    { label: "Reset your password", link: `${context.publicUrl}/forgot-password` },
  ]);
}

export function purchaseReceiptMail(
  to: string,
  firstName: string | null,
  purchase: { plan: string; amountMinor: number; currency: string; paidAt: Date },
  context: MailContext,
): Mail {
  const amount = new Intl.NumberFormat("en", { style: "currency", currency: purchase.currency }).format(purchase.amountMinor / 100);
  const date = purchase.paidAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return composeMail("purchase_receipt", to, `Your receipt: ${purchase.plan}`, context, [
    greeting(firstName),
    `Thank you. We received ${amount} for ${purchase.plan} on ${date}, and its courses are open in your library now.`,
    { label: "Open your library", link: `${context.publicUrl}/library` },
    "Stripe, who handled the payment, sends its own receipt too. Your purchases and billing are on the Purchase page.",
  ]);
}

/** "Monday, 15 March 2027 at 09:00 (time in Europe/London)": an instant in the reader's zone, named. */
export function whenText(instant: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone }).format(instant);
  return `${text} (time in ${timeZone.replaceAll("_", " ")})`;
}

export function partnerInvitationMail(to: string, inviterName: string, token: string, context: MailContext): Mail {
  return composeMail("partner_invitation", to, `${inviterName} invites you to ${context.businessName}`, context, [
    "Hello,",
    `${inviterName} would like you beside her as she prepares for the birth. This link creates your own account, with no access code: you will see the courses for partners, where she is in her pregnancy, and what she chooses to share with you.`,
    { label: "Create your account", link: `${context.publicUrl}/register?invitation=${encodeURIComponent(token)}` },
    "The link works once, for the next 7 days. If you were not expecting it, you can ignore this mail.",
  ]);
}
