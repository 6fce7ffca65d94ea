import { accent, inkMuted, inkPrint } from "../../../contract/design-tokens.ts";
import { loraDocument, loraFont, runsOf, type TextRun } from "../lib/pdf-fonts.ts";

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

const BRAND = accent;
const INK = inkPrint;

/**
 * The certificate of completion as a PDF (A4, landscape), fonts embedded. pdfkit and its font
 * engine are loaded on the first certificate, not at start: they would double the idle server's memory use.
 */
export async function renderCertificate(content: CertificateContent): Promise<Buffer> {
  const { doc, bytes: done } = await loraDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    info: { Title: `Certificate of completion: ${content.courseTitle}`, Author: content.businessName, Subject: content.memberName },
  });
  const width = doc.page.width;
  const height = doc.page.height;

  /** Centred text, drawn run by run in the font file that holds each run's letters. */
  const centred = (text: string, y: number, size: number, weight: 400 | 700, colour = INK) => {
    const runs = runsOf(text);
    const widthOf = (run: TextRun) => doc.font(loraFont(run, weight)).fontSize(size).widthOfString(run.text);
    let x = (width - runs.reduce((total, run) => total + widthOf(run), 0)) / 2;
    for (const run of runs) {
      const runWidth = widthOf(run);
      doc.font(loraFont(run, weight)).fontSize(size).fillColor(colour).text(run.text, x, y, { lineBreak: false });
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
  centred(`Certificate ${content.code}. Confirm it at ${content.verifyUrl}`, 520, 10, 400, inkMuted);
  doc.end();
  return done;
}
