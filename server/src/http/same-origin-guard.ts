import type { FastifyInstance, FastifyRequest } from "fastify";
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
      if (!request.headers.origin)
        throw new HttpError(403, "An upload must come from the studio's own page. Please upload from the studio.");
    } else if (!/^application\/json\b/i.test(contentType)) {
      throw new HttpError(415, "Please send the request as JSON (Content-Type: application/json).");
    }
    if (sentFromAnotherOrigin(request)) throw new HttpError(403, "This request came from another website and was refused.");
  });
}

/**
 * Whether the browser says a page of another origin sent this request: by Fetch Metadata, by
 * Origin, or (a browser without Fetch Metadata following a link) by Referer. A request that names
 * none of them (typed into the address bar, a script) is not refused by this.
 */
export function sentFromAnotherOrigin(request: FastifyRequest): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const expected = `${request.protocol}://${request.host}`;
  const origin = request.headers.origin;
  // "null" is the origin of a sandboxed frame or a file, never of this site.
  if (origin !== undefined) return origin !== expected;
  const referer = request.headers.referer;
  if (fetchSite === undefined && referer) return originOf(referer) !== expected;
  return false;
}

function originOf(address: string): string | undefined {
  try {
    return new URL(address).origin;
  } catch {
    return undefined;
  }
}
