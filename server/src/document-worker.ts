import { documentRenderers, type DocumentRenderers } from "./document-renderers.ts";

export type DocumentTask = {
  [Kind in keyof DocumentRenderers]: { kind: Kind; input: Parameters<DocumentRenderers[Kind]> };
}[keyof DocumentRenderers];

/**
 * Runs in a worker thread (documents/render-document.ts): a throw here, even inside a library's own
 * callback, ends this thread only.
 */
export default async function renderInWorker(task: { kind: string; input: unknown[] }): Promise<Uint8Array> {
  if (!Object.hasOwn(documentRenderers, task.kind)) throw new Error(`no document is called ${task.kind}`);
  const render = documentRenderers[task.kind as keyof DocumentRenderers] as (...input: unknown[]) => Promise<Buffer>;
  const pdf = await render(...task.input);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
