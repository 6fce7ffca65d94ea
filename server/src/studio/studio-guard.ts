import type { FastifyInstance } from "fastify";
import { HttpError } from "../http/errors.ts";

export const STUDIO_API_PREFIX = "/reactapi/studio";

/** The one path that takes multipart/form-data instead of JSON: a lesson's upload (file-routes.ts; same-origin-guard.ts lets it through). */
export const isUploadPath = (path: string) => /^\/reactapi\/studio\/lessons\/[^/]+\/files$/.test(path);

function isStudioPath(path: string | undefined): boolean {
  return path !== undefined && (path === STUDIO_API_PREFIX || path.startsWith(`${STUDIO_API_PREFIX}/`));
}

function decodedPath(url: string): string {
  const path = url.split("?")[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * One guard for the whole studio API, every method and every path under the prefix, known or not,
 * before any body is read: 401 for a visitor, 403 for a member who is not an instructor. Call it
 * after installAuthentication, which names the member.
 */
export function installStudioGuard(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (!isStudioPath(decodedPath(request.url)) && !isStudioPath(request.routeOptions.url)) return;
    if (!request.member) throw new HttpError(401, "Please sign in to continue.");
    if (request.member.role !== "admin") throw new HttpError(403, "The studio is for the instructor; your account cannot open it.");
  });
}
