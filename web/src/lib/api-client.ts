/** A failed call: the HTTP status (0 when the network failed) and the server's body, if any. */
export type ApiFailure = { status: number; error?: string; details?: Record<string, string> };

export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.error ?? `Request failed with status ${failure.status}`);
  }
}

/**
 * Calls the API with the headers SPEC §7 names. A non-2xx answer, a network failure or an
 * unreadable body rejects with an ApiError carrying the status and the server's error text.
 */
export async function callApi<T>(path: string, options: { method?: "GET" | "POST"; body?: unknown; expectStatus?: number } = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: method === "POST" ? { accept: "application/json", "content-type": "application/json" } : { accept: "application/json" },
      body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
    });
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
