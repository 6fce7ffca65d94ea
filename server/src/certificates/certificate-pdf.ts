import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type PDFKit from "pdfkit";

export type CertificateContent = {
  memberName: string;
  courseTitle: string;
  lessonCount: number;
  completedAt: Date;
  instructorName: string;
  businessName: string;
  code: string;
  verifyUrl: string;
};

const require = createRequire(import.meta.url);
const fontFile = (subset: string, weight: 400 | 700) => require.resolve(`@fontsource/lora/files/lora-${subset}-${weight}-normal.woff`);

// Lora comes split by script (as web fonts are); a name is drawn run by run, each run in the file
// that holds its letters, so "Zoë Łukasiewicz" or "Анна" print as typed. Files are embedded (subset).
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "vietnamese"] as const;
type Subset = (typeof SUBSETS)[number];
type SubsetRanges = Record<Subset, Array<[number, number]>>;
// Read on the first certificate, like pdfkit itself: a server that issues none never reads it.
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

function runsOf(text: string): Array<{ subset: Subset; text: string }> {
  const runs: Array<{ subset: Subset; text: string }> = [];
  for (const character of text) {
    // Spaces and punctuation shared by every subset stay in the current run.
    const subset = runs.length > 0 && /[\s.,'’-]/.test(character) ? runs[runs.length - 1]!.subset : subsetOf(character);
    const last = runs[runs.length - 1];
    if (last && last.subset === subset) last.text += character;
    else runs.push({ subset, text: character });
  }
  return runs;
}

const BRAND = "#7a3e48";
const INK = "#2b2b2b";

/**
 * The certificate of completion as a PDF (A4, landscape), fonts embedded. pdfkit and its font
 * engine are loaded on the first certificate, not at start: they would double the idle server's memory use.
 */
export async function renderCertificate(content: CertificateContent): Promise<Buffer> {
  const { default: PDFDocument } = (await import("pdfkit")) as { default: typeof PDFKit };
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: { Title: `Certificate of completion: ${content.courseTitle}`, Author: content.businessName, Subject: content.memberName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  for (const subset of SUBSETS) {
    doc.registerFont(`${subset}-400`, fontFile(subset, 400));
    doc.registerFont(`${subset}-700`, fontFile(subset, 700));
  }
  const width = doc.page.width;
  const height = doc.page.height;

  /** Centred text, drawn run by run in the font file that holds each run's letters. */
  const centred = (text: string, y: number, size: number, weight: 400 | 700, colour = INK) => {
    const runs = runsOf(text);
    const widthOf = (run: { subset: Subset; text: string }) => doc.font(`${run.subset}-${weight}`).fontSize(size).widthOfString(run.text);
    let x = (width - runs.reduce((total, run) => total + widthOf(run), 0)) / 2;
    for (const run of runs) {
      const runWidth = widthOf(run);
      doc.font(`${run.subset}-${weight}`).fontSize(size).fillColor(colour).text(run.text, x, y, { lineBreak: false });
      x += runWidth;
    }
  };

  doc
    .rect(24, 24, width - 48, height - 48)
    .lineWidth(3)
    .strokeColor(BRAND)
    .stroke();
  doc
    .rect(34, 34, width - 68, height - 68)
    .lineWidth(0.75)
    .strokeColor(BRAND)
    .stroke();

  const completedOn = content.completedAt.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  centred(content.businessName.toUpperCase(), 80, 14, 700, BRAND);
  centred("Certificate of Completion", 120, 34, 700, BRAND);
  centred("This certifies that", 190, 16, 400);
  centred(content.memberName, 225, 30, 700);
  centred("has completed every lesson of", 285, 16, 400);
  centred(content.courseTitle, 318, 24, 700);
  centred(`${content.lessonCount} ${content.lessonCount === 1 ? "lesson" : "lessons"}, completed on ${completedOn}`, 368, 14, 400);
  centred(content.instructorName, 430, 16, 700);
  centred(`Instructor, ${content.businessName}`, 454, 12, 400);
  centred(`Certificate ${content.code}. Confirm it at ${content.verifyUrl}`, 520, 10, 400, "#555555");
  doc.end();
  return done;
}
