import type { FastifyInstance } from "fastify";
import { sentence } from "../../../contract/languages.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import {
  type AudienceCheck,
  createJourney,
  deleteJourney,
  listJourneys,
  previewJourney,
  saveJourney,
  saveSettings,
  timelineOf,
} from "./journeys-repository.ts";

export type JourneyRouteOptions = { db: Database; clock: Clock; isFor: AudienceCheck };

/** Studio → Journeys (docs/journeys.md): write them, see when each step would come. */
export async function journeysStudioRoutes(app: FastifyInstance, { db, clock }: JourneyRouteOptions) {
  route(app, "studioJourneys", async () => ({ journeys: await listJourneys(db) }));
  route(app, "createJourney", async ({ body }, _request, reply) => reply.code(201).send(await createJourney(db, body, clock.now())));
  route(app, "saveJourney", async ({ params: { id }, body }) => saveJourney(db, id, body, clock.now()));
  route(app, "deleteJourney", async ({ params: { id } }) => deleteJourney(db, id));
  route(app, "previewJourney", async ({ params: { id }, query: { due_date } }) => previewJourney(db, id, due_date));
}

/** Her side: her timeline and her choices. */
export async function journeyRoutes(app: FastifyInstance, { db, clock, isFor }: JourneyRouteOptions) {
  route(app, "myJourney", async (_input, request) => timelineOf(db, requireMember(request), request.language, isFor, clock.now()));
  route(app, "saveJourneySettings", async ({ body }, request) => {
    await saveSettings(db, requireMember(request).id, body, clock.now());
    return { message: sentence("Saved your journey's settings.") };
  });
}
