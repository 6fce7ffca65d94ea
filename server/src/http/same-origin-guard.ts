import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing API requests that come from another site. An HTML form cannot send
 * application/json, and a browser names the page's origin on every cross-site request, so a
 * request must be JSON and, when the browser says where it comes from, come from here. A route
 * may declare an exemption where it is defined (endpoint-route.ts): a caller proven by a
 * signature instead, or the one multipart upload, which must still say where it comes from.
 * It runs before the body is read, and after the onRequest hooks (so the studio's guard answers
 * a visitor 401 first, whatever she sent).
 */
export function installSameOriginGuard(app: FastifyInstance): void {
  app.addHook("preParsing", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/reactapi/")) return;
    const exemption = request.routeOptions.config?.sameOriginExemption;
    if (exemption === "signed-by-caller") return;
    const contentType = request.headers["content-type"] ?? "";
    if (exemption === "resumable-upload" && request.headers["tus-resumable"]) {
      // Tus-Resumable is not a header a form or a simple request can carry: another site's page
      // would need a CORS preflight, which we never grant. The origin is still checked below.
    } else if (/^multipart\/form-data\b/i.test(contentType) && exemption === "multipart-upload") {
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
