import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import webPush from "web-push";
import type { PushConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { liveEvents } from "../db/live-events.ts";
import type { Clock } from "../lib/clock.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { PUSH_QUEUED } from "./push-repository.ts";
import { pushKeys, pushOutbox, pushSubscriptions } from "./push-schema.ts";
import { isAllowedPushService } from "./push-services.ts";

type Log = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

const BATCH = 20;
// While a server holds a push, no other takes it; if it dies meanwhile, the push is due again after this.
const CLAIM_MS = 60_000;
const FIRST_RETRY_MS = 15_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
const PUSH_SERVICE_PATIENCE_MS = 10_000;

export type PushDeps = { db: Database; clock: Clock; push: PushConfig; contactEmail: string; log: Log };

/**
 * The site's VAPID key pair: the one configuration gives, or the one in the database, made at the
 * first start that needed it (every server then agrees on it, as the browsers' subscriptions name it).
 */
export async function vapidKeys(db: Database, push: PushConfig): Promise<{ publicKey: string; privateKey: string }> {
  if (push.vapid) return push.vapid;
  const [kept] = await db.select().from(pushKeys);
  if (kept) return kept;
  const made = webPush.generateVAPIDKeys();
  await db
    .insert(pushKeys)
    .values({ id: 1, ...made })
    .onConflictDoNothing();
  const [agreed] = await db.select().from(pushKeys);
  return agreed ?? made;
}

/**
 * Delivers the push outbox: each push claimed by one server (FOR UPDATE SKIP LOCKED) before it
 * is sent, encrypted for its device (RFC 8291, aes128gcm) and signed with VAPID (RFC 8292) by
 * the web-push library, and posted with fetch, never following a redirect. A 404 or 410 means the
 * browser dropped the subscription: it is deleted. Runs every second on every server, and at once
 * when a push is queued (the live-events channel).
 */
export function pushDelivery(deps: PushDeps): TimedWork & { wakeOnQueued: () => () => void } {
  let running: Promise<void> | undefined;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = deliverDue(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, "push: could not read the outbox; trying again shortly"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  const heard = (stream: string) => {
    if (stream === PUSH_QUEUED) void run();
  };
  return {
    name: "push: delivery",
    everyMs: 1000,
    run,
    // Listens for a queued push on any server; the returned function stops listening (the app's close).
    wakeOnQueued: () => {
      liveEvents.on("changed", heard);
      return () => void liveEvents.off("changed", heard);
    },
  };
}

async function deliverDue(deps: PushDeps): Promise<void> {
  let keys: { publicKey: string; privateKey: string } | undefined;
  for (;;) {
    const claimed = await claim(deps.db);
    if (claimed.length === 0) return;
    keys ??= await vapidKeys(deps.db, deps.push);
    for (const item of claimed) await deliver(deps, keys, item);
  }
}

function claim(db: Database) {
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(eq(pushOutbox.status, "pending"), lte(pushOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(pushOutbox.id))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(pushOutbox)
    .set({ attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
    .where(inArray(pushOutbox.id, due))
    .returning();
}

async function deliver(deps: PushDeps, keys: { publicKey: string; privateKey: string }, item: typeof pushOutbox.$inferSelect) {
  const { db, clock, log } = deps;
  const record = (changes: PgUpdateSetSource<typeof pushOutbox>) => db.update(pushOutbox).set(changes).where(eq(pushOutbox.id, item.id));
  const [device] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, item.subscriptionId));
  if (!device) return;
  const secondsLeft = Math.floor((item.expiresAt.getTime() - clock.now().getTime()) / 1000);
  // The allow-list is read again at each send: a service taken off PUSH_SERVICES is not reached.
  if (secondsLeft <= 0 || !isAllowedPushService(device.endpoint, deps.push.services)) {
    await record({ status: "failed", lastError: secondsLeft <= 0 ? "expired before it could be delivered" : "push service not allowed" });
    return;
  }
  const details = { pushId: item.id, kind: item.kind, service: new URL(device.endpoint).origin };
  try {
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(item.payload),
      {
        vapidDetails: { subject: `mailto:${deps.contactEmail}`, ...keys },
        TTL: secondsLeft,
        contentEncoding: "aes128gcm",
        urgency: item.kind === "labour_alerts" ? "high" : "normal",
        topic: topicOf(item.payload.tag),
      },
    );
    const answer = await fetch(device.endpoint, {
      method: "POST",
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body as Buffer),
      redirect: "manual",
      signal: AbortSignal.timeout(PUSH_SERVICE_PATIENCE_MS),
    });
    await answer.body?.cancel();
    if (answer.status >= 200 && answer.status < 300) {
      await record({ status: "sent", sentAt: clock.now(), lastError: null });
      log.info(details, "push sent");
    } else if (answer.status === 404 || answer.status === 410) {
      // The browser unsubscribed (or the subscription lapsed): forget the device and what was queued for it.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      log.info(details, "push subscription gone; the device is forgotten");
    } else if (answer.status === 429 || answer.status >= 500) {
      await retry(record, item, `push service answered ${answer.status}`, log, details);
    } else {
      await record({ status: "failed", lastError: `push service answered ${answer.status}` });
      log.warn({ ...details, status: answer.status }, "push refused by the push service");
    }
  } catch (error) {
    await retry(record, item, error instanceof Error ? error.message.slice(0, 300) : "unknown error", log, details);
  }
}

async function retry(
  record: (changes: PgUpdateSetSource<typeof pushOutbox>) => Promise<unknown>,
  item: typeof pushOutbox.$inferSelect,
  reason: string,
  log: Log,
  details: object,
) {
  const delayMs = Math.min(FIRST_RETRY_MS * 2 ** (item.attempts - 1), LONGEST_RETRY_MS);
  await record({ nextAttemptAt: sql`now() + ${`${delayMs} milliseconds`}::interval`, lastError: reason });
  log.warn({ ...details, reason, retryInSeconds: Math.round(delayMs / 1000) }, "push not delivered; it is tried again");
}

/** RFC 8030's Topic (up to 32 URL-safe characters): a newer push with the same tag replaces one still waiting. */
function topicOf(tag: string): string | undefined {
  const topic = tag.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 32);
  return topic || undefined;
}
