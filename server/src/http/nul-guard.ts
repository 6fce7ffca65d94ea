import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors.ts";

const NUL = "\u0000";

/** Whether a NUL character is anywhere in a parsed JSON value, keys included. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes(NUL) || containsNul(item, depth + 1));
}

/**
 * PostgreSQL stores no NUL character in text or JSON, and no person types one: a request that
 * carries one anywhere (body, query, path) is refused with a sentence before any handler runs.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/reactapi/")) return;
    // The Stripe webhook's body stays raw bytes, checked by its signature.
    const body = Buffer.isBuffer(request.body) ? undefined : request.body;
    if (containsNul(body) || containsNul(request.query) || containsNul(request.params)) {
      throw new HttpError(400, "The request contains a NUL character (\\0), which cannot be stored. Please remove it and try again.");
    }
  });
}
