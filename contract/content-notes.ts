import { z } from "zod";

// Content notes (docs/product.md, Content notes): one list, for lessons and community posts, that
// ships with a default set and the instructor may extend.

export const ContentNote = z.object({ id: z.number(), name: z.string() });
export const ContentNotes = z.object({ notes: z.array(ContentNote) });
export type ContentNotes = z.infer<typeof ContentNotes>;

export const ContentNoteCreate = z.object({
  name: z
    .string({ error: "Name the note." })
    .trim()
    .min(2, { error: "Name the note." })
    .max(60, { error: "Keep a note under 60 characters." }),
});
