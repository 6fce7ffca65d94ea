import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { PersonalData } from "../db/personal-data.ts";
import type { Queryable } from "../db/client.ts";
import { containsText } from "../db/contains-text.ts";
import { formSubmissions } from "./forms-schema.ts";
import { accountsWithEmailLike, withMemberEmails } from "../accounts/users-repository.ts";

export type FormKind = "feedback" | "contact";

/** Stores a form; `userId` is null for a visitor's message (the Contact page). */
export async function storeSubmission(db: Queryable, kind: FormKind, userId: number | null, payload: Record<string, unknown>) {
  const [row] = await db.insert(formSubmissions).values({ kind, userId, payload }).returning();
  return row!;
}

export async function listSubmissions(db: Queryable, kind?: FormKind) {
  const rows = await db
    .select({
      id: formSubmissions.id,
      kind: formSubmissions.kind,
      payload: formSubmissions.payload,
      createdAt: formSubmissions.createdAt,
      userId: formSubmissions.userId,
    })
    .from(formSubmissions)
    .where(kind ? eq(formSubmissions.kind, kind) : undefined)
    .orderBy(asc(formSubmissions.createdAt), asc(formSubmissions.id));
  return withMemberEmails(db, rows);
}

/** One message, locked until the transaction ends (a reply is kept and mailed in it), with its sender's address. */
export async function lockSubmission(db: Queryable, id: number) {
  const [row] = await db
    .select({
      payload: formSubmissions.payload,
      kind: formSubmissions.kind,
      createdAt: formSubmissions.createdAt,
      userId: formSubmissions.userId,
    })
    .from(formSubmissions)
    .where(eq(formSubmissions.id, id))
    .for("update");
  return row ? (await withMemberEmails(db, [row]))[0] : undefined;
}

/** A message counts as read from the first time she reads or answers it. */
export async function markSubmissionRead(db: Queryable, id: number): Promise<void> {
  await db
    .update(formSubmissions)
    .set({ readAt: sql`coalesce(${formSubmissions.readAt}, now())` })
    .where(eq(formSubmissions.id, id));
}

/** The ids of a member's messages, as a subquery another feature filters its rows by (`inArray(column, …)`). */
export const submissionIdsOf = (db: Queryable, userId: number) =>
  db.select({ id: formSubmissions.id }).from(formSubmissions).where(eq(formSubmissions.userId, userId));

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

/** How many messages (feedback and contact) the instructor has not read yet. */
export async function countUnread(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(formSubmissions)
    .where(isNull(formSubmissions.readAt));
  return row?.count ?? 0;
}

/** The average ratings of the feedback received since a moment, or null when none came. */
export async function feedbackAverages(
  db: Queryable,
  since: Date,
): Promise<{ satisfaction: number | null; recommend: number | null; count: number }> {
  const [row] = await db
    .select({
      satisfaction: sql<string | null>`avg((${formSubmissions.payload}->>'satisfaction')::numeric)`,
      recommend: sql<string | null>`avg((${formSubmissions.payload}->>'recommend')::numeric)`,
      count: sql<number>`count(*)::int`,
    })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.kind, "feedback"), gte(formSubmissions.createdAt, since)));
  const rounded = (value: string | null | undefined) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;
  return { satisfaction: rounded(row?.satisfaction), recommend: rounded(row?.recommend), count: row?.count ?? 0 };
}

export type InboxFilter = { kind?: FormKind; search?: string };

function inboxWhere(db: Queryable, { kind, search }: InboxFilter) {
  const pattern = search ? containsText(search) : null;
  return and(
    kind ? eq(formSubmissions.kind, kind) : undefined,
    pattern
      ? or(ilike(sql`${formSubmissions.payload}::text`, pattern), inArray(formSubmissions.userId, accountsWithEmailLike(db, pattern)))
      : undefined,
  );
}

const inboxColumns = {
  id: formSubmissions.id,
  kind: formSubmissions.kind,
  payload: formSubmissions.payload,
  createdAt: formSubmissions.createdAt,
  readAt: formSubmissions.readAt,
  userId: formSubmissions.userId,
};

// Newest first is by id: ids follow arrival, and unlike created_at (microseconds in PostgreSQL,
// milliseconds once in JavaScript) an id can be handed back exactly to read the next batch.

/** The studio's inbox: newest first, a page at a time, with how many match and how many are unread. */
export async function searchInbox(db: Queryable, filter: InboxFilter & { limit: number; offset: number }) {
  const where = inboxWhere(db, filter);
  const [rows, [count]] = await Promise.all([
    db.select(inboxColumns).from(formSubmissions).where(where).orderBy(desc(formSubmissions.id)).limit(filter.limit).offset(filter.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(where),
  ]);
  return { rows: await withMemberEmails(db, rows), total: count?.total ?? 0 };
}

/**
 * Every message matching the filter, newest first, read in batches so that an export of a large
 * inbox never holds it whole in memory.
 */
export async function* eachInboxMessage(db: Queryable, filter: InboxFilter, batchSize = 500) {
  let beforeId: number | undefined;
  for (;;) {
    const rows = await db
      .select(inboxColumns)
      .from(formSubmissions)
      .where(and(inboxWhere(db, filter), beforeId === undefined ? undefined : lt(formSubmissions.id, beforeId)))
      .orderBy(desc(formSubmissions.id))
      .limit(batchSize);
    yield* await withMemberEmails(db, rows);
    if (rows.length < batchSize) return;
    beforeId = rows[rows.length - 1]!.id;
  }
}

/** Marks a message read or unread; false when there is no such message. */
export async function setSubmissionRead(db: Queryable, id: number, read: boolean): Promise<boolean> {
  const changed = await db
    .update(formSubmissions)
    .set({ readAt: read ? sql`coalesce(${formSubmissions.readAt}, now())` : null })
    .where(eq(formSubmissions.id, id))
    .returning({ id: formSubmissions.id });
  return changed.length > 0;
}

/** Each form's fields in the order of its page, with the name the instructor reads. */
export const submissionFields: Record<FormKind, { name: string; label: string }[]> = {
  feedback: [
    { name: "satisfaction", label: "Overall satisfaction (1-5)" },
    { name: "recommend", label: "Likely to recommend (1-5)" },
    { name: "comments", label: "General comments" },
    { name: "liked_most", label: "Liked most" },
    { name: "improve", label: "Could be improved" },
  ],
  contact: [
    { name: "full_name", label: "Full name" },
    { name: "email", label: "E-mail" },
    { name: "birth_location", label: "Where birthing" },
    { name: "due_date", label: "Estimated due date" },
    { name: "location", label: "Where living" },
    { name: "referral", label: "How they found us" },
    { name: "services", label: "Services" },
    // From the Contact page (visitors too): what she wrote.
    { name: "message", label: "Message" },
  ],
};

/** A stored answer as text: a list joined, nothing as empty. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).join("; ");
  return String(value);
}

/** The filled fields of a submission, labelled, in the order of the form. */
export function labelledFields(kind: FormKind, payload: unknown): { label: string; value: string }[] {
  const values = (payload ?? {}) as Record<string, unknown>;
  return submissionFields[kind]
    .map((field) => ({ label: field.label, value: fieldText(values[field.name]) }))
    .filter((field) => field.value !== "");
}

/** Her feedback and contact messages: in her data download, and kept without her name and e-mail when her account goes. */
export const formsPersonalData = (db: Queryable): PersonalData => ({
  key: "forms",
  export: async (member) =>
    (await submissionsOf(db, member.id)).map((form) => ({ kind: form.kind, sent_at: form.createdAt.toISOString(), answers: form.payload })),
  erase: (tx, member) => anonymiseSubmissionsOf(tx, member.id),
});
