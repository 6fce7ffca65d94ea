import { asc, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { contentNotes } from "../db/schema.ts";
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
export async function addContentNote(db: Database, name: string, actor: Actor): Promise<{ id: number; message: string }> {
  return db.transaction(async (tx) => {
    const [same] = await tx
      .select()
      .from(contentNotes)
      .where(sql`lower(${contentNotes.name}) = lower(${name})`);
    if (same) throw new HttpError(409, `“${same.name}” is on the list already.`, { name: "This note is on the list already." });
    const [row] = await tx
      .insert(contentNotes)
      .values({ name, position: sql`(select coalesce(max(position), 0) + 1 from ${contentNotes})` })
      .returning({ id: contentNotes.id });
    await recordActivity(tx, actor, "community", `Added the content note “${name}”.`);
    return { id: row!.id, message: `Added “${name}”.` };
  });
}
