import { and, count, eq, gt, sql } from "drizzle-orm";
import { sentence, sourceLanguage } from "../../../contract/languages.ts";
import type { LabourAlertRequest, LabourKind } from "../../../contract/labour.ts";
import { accountLanguage, findUserById, fullName, instructorAccounts, type UserRow } from "../accounts/users-repository.ts";
import type { LabourRecord } from "../care/care-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { emitLive, publishLive } from "../db/live-events.ts";
import { HttpError } from "../http/errors.ts";
import { translatorFor } from "../language/catalogues.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { type MailContext, inLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { queuePushes } from "../push/push-repository.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { labourAlerts } from "./labour-schema.ts";
import { labourAlertMail, whatHappened } from "./labour-mails.ts";
import {
  type AlertRow,
  alertByKey,
  claimUnseenSince,
  markBackupTold,
  offCallAt,
  recordStream,
  STUDIO_STREAM,
} from "./labour-repository.ts";
import { labourRecords } from "../care/care-repository.ts";
import type { PracticeNames } from "../lib/practice-names.ts";
import { notifyStudio } from "../notifications/notifications-repository.ts";

/** Presses of one record in an hour that reach the doula: a seventh is refused with a sentence (429). */
export const ALERTS_PER_HOUR = 6;
const HOUR_MS = 60 * 60 * 1000;

export type LabourDeps = {
  db: Database;
  clock: Clock;
  mail: MailContext;
  sender: MailSender;
  /** Her name as she set it (Studio → Site): who is told, as her client reads it. */
  practice: PracticeNames;
  escalateMinutes: number;
};

export const nameOf = (account: UserRow) => fullName(account) || account.email;

/** Her doula's accounts (the instructors), and whether she is off call now. */
export async function doulaOnCall(db: Queryable, now: Date) {
  const doulas = await instructorAccounts(db);
  return {
    doulas,
    offCall: await offCallAt(
      db,
      doulas.map((doula) => doula.id),
      now,
    ),
  };
}

/**
 * Her backup as the labour line may tell her: a doula of the team now (role `team`) whose account is
 * not paused. One removed from the team or paused since she was chosen is told nothing of her client.
 */
async function currentBackup(db: Queryable, backupUserId: number | null | undefined): Promise<UserRow | undefined> {
  const backup = backupUserId == null ? undefined : await findUserById(db, backupUserId);
  return backup && backup.role === "team" && backup.deactivatedAt === null ? backup : undefined;
}

/** Mail and push to each doula told, in her own language; the alert page opens from either. */
async function tell(deps: LabourDeps, tx: Queryable, alert: AlertRow, record: LabourRecord, doulas: UserRow[], asBackup: boolean) {
  for (const doula of doulas) {
    const language = accountLanguage(doula, sourceLanguage);
    await queueMail(
      tx,
      labourAlertMail(
        doula.email,
        { id: alert.id, kind: alert.kind, name: record.name, note: alert.note, phone: alert.phone, dueDate: record.dueDate, asBackup },
        inLanguage(deps.mail, language),
      ),
    );
  }
  await queuePushes(
    tx,
    doulas.map((doula) => {
      const i18n = translatorFor(accountLanguage(doula, sourceLanguage));
      return {
        userId: doula.id,
        kind: "labour_alerts" as const,
        message: {
          title: whatHappened(i18n, alert.kind, record.name),
          body: alert.note || (asBackup ? i18n._("You are told as her backup doula.") : i18n._("Open to see her details and call her.")),
          url: `/studio/labour/${alert.id}`,
          tag: `labour-${alert.id}`,
          locked: { title: i18n._("Labour line"), body: i18n._("A client needs you. Open to see who.") },
        },
      };
    }),
    alert.sentAt,
    // A labour alert is worth little after a day; the push service keeps it that long for a phone that is off.
    24 * 60 * 60 * 1000,
  );
  await publishLive(tx, recordStream(record.id));
  await publishLive(tx, STUDIO_STREAM);
}

/** What this process's open streams hear once a change has committed (other servers hear it through PostgreSQL). */
export function changed(recordId: number) {
  emitLive(recordStream(recordId));
  emitLive(STUDIO_STREAM);
}

/**
 * One press of Tell my doula: to her doula, or straight to her backup when the doula is off call
 * (and she has one). A key made on her phone keeps a repeated send to one alert.
 */
export async function sendAlert(deps: LabourDeps, record: LabourRecord, memberId: number, request: LabourAlertRequest): Promise<AlertRow> {
  if (request.key) {
    const existing = await alertByKey(deps.db, record.id, request.key);
    if (existing) return existing;
  }
  const now = deps.clock.now();
  const created = await deps.db.transaction(async (tx) => {
    // Her record's alerts are counted and written one at a time on every server (a lock per record), so the limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('labour_alerts'), ${record.id})`);
    const [recent] = await tx
      .select({ sent: count() })
      .from(labourAlerts)
      .where(and(eq(labourAlerts.recordId, record.id), gt(labourAlerts.sentAt, new Date(now.getTime() - HOUR_MS))));
    if ((recent?.sent ?? 0) >= ALERTS_PER_HOUR)
      throw HttpError.withValues(
        429,
        "Your doula has had {count} alerts from you in the last hour, and each one reached her. Please call her now, or call your midwife or the hospital.",
        { count: ALERTS_PER_HOUR },
        { headers: { "retry-after": "600" } },
      );
    const { doulas, offCall } = await doulaOnCall(tx, now);
    // Off call without a backup who may be told: the alert reaches the doula, never nobody.
    const backup = await currentBackup(tx, record.backupUserId);
    const straightToBackup = offCall && backup !== undefined;
    const told = straightToBackup ? [backup] : doulas;
    const [alert] = await tx
      .insert(labourAlerts)
      .values({
        recordId: record.id,
        memberId,
        kind: request.kind as LabourKind,
        note: request.note ?? "",
        phone: request.phone ?? "",
        address: request.address ?? "",
        clientKey: request.key ?? null,
        sentAt: now,
        backupFirst: straightToBackup,
        told: straightToBackup ? [nameOf(backup)] : [deps.practice.now().doulaName],
        backupToldAt: straightToBackup ? now : null,
        escalatedAt: straightToBackup ? now : null,
      })
      .onConflictDoNothing()
      .returning();
    // The same key at the same moment from a second tab: the first one's alert is hers.
    if (!alert) return null;
    await tell(deps, tx, alert, record, told, straightToBackup);
    const pressed = { labour: sentence("{name}: labour has started"), waters: sentence("{name}: her waters have broken") } as const;
    await notifyStudio(
      tx,
      {
        kind: "labour_alert",
        key: `labour-alert:${alert.id}`,
        message: alert.kind in pressed ? pressed[alert.kind as keyof typeof pressed] : sentence("{name} asks you to call her"),
        values: { name: record.name },
        link: `/studio/labour/${alert.id}`,
        about: memberId,
      },
      now,
    );
    return alert;
  });
  if (!created) {
    const existing = request.key ? await alertByKey(deps.db, record.id, request.key) : undefined;
    if (!existing) throw new HttpError(409, "That alert was sent at the same moment from another tab; please look again.");
    return existing;
  }
  changed(record.id);
  deps.sender.wake();
  return created;
}

/** Tells her backup (the doula's Hand to my backup, or escalation); false when she has none or was told. */
export async function tellBackup(deps: LabourDeps, tx: Queryable, alert: AlertRow): Promise<"told" | "no_backup" | "told_already"> {
  const [record] = await labourRecords(tx, { recordId: alert.recordId });
  const backup = await currentBackup(tx, record?.backupUserId);
  if (!record || !backup) return "no_backup";
  const updated = await markBackupTold(tx, alert.id, nameOf(backup), deps.clock.now());
  if (!updated) return "told_already";
  await tell(deps, tx, updated, record, [backup], true);
  return "told";
}

/**
 * Escalation: an alert unseen for LABOUR_ESCALATE_MINUTES goes to her backup as well, once
 * (claimed by one server's conditional UPDATE), and her page says who was told.
 */
export function labourEscalation(deps: LabourDeps): TimedWork {
  return {
    name: "labour line: escalation",
    everyMs: 15_000,
    run: async () => {
      const now = deps.clock.now();
      const cutoff = new Date(now.getTime() - deps.escalateMinutes * 60_000);
      const records = await deps.db.transaction(async (tx) => {
        const claimed = await claimUnseenSince(tx, cutoff, now);
        const toldFor: number[] = [];
        for (const alert of claimed) if ((await tellBackup(deps, tx, alert)) === "told") toldFor.push(alert.recordId);
        return toldFor;
      });
      for (const recordId of records) changed(recordId);
      if (records.length > 0) deps.sender.wake();
    },
  };
}
