import type { FastifyInstance } from "fastify";
import { STRIPE_WEBHOOK_PATH } from "../payments/payments-routes.ts";
import { isUploadPath } from "../studio/studio-guard.ts";
import { HttpError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Called by another site on purpose, and proven by a signature instead (payments-routes.ts).
const SIGNED_BY_CALLER = new Set([STRIPE_WEBHOOK_PATH]);

/**
 * Refuses state-changing API requests that come from another site. An HTML form cannot send
 * application/json, and a browser names the page's origin on every cross-site request, so a
 * request must be JSON and, when the browser says where it comes from, come from here. The
 * studio's upload is the one multipart request, and it must say where it comes from.
 */
export function installSameOriginGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/reactapi/")) return;
    if (SIGNED_BY_CALLER.has(request.url.split("?")[0]!)) return;
    const contentType = request.headers["content-type"] ?? "";
    const path = request.url.split("?")[0]!;
    if (/^multipart\/form-data\b/i.test(contentType) && isUploadPath(path)) {
      // An HTML form on another site can send multipart, so an upload must prove where it comes
      // from: browsers name the origin on every such request, and ours is the only one accepted.
      if (!request.headers.origin) throw new HttpError(403, "An upload must come from the studio's own page. Please upload from the studio.");
    } else if (!/^application\/json\b/i.test(contentType)) {
      throw new HttpError(415, "Please send the request as JSON (Content-Type: application/json).");
    }
    if (request.headers["sec-fetch-site"] === "cross-site") {
      throw new HttpError(403, "This request came from another website and was refused.");
    }
    const origin = request.headers.origin;
    if (origin && origin !== "null") {
      const expected = `${request.protocol}://${request.host}`;
      if (origin !== expected) throw new HttpError(403, "This request came from another website and was refused.");
    } else if (origin === "null") {
      throw new HttpError(403, "This request came from another website and was refused.");
    }
  });
}
