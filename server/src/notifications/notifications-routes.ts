import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import type { Clock } from "../lib/clock.ts";
import { listNotices, markNoticesRead, noticeChoices, saveNoticeChoices, unreadNotices } from "./notifications-repository.ts";

/** Behind the studio's guard (its manifest's studio areas): the list of what happened, its unread count, and how she hears of each kind. */
export async function notificationsStudioRoutes(app: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  route(app, "studioNotices", async (_input, request) => listNotices(db, request.language));
  route(app, "studioNoticesUnread", async () => ({ unread: await unreadNotices(db) }));
  route(app, "markNoticesRead", async ({ body }) => ({ unread: await markNoticesRead(db, body.up_to, clock.now()) }));
  route(app, "noticeChoices", async () => ({ choices: await noticeChoices(db) }));
  route(app, "saveNoticeChoices", async ({ body }) => ({ choices: await saveNoticeChoices(db, body.choices) }));
}
