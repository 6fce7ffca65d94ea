import { accent, inkMuted, inkPrint } from "../../../contract/design-tokens.ts";
import { formattingLocales, type Language } from "../../../contract/languages.ts";
import { translatorFor } from "../language/catalogues.ts";
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
 * The certificate of completion as a PDF (A4, landscape), fonts embedded, written in her language.
 * pdfkit and its font engine are loaded on the first certificate, not at start: they would double
 * the idle server's memory use.
 */
export async function renderCertificate(content: CertificateContent, language: Language): Promise<Buffer> {
  const i18n = translatorFor(language);
  const { doc, bytes: done } = await loraDocument({
    size: "A4",
    layout: "landscape",
    margin: 0,
    lang: language,
    info: {
      Title: i18n._("Certificate of completion: {course}", { course: content.courseTitle }),
      Author: content.businessName,
      Subject: content.memberName,
    },
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

  const completedOn = new Intl.DateTimeFormat(formattingLocales[language], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(content.completedAt);
  centred(content.businessName.toLocaleUpperCase(formattingLocales[language]), 80, 14, 700, BRAND);
  centred(i18n._("Certificate of Completion"), 120, 34, 700, BRAND);
  centred(i18n._("This certifies that"), 190, 16, 400);
  centred(content.memberName, 225, 30, 700);
  centred(i18n._("has completed every lesson of"), 285, 16, 400);
  centred(content.courseTitle, 318, 24, 700);
  centred(
    i18n._("{count, plural, one {# lesson} other {# lessons}}, completed on {date}", { count: content.lessonCount, date: completedOn }),
    368,
    14,
    400,
  );
  centred(content.instructorName, 430, 16, 700);
  centred(i18n._("Instructor, {business}", { business: content.businessName }), 454, 12, 400);
  centred(
    i18n._("Certificate {code}. Confirm it at {address}", { code: content.code, address: content.verifyUrl }),
    520,
    10,
    400,
    inkMuted,
  );
  doc.end();
  return done;
}
