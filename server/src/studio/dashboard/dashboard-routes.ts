import type { FastifyInstance } from "fastify";
import { countMembers } from "../../accounts/users-repository.ts";
import { countUnread, feedbackAverages } from "../../forms/forms-repository.ts";
import { route } from "../../http/endpoint-route.ts";
import type { StudioOptions } from "../studio-scope.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The studio's first page: members, registrations, unread messages and the last month's ratings. */
export async function dashboardRoutes(app: FastifyInstance, { db }: StudioOptions) {
  route(app, "studioDashboard", async () => {
    const now = Date.now();
    const [members, unread, feedback] = await Promise.all([
      countMembers(db, new Date(now - 7 * DAY_MS)),
      countUnread(db),
      feedbackAverages(db, new Date(now - 30 * DAY_MS)),
    ]);
    return {
      members: members.total,
      new_members_7_days: members.joinedSince,
      code_registrations_7_days: members.withCodeSince,
      unread_messages: unread,
      average_satisfaction_30_days: feedback.satisfaction,
      average_recommend_30_days: feedback.recommend,
      feedback_count_30_days: feedback.count,
    };
  });
}
