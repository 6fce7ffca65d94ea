import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";

// A member's post: paragraphs, bold, italic, lists and links, and nothing else. markdown-it reads
// it with HTML off (a "<" is text), with every other rule switched off; sanitize-html then keeps
// only those few tags, so that nothing that runs can pass either layer on its own.

const markdown = new MarkdownIt("zero", { html: false, linkify: true, breaks: true }).enable([
  "paragraph",
  "newline",
  "emphasis",
  "list",
  "link",
  "autolink",
  "linkify",
  "escape",
  "entity",
  "text",
  "balance_pairs",
  "text_join",
]);

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "ul", "ol", "li", "a", "span"],
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: {
    // A member's link is hers, not the site's: search engines are told so, and the new page cannot reach back.
    // Only whole web and mail addresses link; anything else (a relative path, an encoded scheme) stays words.
    a: (tagName, attributes): sanitizeHtml.Tag =>
      /^(https?:\/\/|mailto:)/i.test(attributes.href ?? "")
        ? { tagName, attribs: { href: attributes.href!, rel: "nofollow ugc noopener" } }
        : { tagName: "span", attribs: {} },
  },
};

/** A post's words as the HTML every reader is shown. */
export function postHtml(body: string): string {
  return sanitizeHtml(markdown.render(body), allowed).trim();
}
