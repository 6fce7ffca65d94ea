import type { FastifyReply, FastifyRequest } from "fastify";
import { signedInHintCookie } from "../../../contract/constants.ts";

export const SESSION_COOKIE = "session";

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
