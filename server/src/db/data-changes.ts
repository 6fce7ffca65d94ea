import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Database, Queryable, Transaction } from "./types.ts";

export type DataTopic = "catalogue" | "access" | "site";
export const dataTopics: readonly DataTopic[] = ["catalogue", "access", "site"];

/**
 * Announces, inside this process, that the catalogue ("catalogue"), members' access, roles or
 * sessions ("access") or the site's settings ("site") changed, so in-memory caches drop what they hold. Other app servers on the
 * same PostgreSQL hear of it through announceChange's notification (db/change-listener.ts).
 */
export const dataChanges = new EventEmitter<Record<DataTopic, []>>();
dataChanges.setMaxListeners(0);

/** PostgreSQL's LISTEN/NOTIFY channel that carries the topics between app servers. */
export const DATA_CHANGES_CHANNEL = "data_changes";

/**
 * Tells every app server sharing the database that a topic changed. Call it in the transaction
 * that makes the change: PostgreSQL delivers the notification when, and only if, it commits.
 * Every function that writes the catalogue, grants, roles or sessions calls it; a new one must too.
 */
export async function announceChange(db: Queryable, topic: DataTopic): Promise<void> {
  await db.execute(sql`select pg_notify(${DATA_CHANGES_CHANNEL}, ${topic})`);
}

/**
 * Runs a change in one transaction that announces it, and once it is committed makes this
 * process forget at once: the other servers hear the announcement within milliseconds, but the
 * member's next request to this one must already see her change.
 */
export async function changeAndAnnounce<T>(db: Database, topic: DataTopic, change: (tx: Transaction) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const changed = await change(tx);
    await announceChange(tx, topic);
    return changed;
  });
  dataChanges.emit(topic);
  return result;
}

/** Drops every in-memory cache of this process. */
export function forgetEverything(): void {
  for (const topic of dataTopics) dataChanges.emit(topic);
}

/**
 * Whether this process may answer from its in-memory caches right now: always on the embedded
 * database (this process makes every change), on PostgreSQL only while it hears every change.
 */
export type CacheTrust = { trusted(): boolean };
export const onlyWriter: CacheTrust = { trusted: () => true };
export const neverTrusted: CacheTrust = { trusted: () => false };
