import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { signedInHintCookie } from "../../../contract/constants.ts";
import { HttpError } from "../http/errors.ts";
import type { SessionStore } from "./session-store.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import type { UserRow } from "./users-repository.ts";

declare module "fastify" {
  interface FastifyRequest {
    member: UserRow | null;
  }
}

/** Resolves the session cookie of every API request into request.member (or null). */
export function installAuthentication(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest("member", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/reactapi/")) return;
    const token = request.cookies[SESSION_COOKIE];
    request.member = token ? ((await sessions.find(token)) ?? null) : null;
  });
}

export function requireMember(request: FastifyRequest): UserRow {
  if (!request.member) throw new HttpError(401, "Please sign in to continue.");
  return request.member;
}

export function sessionCookieOptions(request: FastifyRequest, production: boolean, expires?: Date) {
  return {
    path: "/",
    httpOnly: true as boolean,
    sameSite: "lax" as const,
    secure: production || request.protocol === "https",
    ...(expires ? { expires } : {}),
  };
}

/** Sets the session cookie and its readable hint (contract/constants.ts), both ending with the session. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, production: boolean, token: string, expires: Date): void {
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(request, production, expires));
  reply.setCookie(signedInHintCookie, "1", { ...sessionCookieOptions(request, production, expires), httpOnly: false });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, production: boolean): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request, production));
  reply.clearCookie(signedInHintCookie, { ...sessionCookieOptions(request, production), httpOnly: false });
}
