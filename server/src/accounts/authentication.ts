import type { FastifyInstance } from "fastify";
import { SESSION_COOKIE } from "../http/session-cookies.ts";
import type { SessionStore } from "./session-store.ts";

/** Resolves the session cookie of every API request into request.member (or null). */
export function installAuthentication(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest("member", null);
  app.decorateRequest("memberNow", async () => null);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/reactapi/")) return;
    const token = request.cookies[SESSION_COOKIE];
    request.member = token ? ((await sessions.find(token)) ?? null) : null;
    if (token) request.memberNow = async () => (await sessions.find(token)) ?? null;
  });
}
