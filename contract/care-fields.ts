// Apart from contract/care.ts, which brings zod: the studio's agreement editor offers these
// fields, and her pages the shared files' limit, without downloading the schemas.

/** The largest file the doula can share with a client (kept whole in the database: handouts, not videos). */
export const CARE_FILE_MAX_MB = 10;

/** The fields an agreement's text may name, each filled for the client it is made for. */
export const agreementFields = [
  "client_name",
  "due_date",
  "fee",
  "deposit",
  "schedule",
  "on_call_from",
  "on_call_until",
  "doula_name",
  "business_name",
] as const;

/**
 * Whether an agreement is written in HTML (the studio's rich-text editor) rather than as the plain
 * text agreements were first kept in: a signed agreement never changes, so both stay readable.
 */
export const isAgreementHtml = (text: string) => /^\s*<[a-z]/i.test(text);

const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * An agreement as HTML: as it is, or a plain-text one in paragraphs, a paragraph's short first
 * line over more lines being its heading ("Fee and payments"), as its PDF has always shown it.
 */
export function agreementAsHtml(text: string): string {
  if (isAgreementHtml(text)) return text;
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== "")
    .map((paragraph) => {
      const [first, ...rest] = paragraph.trim().split("\n");
      if (rest.length > 0 && first!.length < 80) return `<h3>${escaped(first!)}</h3><p>${rest.map(escaped).join("<br>")}</p>`;
      return `<p>${[first!, ...rest].map(escaped).join("<br>")}</p>`;
    })
    .join("");
}

/** A field's value written into an HTML agreement: text, never markup. */
export const agreementFieldValue = (template: string, value: string) => (isAgreementHtml(template) ? escaped(value) : value);
