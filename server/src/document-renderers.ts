import { renderBirthPlan } from "./birth-plan/birth-plan-pdf.ts";
import { renderAgreement } from "./care/agreement-pdf.ts";
import { renderCertificate } from "./certificates/certificate-pdf.ts";

/**
 * Every document the server prints, by name, as the document worker runs them (documents/
 * document-worker.ts): like features.ts, the one place that names them. A capability's routes ask
 * for one by name (documents/render-document.ts) and never run the printer on the server's own thread.
 */
export const documentRenderers = {
  agreement: renderAgreement,
  birthPlan: renderBirthPlan,
  certificate: renderCertificate,
};

export type DocumentRenderers = typeof documentRenderers;
