import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { LabourAlertStatus } from "../../../contract/labour.ts";
import type { Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { labourAlerts, offCallPeriods } from "./labour-schema.ts";

export type AlertRow = typeof labourAlerts.$inferSelect;

/** The live streams an alert's change names: her record's (her page, her partner's) and the doulas'. */
export const recordStream = (recordId: number) => `labour:record:${recordId}`;
export const STUDIO_STREAM = "labour:studio";

export function toStatus(alert: AlertRow): LabourAlertStatus {
  return {
    id: alert.id,
    kind: alert.kind,
    sent_at: alert.sentAt.toISOString(),
    status: alert.seenAt ? "seen" : "sent",
    seen_by: alert.seenByName,
    seen_at: alert.seenAt?.toISOString() ?? null,
    told: alert.told,
  };
}

export async function findAlert(db: Queryable, alertId: number, recordId?: number): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(labourAlerts)
    .where(and(eq(labourAlerts.id, alertId), recordId === undefined ? undefined : eq(labourAlerts.recordId, recordId)));
  return row;
}

export async function alertByKey(db: Queryable, recordId: number, key: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(labourAlerts)
    .where(and(eq(labourAlerts.recordId, recordId), eq(labourAlerts.clientKey, key)));
  return row;
}

/** The newest alert of each record. */
export async function latestAlerts(db: Queryable, recordIds: number[]): Promise<Map<number, AlertRow>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([labourAlerts.recordId])
    .from(labourAlerts)
    .where(inArray(labourAlerts.recordId, recordIds))
    .orderBy(labourAlerts.recordId, desc(labourAlerts.sentAt), desc(labourAlerts.id));
  return new Map(rows.map((row) => [row.recordId, row]));
}

/** Alerts since `since`, newest first; for a team doula only those of her records that came to her. */
export async function recentAlerts(db: Queryable, since: Date, onlyToldBackupOf?: number[]): Promise<AlertRow[]> {
  if (onlyToldBackupOf?.length === 0) return [];
  return db
    .select()
    .from(labourAlerts)
    .where(
      and(
        gte(labourAlerts.sentAt, since),
        onlyToldBackupOf ? and(inArray(labourAlerts.recordId, onlyToldBackupOf), sql`${labourAlerts.backupToldAt} is not null`) : undefined,
      ),
    )
    .orderBy(desc(labourAlerts.sentAt));
}

/** The first doula to press I've seen it; null when someone had already. */
export async function markSeen(db: Queryable, alertId: number, by: { id: number; name: string }, now: Date): Promise<AlertRow | null> {
  const [row] = await db
    .update(labourAlerts)
    .set({ seenAt: now, seenBy: by.id, seenByName: by.name })
    .where(and(eq(labourAlerts.id, alertId), isNull(labourAlerts.seenAt)))
    .returning();
  return row ?? null;
}

/** Tells the backup once: her name joins those told. Null when she was told already. */
export async function markBackupTold(db: Queryable, alertId: number, backupName: string, now: Date): Promise<AlertRow | null> {
  const [row] = await db
    .update(labourAlerts)
    .set({ backupToldAt: now, escalatedAt: now, told: sql`array_append(${labourAlerts.told}, ${backupName})` })
    .where(and(eq(labourAlerts.id, alertId), isNull(labourAlerts.backupToldAt)))
    .returning();
  return row ?? null;
}

/**
 * Claims the alerts unseen since `cutoff` for escalation, each once across servers (the
 * conditional UPDATE): the caller tells each one's backup, or finds she has none.
 */
export async function claimUnseenSince(db: Queryable, cutoff: Date, now: Date): Promise<AlertRow[]> {
  return db
    .update(labourAlerts)
    .set({ escalatedAt: now })
    .where(and(isNull(labourAlerts.seenAt), isNull(labourAlerts.escalatedAt), lte(labourAlerts.sentAt, cutoff)))
    .returning();
}

/** Whether any of these doulas is off call at `now`. */
export async function offCallAt(db: Queryable, userIds: number[], now: Date): Promise<boolean> {
  if (userIds.length === 0) return false;
  const [row] = await db
    .select({ id: offCallPeriods.id })
    .from(offCallPeriods)
    .where(and(inArray(offCallPeriods.userId, userIds), lte(offCallPeriods.startsAt, now), gt(offCallPeriods.endsAt, now)))
    .limit(1);
  return Boolean(row);
}

export async function offCallOf(db: Queryable, userId: number, now: Date) {
  return db
    .select()
    .from(offCallPeriods)
    .where(and(eq(offCallPeriods.userId, userId), gt(offCallPeriods.endsAt, now)))
    .orderBy(asc(offCallPeriods.startsAt));
}

export async function addOffCall(db: Queryable, userId: number, period: { from: Date; until: Date }): Promise<number> {
  const [row] = await db
    .insert(offCallPeriods)
    .values({ userId, startsAt: period.from, endsAt: period.until })
    .returning({ id: offCallPeriods.id });
  return row!.id;
}

export async function deleteOffCall(db: Queryable, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(offCallPeriods)
    .where(and(eq(offCallPeriods.id, id), eq(offCallPeriods.userId, userId)))
    .returning({ id: offCallPeriods.id });
  return gone.length > 0;
}

/** Her alerts in "Download my data"; deleted with her account (ON DELETE CASCADE), and with her care record. */
export const labourPersonalData = (db: Queryable): PersonalData => ({
  key: "labour_alerts",
  export: async (member) =>
    (await db.select().from(labourAlerts).where(eq(labourAlerts.memberId, member.id)).orderBy(asc(labourAlerts.sentAt))).map((alert) => ({
      ...toStatus(alert),
      note: alert.note,
      phone: alert.phone,
      address: alert.address,
    })),
});
