import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { addContentNote, listContentNotes } from "./content-notes-repository.ts";

export async function contentNotesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "contentNotes", async () => ({ notes: await listContentNotes(db) }));
}

/** Behind the studio's guard (features.ts). */
export async function contentNotesStudioRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "addContentNote", async ({ body }, request) =>
    addContentNote(db, body.name, { userId: request.member!.id, label: request.member!.email }),
  );
}
