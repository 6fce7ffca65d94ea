import type { FastifyInstance } from "fastify";
import { ACTIVITY_PAGE_SIZE } from "../../../../contract/studio/activity.ts";
import { listActivity } from "../../activity/activity-repository.ts";
import { route } from "../../http/endpoint-route.ts";
import type { StudioOptions } from "../studio-scope.ts";

/** Every change made in the studio or with the CLI, newest first. */
export async function activityRoutes(app: FastifyInstance, { db }: StudioOptions) {
  route(app, "studioActivity", async ({ query }) => {
    const { entries, total } = await listActivity(db, {
      kind: query.kind,
      limit: ACTIVITY_PAGE_SIZE,
      offset: (query.page - 1) * ACTIVITY_PAGE_SIZE,
    });
    return {
      entries: entries.map((entry) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor: entry.actorLabel,
        kind: entry.kind,
        summary: entry.summary,
      })),
      total,
      page: query.page,
      page_size: ACTIVITY_PAGE_SIZE,
    };
  });
}
