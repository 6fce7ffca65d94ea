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

/** How she meets a note: shown normally, told first (the default), or left out of her suggestions. */
export const NoteChoice = z.enum(["show", "tell", "leave_out"], { error: "Choose show, tell or leave_out." });
export type NoteChoice = z.infer<typeof NoteChoice>;
export const MyContentNotes = z.object({ notes: z.array(z.object({ name: z.string(), choice: NoteChoice })) });
export type MyContentNotes = z.infer<typeof MyContentNotes>;
/** Her choices by note name; a note left out keeps what it had. */
export const ContentNoteChoicesSave = z.record(z.string().max(60), NoteChoice, { error: "Send her choices as { note: choice }." });

export const SavedLessons = z.object({
  lessons: z.array(z.object({ lesson_id: z.number(), course_id: z.number(), title: z.string(), saved_at: z.string() })),
});
export type SavedLessons = z.infer<typeof SavedLessons>;
export const SaveForLaterRequest = z.object({ saved: z.boolean({ error: "Say whether to keep it for later." }) });
