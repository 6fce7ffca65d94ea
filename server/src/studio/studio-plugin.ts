import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { requireInstructor } from "../http/signed-in-member.ts";
import { accessCodeRoutes } from "./access-codes/access-code-routes.ts";
import { activityRoutes } from "./activity/activity-routes.ts";
import { courseRoutes } from "./courses/course-routes.ts";
import { coverRoutes } from "./courses/cover-routes.ts";
import { fileRoutes } from "./courses/file-routes.ts";
import { dashboardRoutes } from "./dashboard/dashboard-routes.ts";
import { inboxRoutes } from "./inbox/inbox-routes.ts";
import { memberRoutes } from "./members/member-routes.ts";
import { planRoutes } from "./plans/plan-routes.ts";
import type { StudioOptions } from "./studio-scope.ts";
import { trashRoutes } from "./trash/trash-routes.ts";

/** The studio's areas, each a plugin of its own folder, all inside the guarded scope below. */
const studioAreas = [
  dashboardRoutes,
  memberRoutes,
  accessCodeRoutes,
  planRoutes,
  courseRoutes,
  fileRoutes,
  coverRoutes,
  trashRoutes,
  inboxRoutes,
  activityRoutes,
];

/**
 * The instructor's API, registered under /reactapi/studio. Its one guard is this scope's first
 * hook, so it answers every method and path under the prefix, known or not, before any body is
 * read or any other rule speaks: 401 to a visitor, 403 to a member who is not an instructor.
 */
export async function studioApi(
  app: FastifyInstance,
  {
    db,
    clock,
    catalogue,
    publicUrl,
    uploadMaxBytes,
    storage,
    rowsOnCatalogue,
    pictures,
    featureAreas,
  }: StudioOptions & { featureAreas: readonly FastifyPluginAsync[] },
) {
  app.addHook("onRequest", async (request) => void requireInstructor(request));
  // Set inside the scope, so that an unknown studio address meets the guard too.
  app.setNotFoundHandler(async (_request, reply) => reply.code(404).send({ error: "Not found." }));
  // Passed on field by field: the options Fastify gave this plugin also carry its prefix, which the areas inherit anyway.
  for (const area of studioAreas)
    await app.register(area, { db, clock, catalogue, publicUrl, uploadMaxBytes, storage, rowsOnCatalogue, pictures });
  // Each capability's own studio areas (the calendar of bookings…), from its manifest, behind the same guard.
  for (const area of featureAreas) await app.register(area);
}
