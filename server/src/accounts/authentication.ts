import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { findSessionUser, SESSION_COOKIE } from "./sessions.ts";
import type { UserRow } from "./users-repository.ts";

declare module "fastify" {
  interface FastifyRequest {
    member: UserRow | null;
  }
}

/** Resolves the session cookie of every API request into request.member (or null). */
export function installAuthentication(app: FastifyInstance, db: Database): void {
  app.decorateRequest("member", null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/reactapi/")) return;
    const token = request.cookies[SESSION_COOKIE];
    request.member = token ? ((await findSessionUser(db, token)) ?? null) : null;
  });
}

export function requireMember(request: FastifyRequest): UserRow {
  if (!request.member) throw new HttpError(401, "Please sign in to continue.");
  return request.member;
}

export function sessionCookieOptions(request: FastifyRequest, production: boolean, expires?: Date) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: production || request.protocol === "https",
    ...(expires ? { expires } : {}),
  };
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, production: boolean): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request, production));
}
