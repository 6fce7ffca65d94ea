import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import type { Queryable } from "./types.ts";

/**
 * Live updates between app servers (a community thread's new reply, a shared contraction timer):
 * a change names its stream ("thread:12"), and every server's open event streams for it look
 * again. The database carries the name (PostgreSQL's NOTIFY, heard by db/change-listener.ts) and
 * this process hears its own changes at once (publishLive's caller emits after the commit).
 */
export const liveEvents = new EventEmitter<{ changed: [stream: string] }>();
liveEvents.setMaxListeners(0);

/** PostgreSQL's channel for live streams, beside the caches' data_changes. */
export const LIVE_EVENTS_CHANNEL = "live_events";
/** Said to every stream when the listener is back after a loss: changes meanwhile were not heard, so all look again. */
export const EVERY_STREAM = "*";

/**
 * This process's mark on what it publishes: it has emitted its own changes already, so the change
 * listener leaves their echo from PostgreSQL out, and each change is read once per server.
 */
const thisProcess = randomUUID();

/** Tells the other app servers, when the transaction commits, that a stream changed. */
export async function publishLive(db: Queryable, stream: string): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${`${thisProcess} ${stream}`})`);
}

/** The stream a notification names, unless this process published it (and has emitted it already). */
export function streamFromElsewhere(payload: string): string | null {
  const space = payload.indexOf(" ");
  if (space < 0) return null;
  return payload.slice(0, space) === thisProcess ? null : payload.slice(space + 1);
}

/** Tells this process's open streams, once the change is committed. */
export function emitLive(stream: string): void {
  liveEvents.emit("changed", stream);
}
