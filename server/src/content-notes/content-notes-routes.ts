import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { addContentNote, choicesOf, listContentNotes, saveChoices, savedLessonsOf, setSavedForLater } from "./content-notes-repository.ts";

export async function contentNotesRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "contentNotes", async () => ({ notes: await listContentNotes(db) }));
}

/** Behind the studio's guard (its manifest's studio areas). */
export async function contentNotesStudioRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "addContentNote", async ({ body }, request) =>
    addContentNote(db, body.name, { userId: request.member!.id, label: request.member!.email }),
  );
}

/** Her side (under /reactapi/account): how she meets each note, and the lessons she saved for later. */
export async function contentNoteChoicesRoutes(app: FastifyInstance, { db, catalogue }: { db: Database; catalogue: CatalogueReader }) {
  route(app, "myContentNotes", async (_input, request) => ({ notes: await choicesOf(db, requireMember(request).id) }));
  route(app, "saveContentNoteChoices", async ({ body }, request) => {
    await saveChoices(db, requireMember(request).id, body);
    return { message: "Saved. Lessons follow your choices from now on." };
  });
  route(app, "savedLessons", async (_input, request) => {
    const member = requireMember(request);
    const saved = await savedLessonsOf(db, member.id);
    // The members' view of the catalogue: a lesson of a course taken back to draft (or deleted) is not listed.
    const access = await catalogue.lessonsAccess(
      member,
      saved.map((row) => row.lessonId),
    );
    return {
      lessons: saved
        .filter((_row, index) => access[index]!.access !== "missing")
        .map((row) => ({ lesson_id: row.lessonId, course_id: row.courseId, title: row.title, saved_at: row.savedAt.toISOString() })),
    };
  });
  route(app, "saveLessonForLater", async ({ params: { lessonId }, body: { saved } }, request) => {
    const member = requireMember(request);
    if ((await catalogue.lessonAccess(member, lessonId)).access !== "open")
      throw new HttpError(404, "That lesson does not exist, or it is not open to you.");
    await setSavedForLater(db, member.id, lessonId, saved);
    return { message: saved ? "Saved for later: it waits on your home page." : "Taken off your list." };
  });
}
