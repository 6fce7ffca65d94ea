import { z } from "zod";
import { ApiError } from "./errors.ts";
import { Created } from "./studio/courses.ts";
import { LessonIdParams } from "./progress.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";

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
export const ContentNoteChoicesSave = z.record(z.string().max(60), NoteChoice, {
  error: "Send her choices as an object: each note with its choice.",
});

export const SavedLessons = z.object({
  lessons: z.array(z.object({ lesson_id: z.number(), course_id: z.number(), title: z.string(), saved_at: z.string() })),
});
export type SavedLessons = z.infer<typeof SavedLessons>;
export const SaveForLaterRequest = z.object({ saved: z.boolean({ error: "Say whether to keep it for later." }) });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const contentNotesEndpoints = {
  contentNotes: {
    method: "GET",
    path: "/reactapi/content-notes",
    summary: "The content notes a lesson or a community post may carry, in the instructor's order",
    access: "anyone",
    answers: ok(ContentNotes),
  },
  addContentNote: {
    method: "POST",
    path: "/reactapi/studio/content-notes",
    summary: "Adds a content note to the list",
    access: "instructor",
    travels: "studio-community",
    body: ContentNoteCreate,
    invalidates: ["contentNotes"],
    answers: {
      201: { description: "Added.", schema: Created },
      400: { description: "A bad body.", schema: ApiError },
      409: { description: "That note is on the list already.", schema: ApiError },
    },
  },
  myContentNotes: {
    method: "GET",
    path: "/reactapi/account/content-notes",
    summary: "How she meets each content note: show, tell (the default) or leave_out",
    access: "member",
    answers: ok(MyContentNotes),
  },
  saveContentNoteChoices: {
    method: "POST",
    path: "/reactapi/account/content-notes",
    summary: 'Saves her choices, { note: "show" | "tell" | "leave_out" }',
    access: "member",
    travels: "content-notes",
    body: ContentNoteChoicesSave,
    invalidates: ["myContentNotes"],
    answers: { ...ok(StudioOutcome), 400: { description: "A note not on the list, or a bad choice.", schema: ApiError } },
  },
  savedLessons: {
    method: "GET",
    path: "/reactapi/account/saved-lessons",
    summary: "The lessons she saved for later from a content note's notice, newest first",
    access: "member",
    answers: ok(SavedLessons),
  },
  saveLessonForLater: {
    method: "POST",
    path: "/reactapi/account/saved-lessons/:lessonId",
    summary: "Keeps a lesson for later (or takes it off the list)",
    access: "member",
    params: LessonIdParams,
    body: SaveForLaterRequest,
    invalidates: ["savedLessons"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such lesson open to her.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
