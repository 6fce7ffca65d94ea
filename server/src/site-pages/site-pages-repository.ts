import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { sitePages } from "./site-pages-schema.ts";

export type PageKey = "about" | "links" | "about_photo";

/** A page as saved, with its revision; revision 0 and no content until she first saves it. */
export async function readPage(db: Queryable, key: PageKey): Promise<{ content: unknown; revision: number } | null> {
  const [row] = await db.select().from(sitePages).where(eq(sitePages.key, key));
  return row ? { content: row.content, revision: row.revision } : null;
}

/**
 * Saves a page if it is still at the revision she opened (0: never saved); the new revision, or
 * null when someone saved it in between (another tab, another instructor).
 */
export async function savePage(db: Queryable, key: PageKey, content: unknown, openedAt: number): Promise<number | null> {
  if (openedAt === 0) {
    const [created] = await db.insert(sitePages).values({ key, content }).onConflictDoNothing().returning({ revision: sitePages.revision });
    return created?.revision ?? null;
  }
  const [updated] = await db
    .update(sitePages)
    .set({ content, revision: sql`${sitePages.revision} + 1`, updatedAt: sql`now()` })
    .where(and(eq(sitePages.key, key), eq(sitePages.revision, openedAt)))
    .returning({ revision: sitePages.revision });
  return updated?.revision ?? null;
}

/** Her photo on About (Studio → Site), or null; the doula card on /care shows the same one. */
export async function aboutPhoto(db: Queryable): Promise<string | null> {
  const page = await readPage(db, "about_photo");
  return (page?.content as { picture?: string } | undefined)?.picture ?? null;
}

/** Sets or clears her photo on About; kept apart from the page, so that a form open elsewhere still saves its text. */
export async function setAboutPhoto(db: Queryable, picture: string | null): Promise<void> {
  await db
    .insert(sitePages)
    .values({ key: "about_photo", content: { picture } })
    .onConflictDoUpdate({
      target: sitePages.key,
      set: { content: { picture }, revision: sql`${sitePages.revision} + 1`, updatedAt: sql`now()` },
    });
}
