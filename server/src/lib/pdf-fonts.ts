import { inkPrint } from "../../../contract/design-tokens.ts";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type PDFKit from "pdfkit";

// The documents we print (certificates, birth preferences) in Lora, embedded. Lora comes split by
// script (as web fonts are); text is drawn run by run, each run in the file that holds its letters,
// so "Zoë Łukasiewicz" or "Анна" print as typed.

const require = createRequire(import.meta.url);
const fontFile = (subset: string, weight: 400 | 700) => require.resolve(`@fontsource/lora/files/lora-${subset}-${weight}-normal.woff`);

const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "vietnamese"] as const;
type Subset = (typeof SUBSETS)[number];
type SubsetRanges = Record<Subset, Array<[number, number]>>;
export type TextRun = { subset: Subset; text: string };
// Read on the first document, like pdfkit itself: a server that prints none never reads it.
let ranges: SubsetRanges | undefined;
function subsetRanges(): SubsetRanges {
  if (ranges) return ranges;
  const table = JSON.parse(readFileSync(require.resolve("@fontsource/lora/unicode.json"), "utf8")) as Record<string, string>;
  ranges = Object.fromEntries(
    SUBSETS.map((subset) => [
      subset,
      (table[subset] ?? "").split(",").map((range) => {
        const [from, to] = range.replace(/U\+/g, "").split("-");
        return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number];
      }),
    ]),
  ) as SubsetRanges;
  return ranges;
}

const subsetOf = (character: string): Subset => {
  const point = character.codePointAt(0)!;
  return SUBSETS.find((subset) => subsetRanges()[subset].some(([from, to]) => point >= from && point <= to)) ?? "latin";
};

export function runsOf(text: string): TextRun[] {
  const runs: TextRun[] = [];
  for (const character of text) {
    // Spaces and punctuation shared by every subset stay in the current run.
    const subset = runs.length > 0 && /[\s.,'’-]/.test(character) ? runs[runs.length - 1]!.subset : subsetOf(character);
    const last = runs[runs.length - 1];
    if (last && last.subset === subset) last.text += character;
    else runs.push({ subset, text: character });
  }
  return runs;
}

export const loraFont = (run: TextRun, weight: 400 | 700) => `${run.subset}-${weight}`;

/**
 * A new pdfkit document with Lora registered, and its bytes when it ends. pdfkit and its font
 * engine are loaded on the first document, not at start: they would double the idle server's memory use.
 */
export async function loraDocument(options: PDFKit.PDFDocumentOptions): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = (await import("pdfkit")) as { default: typeof PDFKit };
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (const subset of SUBSETS) {
    doc.registerFont(`${subset}-400`, fontFile(subset, 400));
    doc.registerFont(`${subset}-700`, fontFile(subset, 700));
  }
  return { doc, bytes };
}

/** Writes text that wraps within the document's margins (from x, or the current position), run by run. */
export function flowingText(
  doc: PDFKit.PDFDocument,
  text: string,
  {
    size,
    weight = 400,
    colour = inkPrint,
    indent = 0,
    gapAfter = 0,
  }: { size: number; weight?: 400 | 700; colour?: string; indent?: number; gapAfter?: number },
): void {
  const runs = runsOf(text);
  const x = doc.page.margins.left + indent;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right - indent;
  runs.forEach((run, index) => {
    const options = { width, continued: index < runs.length - 1 };
    doc.font(loraFont(run, weight)).fontSize(size).fillColor(colour);
    if (index === 0) doc.text(run.text, x, doc.y, options);
    else doc.text(run.text, options);
  });
  if (gapAfter > 0) doc.y += gapAfter;
}
