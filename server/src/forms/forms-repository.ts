import { asc, eq } from "drizzle-orm";
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
