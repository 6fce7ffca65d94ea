import type { MediaStorage } from "../storage/storage.ts";
import type { FastifyRequest } from "fastify";
import type { Actor } from "../activity/activity-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { RowsOnCatalogue } from "../catalogue/trash-repository.ts";
import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { Offered } from "../capabilities/capability.ts";

/** What every area of the studio's API is given (studio-plugin.ts registers them all under /reactapi/studio). */
export type StudioOptions = {
  db: Database;
  clock: Clock;
  catalogue: CatalogueReader;
  publicUrl: string;
  uploadMaxBytes: number;
  /** Where a lesson's downloads are kept (docs/storage.md). */
  storage: MediaStorage;
  /** What other features keep on courses and lessons, which the Trash keeps and puts back with them. */
  rowsOnCatalogue: readonly RowsOnCatalogue[];
  /** A course's cover picture (the pictures capability's uploads). */
  pictures: Offered["pictureUploads"];
};

/** The instructor a studio request acts for, as the activity log names her. */
export function actorOf(request: FastifyRequest): Actor {
  // The studio's guard (studio-plugin.ts) has already refused anyone but an instructor.
  const member = request.member!;
  return { userId: member.id, label: member.email };
}
