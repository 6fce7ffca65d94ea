/** A failed call: the HTTP status (0 when the network failed) and the server's body, if any. */
export type ApiFailure = { status: number; error?: string; details?: Record<string, string> };

export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.error ?? `Request failed with status ${failure.status}`);
  }
}

const JSON_ONLY = { accept: "application/json" };

/** An answer asked for before the page that reads it exists, and how long it may wait for it. */
const earlyAnswers = new Map<string, { response: Promise<Response>; askedAt: number }>();
const EARLY_ANSWER_KEPT_MS = 10_000;

/**
 * Asks for a GET answer that the page about to render will read (see preloadMemberScreen in
 * web/src/app/router.tsx): on a phone, a request that waits for the page's code and the session
 * check costs round trips. The page's own callApi takes it once; after ten seconds it is stale.
 */
export function askEarly(path: string): void {
  if (earlyAnswers.has(path)) return;
  const response = fetch(path, { credentials: "same-origin", headers: JSON_ONLY });
  // A failure is the reader's to report, when it reads.
  response.catch(() => {});
  earlyAnswers.set(path, { response, askedAt: performance.now() });
}

function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = earlyAnswers.get(path);
  earlyAnswers.delete(path);
  return early && performance.now() - early.askedAt < EARLY_ANSWER_KEPT_MS ? early.response : undefined;
}

/**
 * Calls the API with the headers SPEC §7 names. A non-2xx answer, a network failure or an
 * unreadable body rejects with an ApiError carrying the status and the server's error text.
 */
export async function callApi<T>(
  path: string,
  options: { method?: "GET" | "POST"; body?: unknown; expectStatus?: number } = {},
): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  let response: Response;
  try {
    response = await ((method === "GET" ? takeEarlyAnswer(path) : undefined) ??
      fetch(path, {
        method,
        credentials: "same-origin",
        headers: method === "POST" ? { ...JSON_ONLY, "content-type": "application/json" } : JSON_ONLY,
        body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
      }));
  } catch {
    throw new ApiError({ status: 0, error: "We could not reach the server. Please check your connection and try again." });
  }
  const text = await response.text().catch(() => "");
  return readAnswer<T>(response.status, text, options.expectStatus ? response.status === options.expectStatus : response.ok);
}

/**
 * An answer's JSON (undefined when empty or unreadable), or, when it is not the one expected, an
 * ApiError with the status and the server's sentence. For callApi and the studio's upload.
 */
export function readAnswer<T>(status: number, text: string, ok: boolean): T {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!ok) throw new ApiError({ ...((body && typeof body === "object" ? body : {}) as Omit<ApiFailure, "status">), status });
  return body as T;
}

export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  return { status: 0, error: error instanceof Error ? error.message : undefined };
}
