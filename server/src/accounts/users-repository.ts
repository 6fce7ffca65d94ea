import { asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Profile, Role } from "../../../contract/accounts.ts";
import { announceChange } from "../data-changes.ts";
import type { Queryable } from "../db/client.ts";
import { users } from "../db/schema.ts";

export type UserRow = typeof users.$inferSelect;

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    due_date: user.dueDate,
    baby_arrived: user.babyArrived,
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

export async function setUserRole(db: Queryable, email: string, role: Role): Promise<UserRow | undefined> {
  const [user] = await db
    .update(users)
    .set({ role })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning();
  // Signed-in members are cached with their role.
  if (user) await announceChange(db, "access");
  return user;
}

export function listUsers(db: Queryable): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id));
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Escapes LIKE's wildcards, so a search for "50%" finds "50%" and not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** Members whose name or e-mail contains the search, newest joined (or most recently signed in) first. */
export async function searchUsers(
  db: Queryable,
  { search, sort, limit, offset }: { search: string; sort: "joined" | "last_sign_in"; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = likePattern(search);
  const where = search
    ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern))
    : undefined;
  const order = sort === "joined" ? [desc(users.createdAt), desc(users.id)] : [sql`${users.lastSignInAt} desc nulls last`, desc(users.id)];
  const [rows, [count]] = await Promise.all([
    db.select().from(users).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Members in all, those who joined since a moment, and those of them who registered with an access code. */
export async function countMembers(db: Queryable, since: Date): Promise<{ total: number; joinedSince: number; withCodeSince: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      joinedSince: sql<number>`(count(*) filter (where ${users.createdAt} >= ${since}))::int`,
      withCodeSince: sql<number>`(count(*) filter (where ${users.createdAt} >= ${since} and ${users.accessCode} is not null))::int`,
    })
    .from(users);
  return { total: row?.total ?? 0, joinedSince: row?.joinedSince ?? 0, withCodeSince: row?.withCodeSince ?? 0 };
}

/** Whether any instructor (admin) exists yet: a new installation offers its setup link until one does. */
export async function hasInstructor(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}
