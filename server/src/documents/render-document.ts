import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { HttpError } from "../http/errors.ts";

// Documents are printed on worker threads (docs/operations.md, "How the server stays up"): the PDF
// library decodes pictures and fonts inside its own callbacks, where a throw once ended the whole
// process. On a worker it ends that thread: the one request is answered 500 and the pool starts another.

// From the sources (tests, tsx) the worker is TypeScript and needs tsx's loader; the built server
// carries it beside main.js (scripts/build-server.ts).
const fromSources = import.meta.url.endsWith(".ts");
const workerFile = new URL(fromSources ? "../document-worker.ts" : "./document-worker.js", import.meta.url).href;

/** A document that takes longer than this is given up: its thread is ended and the request answered. */
const RENDER_PATIENCE_MS = 30_000;

let pool: Piscina | undefined;
function documentPool(): Piscina {
  // Made on the first document, like pdfkit was: a server that prints none starts no thread.
  pool ??= new Piscina({
    filename: workerFile,
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    // An idle printer gives its memory back; the next document starts one again in a few hundred ms.
    idleTimeout: 60_000,
    execArgv: fromSources ? ["--import", "tsx"] : [],
    // A picture that decodes to far more than it claims is stopped here, not in the server's memory.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  });
  return pool;
}

type Logger = { error: (details: object, message: string) => void };

type Renderer = (...input: never[]) => Promise<Buffer>;

/**
 * The document `kind` (its name in server/src/document-renderers.ts, whose function is `Render`)
 * printed on a worker thread. When printing fails the cause is logged and the caller gets a 500
 * with a sentence; the server and every other request carry on.
 */
export async function renderDocument<Render extends Renderer = (...input: unknown[]) => Promise<Buffer>>(
  kind: string,
  input: Parameters<Render>,
  log: Logger,
): Promise<Buffer> {
  try {
    const bytes = (await documentPool().run(
      { kind, input },
      {
        signal: AbortSignal.timeout(RENDER_PATIENCE_MS),
      },
    )) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    log.error({ err: error, document: kind }, "could not print a document");
    throw new HttpError(500, "We could not make this document just now. Please try again in a minute, or tell us if it keeps happening.");
  }
}

/** Ends the printing threads (at shutdown, and after a test file). */
export async function closeDocumentPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
