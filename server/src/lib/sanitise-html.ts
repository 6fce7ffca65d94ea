import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";

// The allow-list for course descriptions, notes, summaries and module descriptions: the
// formatting an instructor writes, and nothing that runs (no script, no handler, no javascript: URL).
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "small",
    "sub",
    "sup",
    "mark",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "span",
    "div",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
    "figure",
    "figcaption",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "width", "height"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https", "data"] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }, true),
  },
  disallowedTagsMode: "discard",
};

export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

export function sanitiseOptionalHtml(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitiseHtml(html);
  return clean === "" ? null : clean;
}

/** The words of some HTML, with no markup at all (whether a rich-text field says anything). */
export function textOfHtml(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();
}

/**
 * Some HTML's text as a reader sees it: tags dropped, entities read (`&amp;` is "&"), each run of
 * white space one space. For a cue's words and a passage of a lesson's notes; not for showing as HTML.
 */
export function readableTextOfHtml(html: string): string {
  let text = "";
  const parser = new Parser({ ontext: (piece) => (text += piece) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return text.replace(/\s+/g, " ").trim();
}

/** Text made safe to write inside HTML (a mail's paragraph, a search passage): its five special characters escaped. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);
