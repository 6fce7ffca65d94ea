import { asc, eq } from "drizzle-orm";
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
