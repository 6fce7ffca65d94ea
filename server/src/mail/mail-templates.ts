import { accent, inkMuted, inkPrint, page, surface } from "../../../contract/design-tokens.ts";
import { formattingLocales, type Language, languageOr, sourceLanguage } from "../../../contract/languages.ts";
import { escapeHtml } from "../lib/sanitise-html.ts";
import { translatorFor } from "../language/catalogues.ts";
import type { PracticeName, PracticeNames } from "../lib/practice-names.ts";

/**
 * How every mail is laid out: a plain-text and an HTML part in the same calm voice as the site.
 * The mails themselves belong to the features that send them (each feature's `*-mails.ts`); who receives one and when is the caller's affair.
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
/**
 * The kinds of mail, one key each, declared by the features that send them beside their templates
 * (`declare module "../mail/mail-templates.ts" { interface MailKinds { … } }`, as every
 * feature's `*-mails.ts` does), so this file names none of them and a misspelt kind does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the features' declarations
export interface MailKinds {}
/** A feature's name for one of its mails: kept in the outbox, listed by `mail list`, and how a feature finds its mails again. */
export type MailKind = keyof MailKinds;

/**
 * What a mail is written with: her names as they are when it is made (`practice`; `namesOf`), the
 * site's address, and the recipient's language (docs/languages.md: a member's own; a visitor's the
 * language of the page she used). A mail whose feature does not say it yet is written in English.
 */
export type MailContext = { practice: PracticeNames; publicUrl: string; language?: Language };

/** The practice's names in the mail's language: her name, title and business as she set them in the studio. */
export const namesOf = (context: MailContext): PracticeName => context.practice.now(context.language ?? sourceLanguage);

/** A member's own language, else the context's (the site's, or the studio's for a mail an instructor's action sends). */
export const recipientLanguage = (own: string | null | undefined, context: MailContext): Language =>
  languageOr(own, context.language ?? sourceLanguage);

/** The context of one recipient's mail: the shared one, in her language. */
export const inLanguage = (context: MailContext, language: Language): MailContext => ({ ...context, language });

/** The translator a mail's sentences are written with (`i18n._("…")`, found by `npm run messages`). */
export const translatorOf = (context: MailContext) => translatorFor(context.language ?? sourceLanguage);

/** The headers of a mail with a one-click unsubscribe (RFC 8058): the address a mail program posts to. */
export const oneClickUnsubscribe = (address: string): Record<string, string> => ({
  "List-Unsubscribe": `<${address}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

export function greeting(firstName: string | null, language: Language = sourceLanguage): string {
  const i18n = translatorFor(language);
  return firstName ? i18n._("Hello {firstName},", { firstName }) : i18n._("Hello,");
}

export type Paragraph = string | { link: string; label: string };

/** Lays out paragraphs as text and as simple, readable HTML (one column, large type, a real button). */
export function composeMail(kind: MailKind, to: string, subject: string, context: MailContext, paragraphs: Paragraph[]): Mail {
  const language = context.language ?? sourceLanguage;
  const i18n = translatorFor(language);
  const withWarmth = i18n._("With warmth,");
  const { businessName } = namesOf(context);
  const signOff = `${withWarmth}\n${businessName}`;
  const text = [
    ...paragraphs.map((paragraph) => (typeof paragraph === "string" ? paragraph : `${paragraph.label}:\n${paragraph.link}`)),
    signOff,
  ].join("\n\n");
  const htmlParagraphs = paragraphs
    .map((paragraph) =>
      typeof paragraph === "string"
        ? `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`
        : `<p style="margin:0 0 16px"><a href="${escapeHtml(paragraph.link)}" style="display:inline-block;background:${accent};color:${surface};padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(paragraph.label)}</a></p>` +
          `<p style="margin:0 0 16px;font-size:14px;color:${inkMuted}">${escapeHtml(i18n._("If the button does not work, copy this address into your browser:"))}<br>${escapeHtml(paragraph.link)}</p>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:${page};font-family:Georgia,serif;color:${inkPrint};font-size:17px;line-height:1.5">
<div style="max-width:520px;margin:0 auto;padding:24px">
${htmlParagraphs}
<p style="margin:24px 0 0">${escapeHtml(withWarmth)}<br>${escapeHtml(businessName)}</p>
</div></body></html>`;
  return { kind, to, subject, text, html };
}

/**
 * "Monday, 15 March 2027 at 09:00 (time in Europe/London)", "lunes, 15 de marzo de 2027, 9:00
 * (hora de Europe/Madrid)": an instant in the reader's zone and language, the zone named.
 */
export function whenText(instant: Date, timeZone: string, language: Language = sourceLanguage): string {
  const when = new Intl.DateTimeFormat(formattingLocales[language], { dateStyle: "full", timeStyle: "short", timeZone }).format(instant);
  const i18n = translatorFor(language);
  return i18n._("{when} (time in {zone})", { when, zone: timeZone.replaceAll("_", " ") });
}
