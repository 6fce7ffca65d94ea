import { Parser } from "htmlparser2";

/** One block of an agreement as its PDF lays it out: a heading, a paragraph, a list item or a quotation. */
export type AgreementBlock = { kind: "heading" | "paragraph" | "item" | "quote"; text: string };

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const PARAGRAPHS = new Set(["p", "div", "figcaption", "caption", "tr"]);

/**
 * The blocks of an HTML agreement (the studio's editor, cleaned on saving), in order, with the
 * text of each: a line break stays a line break, a list item carries its bullet or its number.
 * Inline formatting is not kept: the PDF is the words she agreed to, which the fingerprint seals.
 */
export function agreementBlocks(html: string): AgreementBlock[] {
  const blocks: AgreementBlock[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let quoted = 0;
  let current: AgreementBlock | null = null;
  let inItem = false;
  const flush = () => {
    if (current) {
      const text = current.text
        .split("\n")
        .map((line) => line.trim())
        .join("\n")
        .trim();
      if (text !== "") blocks.push({ kind: current.kind, text });
    }
    current = null;
  };
  const start = (kind: AgreementBlock["kind"], prefix = "") => {
    flush();
    current = { kind, text: prefix };
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HEADINGS.has(name)) start("heading");
        else if (name === "li") {
          const list = lists.at(-1);
          const mark = list?.ordered ? `${list.next++}. ` : "• ";
          start("item", `${"   ".repeat(Math.max(0, lists.length - 1))}${mark}`);
          inItem = true;
        } else if (name === "ol" || name === "ul") {
          flush();
          lists.push({ ordered: name === "ol", next: Number.parseInt(attributes.start ?? "1", 10) || 1 });
        } else if (name === "blockquote") {
          flush();
          quoted += 1;
        } else if (PARAGRAPHS.has(name) && !inItem) start(quoted > 0 ? "quote" : "paragraph");
        else if (name === "br") {
          if (!current) start(quoted > 0 ? "quote" : "paragraph");
          current!.text += "\n";
        } else if ((name === "td" || name === "th") && current && current.text !== "") current.text += "  ";
      },
      ontext(text) {
        const words = text.replace(/\s+/g, " ");
        if (words.trim() === "" && !current) return;
        if (!current) start(quoted > 0 ? "quote" : "paragraph");
        current!.text += words;
      },
      onclosetag(name) {
        if (HEADINGS.has(name) || (PARAGRAPHS.has(name) && !inItem)) flush();
        else if (name === "li") {
          flush();
          inItem = false;
        } else if (name === "ol" || name === "ul") {
          flush();
          lists.pop();
        } else if (name === "blockquote") {
          flush();
          quoted = Math.max(0, quoted - 1);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}
