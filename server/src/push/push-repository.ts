import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { ParsedRequestOf, PushKind } from "../../../contract/api.ts";

type PushSubscriptionSave = ParsedRequestOf<"savePushSubscription">["body"];
import type { Database, Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { publishLive } from "../db/live-events.ts";
import { pushOutbox, pushSubscriptions } from "./push-schema.ts";

/** The live stream a queued push names, so that every server's sender looks at once (push-sender.ts). */
export const PUSH_QUEUED = "push:queued";

/**
 * What one person's devices are told. `locked` is what a locked screen shows instead, unless the
 * device allows previews: no health detail ("Message from your doula") where anyone can read it.
 */
export type PushMessage = {
  title: string;
  body: string;
  /** The page a tap opens, a path of this site ("/care"). */
  url: string;
  /** Notifications with one tag replace each other on a device (one per alert, not a pile). */
  tag: string;
  locked?: { title: string; body: string };
};

export type Push = { userId: number; kind: PushKind; message: PushMessage };

/**
 * Queues each push for every device of its person that chose its kind. Call it inside the
 * transaction of the action it is about: the push exists exactly when the action happened, and
 * the sender delivers it afterwards, within seconds, on whichever server claims it first.
 */
export async function queuePushes(db: Queryable, pushes: Push[], now: Date, lifetimeMs = 24 * 60 * 60 * 1000): Promise<number> {
  if (pushes.length === 0) return 0;
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.userId,
        pushes.map((push) => push.userId),
      ),
    );
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  const rows = pushes.flatMap(({ userId, kind, message }) =>
    devices
      .filter((device) => device.userId === userId && device.kinds.includes(kind))
      .map((device) => {
        const shown = device.previews || !message.locked ? message : { ...message, ...message.locked };
        return {
          subscriptionId: device.id,
          kind,
          payload: { title: shown.title, body: shown.body, url: message.url, tag: message.tag },
          expiresAt,
        };
      }),
  );
  if (rows.length === 0) return 0;
  await db.insert(pushOutbox).values(rows);
  await publishLive(db, PUSH_QUEUED);
  return rows.length;
}

/** Keeps a device's subscription (a browser sends the same endpoint again when she changes her choices). */
/** Devices one account may have notifications on: a new one past this replaces the one least recently turned on. */
export const DEVICES_PER_ACCOUNT = 10;

export async function saveSubscription(
  db: Database,
  userId: number,
  sessionHash: string,
  subscription: PushSubscriptionSave,
  now: Date,
): Promise<void> {
  const values = {
    userId,
    sessionHash,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    kinds: subscription.kinds,
    previews: subscription.previews,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    // One device, one subscription: signed in as someone else, the device is theirs now.
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, endpoint: subscription.endpoint })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(DEVICES_PER_ACCOUNT);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Turns a device off; only its own person's. */
export async function deleteSubscription(db: Queryable, userId: number, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** How many devices of these people would be told about `kind` (an alert says whether anyone got a push). */
export async function devicesFor(db: Queryable, userIds: number[], kind: PushKind): Promise<number> {
  if (userIds.length === 0) return 0;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, userIds), sql`${kind} = any(${pushSubscriptions.kinds})`));
  return row?.count ?? 0;
}

/** Her devices in "Download my data" (the push service, not its address); deleted with her account by ON DELETE CASCADE. */
export const pushPersonalData = (db: Queryable): PersonalData => ({
  key: "notification_devices",
  // A new password may be because someone else had the old one: every device is turned off, hers
  // too, and she turns this one on again if she wants it.
  passwordChanged: async (tx, member) => {
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id));
  },
  export: async (member) =>
    (await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))).map((device) => ({
      push_service: new URL(device.endpoint).origin,
      kinds: device.kinds,
      previews: device.previews,
      turned_on_at: device.createdAt.toISOString(),
    })),
});
