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
  let body: unknown = undefined;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const ok = options.expectStatus ? response.status === options.expectStatus : response.ok;
  if (!ok) {
    const failure = (body && typeof body === "object" ? body : {}) as Omit<ApiFailure, "status">;
    throw new ApiError({ ...failure, status: response.status });
  }
  return body as T;
}

export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  return { status: 0, error: error instanceof Error ? error.message : undefined };
}
