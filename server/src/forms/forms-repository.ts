import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { formSubmissions, users } from "../db/schema.ts";

export type FormKind = "feedback" | "contact";

export async function storeSubmission(db: Queryable, kind: FormKind, userId: number, payload: Record<string, unknown>) {
  const [row] = await db.insert(formSubmissions).values({ kind, userId, payload }).returning();
  return row!;
}

export function listSubmissions(db: Queryable, kind?: FormKind) {
  const query = db
    .select({
      id: formSubmissions.id,
      kind: formSubmissions.kind,
      payload: formSubmissions.payload,
      createdAt: formSubmissions.createdAt,
      memberEmail: users.email,
    })
    .from(formSubmissions)
    .leftJoin(users, eq(users.id, formSubmissions.userId))
    .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id));
  return kind ? query.where(eq(formSubmissions.kind, kind)) : query;
}

/** Her submissions, as she sent them, for "Download my data". */
export function submissionsOf(db: Queryable, userId: number) {
  return db
    .select({ kind: formSubmissions.kind, payload: formSubmissions.payload, createdAt: formSubmissions.createdAt })
    .from(formSubmissions)
    .where(eq(formSubmissions.userId, userId))
    .orderBy(asc(formSubmissions.createdAt));
}

/**
 * When a member deletes her account, her feedback and messages stay for the instructor, but
 * without who sent them: the link to her and the name and e-mail she typed are removed.
 */
export async function anonymiseSubmissionsOf(db: Queryable, userId: number): Promise<void> {
  await db
    .update(formSubmissions)
    .set({ userId: null, payload: sql`${formSubmissions.payload} - 'email' - 'full_name'` })
    .where(eq(formSubmissions.userId, userId));
}
