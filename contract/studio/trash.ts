import { z } from "zod";
import { idInPath } from "../catalogue.ts";

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
