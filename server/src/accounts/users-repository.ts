import { languageOr, type Language } from "../../../contract/languages.ts";
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Profile } from "../../../contract/sign-in.ts";
import type { Database, Queryable } from "../db/client.ts";
import { changeAndAnnounce } from "../db/data-changes.ts";
import { containsText } from "../db/contains-text.ts";
import { users } from "./accounts-schema.ts";

export type UserRow = typeof users.$inferSelect;

/**
 * Saves the language she reads the product in (from /account, the footer's switch or ?lang=),
 * announced like a change of access: every server's cached session reads it at once.
 */
export async function saveAccountLanguage(db: Database, userId: number, language: Language): Promise<void> {
  await changeAndAnnounce(db, "access", (tx) => tx.update(users).set({ language }).where(eq(users.id, userId)));
}

/** A new account, as the studio's setup creates its first instructor. */
export async function createAccount(db: Queryable, values: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await db.insert(users).values(values).returning();
  return created!;
}

/** Changes an account's role or whether it may sign in (the studio's members page), and returns it. */
export async function updateAccount(
  db: Queryable,
  userId: number,
  changes: Partial<Pick<UserRow, "role" | "deactivatedAt">>,
): Promise<UserRow | undefined> {
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return user;
}

/** Her first and last names as she gave them, or "" when she gave none. */
export const fullName = (user: Pick<UserRow, "firstName" | "lastName">) => [user.firstName, user.lastName].filter(Boolean).join(" ").trim();

/**
 * Who a booking, a class place or a waiting-list place is for. A member always herself: her
 * account's name (the one she typed when it has none) and her address, so her account cannot
 * hold places for, or mail, someone else. A visitor whoever she typed, the address in lower case.
 */
export function heldFor(member: UserRow | null, typed: { name: string; email: string }): { name: string; email: string } {
  return member ? { name: fullName(member) || typed.name, email: member.email } : { name: typed.name, email: typed.email.toLowerCase() };
}

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
    joined_as: user.joinedAs,
    email_confirmed: user.emailProvenAt !== null,
  };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user;
}

export function listUsers(db: Queryable): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id));
}

export async function findUserById(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** Whole accounts by id, for a feature that shows the people it links (a partner and the member she invited). */
export async function accountsByIds(db: Queryable, ids: readonly number[]): Promise<Map<number, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The people another feature names by id (an author, a buyer): who they are, and where to write to them. */
export function peopleByIds(
  db: Queryable,
  ids: readonly number[],
): Promise<Pick<UserRow, "id" | "email" | "firstName" | "lastName" | "role" | "language">[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      language: users.language,
    })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The accounts whose e-mail matches a pattern, as a subquery another feature filters its rows by (`inArray(column, …)`). */
export const accountsWithEmailLike = (db: Queryable, pattern: string) =>
  db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));

/** Every account, as a subquery another feature filters by (a row kept for a member deleted since is left out). */
export const everyAccountId = (db: Queryable) => db.select({ id: users.id }).from(users);

/** The accounts paused by the studio (they cannot sign in and get no mail), as a subquery another feature filters by. */
export const pausedAccounts = (db: Queryable) => db.select({ id: users.id }).from(users).where(isNotNull(users.deactivatedAt));

/**
 * The members (not the instructor, none paused) an announcement may reach: all of them, those due
 * in a month (YYYY-MM), or those among a subquery's ids (another feature's, such as a course's holders).
 */
export function activeMembers(db: Queryable, { dueMonth, among }: { dueMonth?: string; among?: SQLWrapper } = {}) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.role, "member"),
        isNull(users.deactivatedAt),
        dueMonth === undefined ? undefined : sql`to_char(${users.dueDate}::date, 'YYYY-MM') = ${dueMonth}`,
        among === undefined ? undefined : inArray(users.id, among),
      ),
    );
}

/** The members with a due date (no partner, none paused), for what is timed by a pregnancy (journeys); some of them by id. */
export function membersWithDueDates(db: Queryable, among?: readonly number[]) {
  return db
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      dueDate: users.dueDate,
      joinedAt: users.createdAt,
      babyArrived: users.babyArrived,
    })
    .from(users)
    .where(
      and(
        isNotNull(users.dueDate),
        isNull(users.deactivatedAt),
        eq(users.joinedAs, "member"),
        among === undefined ? undefined : inArray(users.id, [...among]),
      ),
    );
}

/** Her baby has arrived (journeys' "Baby is here"): what is timed by her pregnancy stops, and every server hears it. */
export async function markBabyArrived(db: Database, memberId: number): Promise<void> {
  await changeAndAnnounce(db, "access", (tx) => tx.update(users).set({ babyArrived: true }).where(eq(users.id, memberId)));
}

/** Each row with the address of the member it names (null for a visitor, or an account since deleted). */
export async function withMemberEmails<Row extends { userId: number | null }>(db: Queryable, rows: Row[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const emails = new Map((await peopleByIds(db, ids)).map((person) => [person.id, person.email]));
  return rows.map(({ userId, ...row }) => ({ ...row, memberEmail: userId === null ? null : (emails.get(userId) ?? null) }));
}

/** Members whose name or e-mail contains the search, newest joined (or most recently signed in) first. */
export async function searchUsers(
  db: Queryable,
  { search, sort, limit, offset }: { search: string; sort: "joined" | "last_sign_in"; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const pattern = containsText(search);
  // The full name holds each of her names, so "hazel", "moon" and "hazel moon" all find Hazel Moon.
  const where = search
    ? or(ilike(users.email, pattern), ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern))
    : undefined;
  const order = sort === "joined" ? [desc(users.createdAt), desc(users.id)] : [sql`${users.lastSignInAt} desc nulls last`, desc(users.id)];
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
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
/** The instructors' names (the studio's role "admin"). */
export function instructorNames(db: Queryable): Promise<Pick<UserRow, "firstName" | "lastName">[]> {
  return db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.role, "admin"));
}

/** The instructors' accounts (the studio's role "admin"): who the doula's notifications go to. */
export function instructorAccounts(db: Queryable): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, "admin"));
}

/** The team doulas' accounts (role "team": backups the instructor invited, Studio → Team). */
export function teamAccounts(db: Queryable): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.role, "team")).orderBy(users.createdAt);
}

/** Makes a new account a team doula (her invitation to the team, used as she registers). */
export async function makeTeamDoula(db: Queryable, userId: number): Promise<void> {
  await db.update(users).set({ role: "team" }).where(eq(users.id, userId));
}

export async function hasInstructor(db: Queryable): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

/** The language her mail and documents are written in: her own, or for an account older than the choice, `otherwise`. */
export const accountLanguage = (user: Pick<UserRow, "language">, otherwise: Language): Language => languageOr(user.language, otherwise);

/**
 * Whom a capability's registration link was sent to (sign-in-routes.ts, `Invitations.check`): the
 * address she must register with, and the names the sender typed, which fill her sign-up form.
 */
export type InvitedPerson = { email: string; firstName: string | null; lastName: string | null };

/**
 * Her due date from her doula's record, when her account has none yet (her birth client's record
 * joins her account): /home and her registry then know it without asking her again.
 */
export async function giveDueDateIfNone(db: Queryable, userId: number, dueDate: string): Promise<void> {
  await db
    .update(users)
    .set({ dueDate })
    .where(and(eq(users.id, userId), isNull(users.dueDate), eq(users.babyArrived, false)));
}
