import { z } from "zod";
import { idInPath } from "../catalogue.ts";
import { ApiError } from "../errors.ts";
import { StudioOutcome } from "./studio-shared.ts";
import { type Endpoint, ok } from "../endpoint.ts";

// What was deleted in the studio, kept for TRASH_KEPT_DAYS.

export const TrashItem = z.object({
  id: z.number(),
  kind: z.enum(["course", "module", "lesson", "file"]),
  title: z.string(),
  /** Where it was, in words: "in Birth preparation › Week 1". */
  place: z.string(),
  deleted_by: z.string(),
  deleted_at: z.string(),
  /** After this it is gone for good. */
  kept_until: z.string(),
});
export type TrashItem = z.infer<typeof TrashItem>;

export const TrashList = z.object({ items: z.array(TrashItem) });
export type TrashList = z.infer<typeof TrashList>;

export const TrashIdParams = z.object({ id: idInPath("That is no longer in the Trash.") });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioTrashEndpoints = {
  studioTrash: {
    method: "GET",
    path: "/reactapi/studio/trash",
    summary: "What was deleted in the studio in the last 30 days, newest first",
    access: "instructor",
    travels: "studio-trash",
    answers: ok(TrashList),
  },
  restoreFromTrash: {
    method: "POST",
    path: "/reactapi/studio/trash/:id/restore",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Puts a deleted course, module, lesson or file back in its place, with its files, grants and progress",
    access: "instructor",
    travels: "studio-trash",
    params: TrashIdParams,
    body: z.object({}),
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No longer in the Trash.", schema: ApiError },
      409: { description: "Its place is gone or taken; the sentence says what to restore first.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
