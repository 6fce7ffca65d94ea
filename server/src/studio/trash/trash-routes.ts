import type { FastifyInstance } from "fastify";
import { route } from "../../http/endpoint-route.ts";
import { actorOf, type StudioOptions } from "../studio-scope.ts";
import { listTrash, restoreFromTrash } from "../../catalogue/trash-repository.ts";

/** What was deleted in the last days, and putting it back. */
export async function trashRoutes(app: FastifyInstance, { db, rowsOnCatalogue }: StudioOptions) {
  route(app, "studioTrash", async () => ({ items: await listTrash(db) }));

  route(app, "restoreFromTrash", async ({ params: { id } }, request) => restoreFromTrash(db, actorOf(request), id, rowsOnCatalogue));
}
