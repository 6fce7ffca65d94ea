import { accent, inkMuted } from "../../../contract/design-tokens.ts";
import { formattingLocales, type Language } from "../../../contract/languages.ts";
import { translatorFor } from "../language/catalogues.ts";
import { flowingText, loraDocument } from "../lib/pdf-fonts.ts";
import { agreementAsHtml } from "../../../contract/care-fields.ts";
import { agreementBlocks } from "./agreement-blocks.ts";

export type SignedAgreement = {
  packageName: string;
  businessName: string;
  text: string;
  sha256: string;
  signedAt: Date | null;
  signedName: string | null;
  /** Her drawn signature (a PNG), when she drew one. */
  drawnSignature?: Uint8Array | null;
};

/**
 * Her agreement as a PDF (A4, the certificates' fonts), its text exactly as it was made for her,
 * then a last page with the signature record: who signed, when, and the SHA-256 fingerprint of the
 * text, so either of them can show it was not changed. The words around it are in her language.
 */
export async function renderAgreement(agreement: SignedAgreement, language: Language, timeZone: string): Promise<Buffer> {
  const i18n = translatorFor(language);
  const { doc, bytes } = await loraDocument({
    size: "A4",
    margin: 56,
    lang: language,
    info: { Title: agreement.packageName, Author: agreement.businessName },
  });
  flowingText(doc, agreement.packageName, { size: 18, weight: 700, colour: accent, gapAfter: 8 });
  // Agreements first kept as plain text read as they always have (contract/care-fields.ts).
  for (const block of agreementBlocks(agreementAsHtml(agreement.text))) {
    if (block.kind === "heading") flowingText(doc, block.text, { size: 11.5, weight: 700, gapAfter: 2 });
    else if (block.kind === "item") flowingText(doc, block.text, { size: 10.5, indent: 12, gapAfter: 3 });
    else if (block.kind === "quote") flowingText(doc, block.text, { size: 10.5, indent: 18, colour: inkMuted, gapAfter: 8 });
    else flowingText(doc, block.text, { size: 10.5, gapAfter: 8 });
  }
  doc.addPage();
  flowingText(doc, i18n._("Signature record"), { size: 16, weight: 700, colour: accent, gapAfter: 8 });
  if (agreement.signedAt && agreement.signedName) {
    const when = new Intl.DateTimeFormat(formattingLocales[language], { dateStyle: "full", timeStyle: "short", timeZone }).format(
      agreement.signedAt,
    );
    flowingText(
      doc,
      i18n._("Signed by {name}, who typed her full name and agreed that she has read this agreement.", { name: agreement.signedName }),
      {
        size: 11,
        gapAfter: 4,
      },
    );
    flowingText(doc, i18n._("Signed on {when} ({zone} time).", { when, zone: timeZone }), { size: 11, gapAfter: 4 });
    if (agreement.drawnSignature) {
      flowingText(doc, i18n._("Her signature as she drew it:"), { size: 11, gapAfter: 4 });
      // pdfkit reads the PNG itself; the box keeps a tall or wide drawing to the page.
      doc.image(Buffer.from(agreement.drawnSignature), { fit: [240, 90] });
      doc.moveDown(1);
    }
  } else flowingText(doc, i18n._("Not signed yet."), { size: 11, gapAfter: 4 });
  flowingText(doc, i18n._("Fingerprint of the text (SHA-256):"), { size: 11, gapAfter: 2 });
  flowingText(doc, agreement.sha256, { size: 9.5, colour: inkMuted, gapAfter: 8 });
  flowingText(
    doc,
    i18n._("The same text always gives the same fingerprint: a copy whose fingerprint differs is not the agreement that was signed."),
    { size: 9.5, colour: inkMuted },
  );
  doc.end();
  return bytes;
}
