import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, as a reader would extract it, and how many pages it has. */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  let text = "";
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    text += content.items.map((item) => ("str" in item ? item.str : "")).join("") + "\n";
  }
  return { text, pages: document.numPages };
}

/** The text of every page of a PDF, as a reader would extract it. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).text;
}
