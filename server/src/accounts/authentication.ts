import type { FastifyInstance } from "fastify";
import { needsReader } from "../http/request-kinds.ts";
import { SESSION_COOKIE } from "../http/session-cookies.ts";
import type { SessionStore } from "./session-store.ts";

/** Resolves the session cookie of every API request and page into request.member (or null): a page is written in her language. */
export function installAuthentication(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest("member", null);
  app.decorateRequest("memberNow", async () => null);
  app.addHook("onRequest", async (request) => {
    if (!needsReader(request.url)) return;
    const token = request.cookies[SESSION_COOKIE];
    request.member = token ? ((await sessions.find(token)) ?? null) : null;
    if (token) request.memberNow = async () => (await sessions.find(token)) ?? null;
  });
}
