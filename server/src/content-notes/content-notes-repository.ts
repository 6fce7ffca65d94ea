import { answerWith, sentence } from "../../../contract/languages.ts";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { contentNoteChoices, contentNotes, savedForLater } from "./content-notes-schema.ts";
import { lessonHomes, lessonsCarryingNotes } from "../catalogue/catalogue-repository.ts";
import { HttpError } from "../http/errors.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";

/** The content notes, in her order (docs/product.md, Content notes): one list for lessons and community posts. */
export async function listContentNotes(db: Queryable) {
  return db
    .select({ id: contentNotes.id, name: contentNotes.name })
    .from(contentNotes)
    .orderBy(asc(contentNotes.position), asc(contentNotes.id));
}

/** Adds a note at the end of the list; a name already there (in any case) is refused. */
/** The note's name as the instructor wrote it, if it is one of hers (case aside). */
export async function knownContentNote(db: Queryable, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: contentNotes.name })
    .from(contentNotes)
    .where(sql`lower(${contentNotes.name}) = lower(${name})`);
  return row?.name;
}

export async function addContentNote(db: Database, name: string, actor: Actor): Promise<{ id: number; message: string }> {
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select()
      .from(contentNotes)
      .where(sql`lower(${contentNotes.name}) = lower(${name})`);
    if (same)
      throw HttpError.withValues(
        409,
        "“{name}” is on the list already.",
        { name: same.name },
        { details: { name: sentence("This note is on the list already.") } },
      );
    const [row] = await tx
      .insert(contentNotes)
      .values({ name, position: sql`(select coalesce(max(position), 0) + 1 from ${contentNotes})` })
      .returning({ id: contentNotes.id });
    await recordActivity(tx, actor, "community", `Added the content note “${name}”.`);
    return { id: row!.id, message: answerWith("Added “{name}”.", { name }) };
  });
}

export type NoteChoice = "show" | "tell" | "leave_out";

/** Her choice for every note on the list ("tell" where she has made none). */
export async function choicesOf(db: Queryable, userId: number): Promise<{ name: string; choice: NoteChoice }[]> {
  const [row] = await db.select().from(contentNoteChoices).where(eq(contentNoteChoices.userId, userId));
  return (await listContentNotes(db)).map((note) => ({ name: note.name, choice: row?.choices[note.name] ?? "tell" }));
}

/** Saves her choices for the notes named; a name not on the list is refused. */
export async function saveChoices(db: Database, userId: number, choices: Record<string, NoteChoice>): Promise<void> {
  const names = new Set((await listContentNotes(db)).map((note) => note.name));
  const unknown = Object.keys(choices).find((name) => !names.has(name));
  if (unknown !== undefined) throw HttpError.withValues(400, "“{name}” is not on the list of content notes.", { name: unknown });
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(contentNoteChoices).where(eq(contentNoteChoices.userId, userId)).for("update");
    const merged = { ...(row?.choices ?? {}), ...choices };
    await tx
      .insert(contentNoteChoices)
      .values({ userId, choices: merged })
      .onConflictDoUpdate({ target: contentNoteChoices.userId, set: { choices: merged } });
  });
}

export async function savedLessonsOf(db: Queryable, userId: number) {
  const saved = await db
    .select({ lessonId: savedForLater.lessonId, savedAt: savedForLater.createdAt })
    .from(savedForLater)
    .where(eq(savedForLater.userId, userId))
    .orderBy(desc(savedForLater.createdAt));
  const homes = await lessonHomes(
    db,
    saved.map((row) => row.lessonId),
  );
  return saved.flatMap((row) => {
    const home = homes.get(row.lessonId);
    return home ? [{ ...row, ...home }] : [];
  });
}

export async function setSavedForLater(db: Queryable, userId: number, lessonId: number, saved: boolean): Promise<void> {
  if (saved) await db.insert(savedForLater).values({ userId, lessonId }).onConflictDoNothing();
  else await db.delete(savedForLater).where(and(eq(savedForLater.userId, userId), eq(savedForLater.lessonId, lessonId)));
}

/** Her choices and saved lessons, in her download; they go with her account (cascade). */
export const contentNotesPersonalData = (db: Queryable): PersonalData => ({
  key: "content_notes",
  export: async (member) => ({
    choices: Object.fromEntries((await choicesOf(db, member.id)).map((entry) => [entry.name, entry.choice])),
    saved_for_later: (await savedLessonsOf(db, member.id)).map((row) => ({ lesson: row.title, saved_at: row.savedAt.toISOString() })),
  }),
});

/** The lessons carrying a note she chose to leave out of her suggestions: pacing and "next" pass them by. */
export async function leftOutLessonIds(db: Queryable, userId: number): Promise<Set<number>> {
  const [row] = await db.select().from(contentNoteChoices).where(eq(contentNoteChoices.userId, userId));
  const names = Object.entries(row?.choices ?? {})
    .filter(([, choice]) => choice === "leave_out")
    .map(([name]) => name);
  return lessonsCarryingNotes(db, names);
}
