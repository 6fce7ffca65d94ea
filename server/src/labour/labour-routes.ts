import type { FastifyInstance } from "fastify";
import { Temporal } from "temporal-polyfill";
import { answerWith, formattingLocales, type Language, sentence } from "../../../contract/languages.ts";
import type { LabourLine, OnCallCalendar, StudioLabourAlert } from "../../../contract/labour.ts";
import type { Contraction } from "../../../contract/timer.ts";
import { accountsByIds, findUserById, type UserRow } from "../accounts/users-repository.ts";
import { plansSharedWithInstructor } from "../birth-plan/birth-plan-repository.ts";
import { type LabourRecord, labourRecords, notesForTeamOf, practiceDay, recordIdsBackedUpBy } from "../care/care-repository.ts";
import type { Queryable } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { liveStreams } from "../http/live-stream.ts";
import { requireDoula, requireMember } from "../http/signed-in-member.ts";
import { linkOf } from "../partners/partners-repository.ts";
import { latestSession } from "../timer/timer-repository.ts";
import { changed, doulaOnCall, type LabourDeps, nameOf, sendAlert, tellBackup } from "./labour-alerts.ts";
import {
  type AlertRow,
  addOffCall,
  alertByKey,
  deleteOffCall,
  findAlert,
  latestAlerts,
  markSeen,
  offCallOf,
  recentAlerts,
  recordStream,
  STUDIO_STREAM,
  toStatus,
} from "./labour-repository.ts";

const notHers = () => new HttpError(404, "There is no such alert on your labour line.");

/** The mother whose line the reader follows: herself, or on her partner's account, her. */
async function lineOwner(db: Queryable, reader: UserRow): Promise<number | undefined> {
  if (reader.joinedAs !== "partner") return reader.id;
  const link = await linkOf(db, reader.id);
  return link && link.partnerId === reader.id ? link.memberId : undefined;
}

/** The day her line opens: 36 weeks, or her on-call window's first day when that comes sooner. */
function lineOpens(record: LabourRecord): Temporal.PlainDate {
  const week36 = Temporal.PlainDate.from(record.dueDate).subtract({ weeks: 4 });
  const onCallFrom = Temporal.PlainDate.from(record.onCallFrom);
  return Temporal.PlainDate.compare(week36, onCallFrom) < 0 ? week36 : onCallFrom;
}

/**
 * From 36 weeks, or while her on-call window is open; not once her baby has arrived (her account
 * says so) or her care has moved past the birth. The server holds her press to it too.
 */
function lineOpen(record: LabourRecord, today: Temporal.PlainDate, babyArrived = false): boolean {
  if (babyArrived || record.stage === "closed" || record.stage === "postpartum") return false;
  return (
    Temporal.PlainDate.compare(today, lineOpens(record)) >= 0 &&
    Temporal.PlainDate.compare(today, Temporal.PlainDate.from(record.onCallUntil)) <= 0
  );
}

/** Her contractions of the last hour: how many, how long on average, how far apart (start to start). */
export function lastHour(contractions: Contraction[], now: Date) {
  const since = now.getTime() - 60 * 60 * 1000;
  const recent = contractions
    .filter((contraction) => new Date(contraction.start).getTime() >= since)
    .sort((a, b) => a.start.localeCompare(b.start));
  const lengths = recent
    .filter((contraction) => contraction.end)
    .map((contraction) => (Date.parse(contraction.end!) - Date.parse(contraction.start)) / 1000);
  const gaps = recent.slice(1).map((contraction, index) => (Date.parse(contraction.start) - Date.parse(recent[index]!.start)) / 60_000);
  const average = (values: number[]) =>
    values.length === 0 ? null : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
  return { count: recent.length, average_seconds: average(lengths), average_interval_minutes: average(gaps) };
}

/** Why her press is refused: before her line opens (when it does), or after the birth. */
function closedLine(record: LabourRecord, today: Temporal.PlainDate, language: Language): HttpError {
  const opens = lineOpens(record);
  if (Temporal.PlainDate.compare(today, opens) < 0)
    return HttpError.withValues(
      409,
      "Your labour line opens on {day}, at 36 weeks. If you think labour has started before then, call your midwife or the hospital now; you can also write to your doula in your client space.",
      { day: opens.toLocaleString(formattingLocales[language], { dateStyle: "long" }) },
    );
  return new HttpError(
    409,
    "Your labour line is closed now that your baby has arrived. Write to your doula in your client space, or call your midwife or the hospital if you are worried.",
  );
}

/** Her side (docs/labour-line.md): the line on /timer and /home, the press, and its status, live. */
export async function labourRoutes(app: FastifyInstance, deps: LabourDeps) {
  const { db, clock } = deps;
  const openStream = liveStreams(app);

  /** Her record (hers, or the mother's on her partner's account), or a 404 that says nothing of anyone else's. */
  const recordFor = async (reader: UserRow, recordId: number) => {
    const owner = await lineOwner(db, reader);
    const [record] = owner === undefined ? [] : await labourRecords(db, { recordId, memberId: owner });
    if (!record) throw new HttpError(404, "There is no such care record in your account.");
    return record;
  };

  route(app, "labourLine", async (_input, request): Promise<LabourLine> => {
    const reader = requireMember(request);
    const owner = await lineOwner(db, reader);
    const records = owner === undefined ? [] : await labourRecords(db, { memberId: owner });
    const now = clock.now();
    // Her dates are days of the practice (care/practice-day.ts), as her on-call window is written.
    const [{ offCall }, latest, today] = await Promise.all([
      doulaOnCall(db, now),
      latestAlerts(
        db,
        records.map((record) => record.id),
      ),
      practiceDay(db, now),
    ]);
    const backups = await accountsByIds(
      db,
      records.flatMap((record) => (record.backupUserId === null ? [] : [record.backupUserId])),
    );
    const mother = owner !== undefined && owner !== reader.id ? await findUserById(db, owner) : undefined;
    return {
      records: records.map((record) => {
        const backup = record.backupUserId === null ? undefined : backups.get(record.backupUserId);
        const latestAlert = latest.get(record.id);
        return {
          id: record.id,
          open: lineOpen(record, today, (mother ?? reader).babyArrived),
          on_call: offCall && backup ? nameOf(backup) : deps.practice.now(request.language).doulaName,
          doula_off_call: offCall && backup !== undefined,
          latest: latestAlert ? toStatus(latestAlert) : null,
        };
      }),
      for_partner_of: mother ? (mother.firstName ?? nameOf(mother)) : null,
    };
  });

  route(app, "sendLabourAlert", async ({ params: { id }, body }, request, reply) => {
    const member = requireMember(request);
    const record = await recordFor(member, id);
    if (record.stage === "closed") throw new HttpError(403, "Your care with your doula has ended, so the labour line is closed.");
    const today = await practiceDay(db, clock.now());
    if (!lineOpen(record, today, member.babyArrived)) {
      // A retry of an alert she sent while the line was open is still that alert.
      const sent = body.key ? await alertByKey(db, record.id, body.key) : undefined;
      if (!sent) throw closedLine(record, today, request.language);
    }
    const alert = await sendAlert(deps, record, member.id, body);
    return reply.code(201).send({
      id: alert.id,
      message: answerWith("Sent to {names}. You will see here when it has been seen.", { names: alert.told.join(", ") }),
    });
  });

  const alertOf = async (reader: UserRow, recordId: number, alertId: number) => {
    const record = await recordFor(reader, recordId).catch(() => {
      throw notHers();
    });
    const alert = await findAlert(db, alertId, record.id);
    if (!alert) throw notHers();
    return alert;
  };

  route(app, "labourAlert", async ({ params: { id, alertId } }, request) => toStatus(await alertOf(requireMember(request), id, alertId)));

  route(app, "labourAlertEvents", async ({ params: { id, alertId } }, request, reply) => {
    const reader = requireMember(request);
    await alertOf(reader, id, alertId);
    return openStream(request, reply, {
      hears: (stream) => stream === recordStream(id),
      refresh: async (write) => {
        const alert = await findAlert(db, alertId, id);
        write(alert ? `event: status\ndata: ${JSON.stringify(toStatus(alert))}\n\n` : "event: changed\ndata: {}\n\n");
      },
    });
  });
}

/** The doulas' side: the alert page, I've seen it, Hand to my backup; and her periods off call. */
export async function labourStudioRoutes(app: FastifyInstance, deps: LabourDeps) {
  const { db, clock } = deps;
  const openStream = liveStreams(app);

  /** What a doula may see: every alert for the instructor; for a team doula, those that came to her as backup. */
  const sharedWith = async (doula: UserRow) => (doula.role === "admin" ? undefined : await recordIdsBackedUpBy(db, doula.id));

  const visible = async (doula: UserRow, alertId: number): Promise<AlertRow> => {
    const alert = await findAlert(db, alertId);
    const shared = await sharedWith(doula);
    if (!alert || (shared && (!shared.includes(alert.recordId) || alert.backupToldAt === null)))
      throw new HttpError(404, "There is no such alert among those that came to you.");
    return alert;
  };

  const details = async (doula: UserRow, alert: AlertRow): Promise<StudioLabourAlert> => {
    const [record] = await labourRecords(db, { recordId: alert.recordId });
    const session = await latestSession(db, alert.memberId);
    const shared = await plansSharedWithInstructor(db, [alert.memberId]);
    const backup = record?.backupUserId == null ? undefined : await findUserById(db, record.backupUserId);
    return {
      ...toStatus(alert),
      record_id: alert.recordId,
      name: record?.name ?? "",
      email: record?.email ?? null,
      due_date: record?.dueDate ?? "",
      note: alert.note,
      phone: alert.phone,
      address: alert.address,
      timer_last_hour: lastHour(session?.contractions ?? [], clock.now()),
      birth_preferences_shared: shared.has(alert.memberId),
      can_hand_over: doula.role === "admin" && backup !== undefined && alert.backupToldAt === null,
      backup: backup ? nameOf(backup) : null,
    };
  };

  route(app, "studioLabourAlerts", async (_input, request) => {
    const doula = requireDoula(request);
    const since = new Date(clock.now().getTime() - 48 * 60 * 60 * 1000);
    const alerts = await recentAlerts(db, since, await sharedWith(doula));
    return { alerts: await Promise.all(alerts.map((alert) => details(doula, alert))) };
  });

  route(app, "studioLabourAlert", async ({ params: { alertId } }, request) => {
    const doula = requireDoula(request);
    return details(doula, await visible(doula, alertId));
  });

  route(app, "studioLabourEvents", async (_input, request, reply) => {
    requireDoula(request);
    return openStream(request, reply, {
      hears: () => false,
      staleOn: (stream) => stream === STUDIO_STREAM,
      refresh: async () => {},
      first: (write) => write("event: ready\ndata: {}\n\n"),
    });
  });

  route(app, "seeLabourAlert", async ({ params: { alertId } }, request) => {
    const doula = requireDoula(request);
    const alert = await visible(doula, alertId);
    const seen = await markSeen(
      db,
      alert.id,
      { id: doula.id, name: doula.role === "admin" ? deps.practice.now().doulaName : nameOf(doula) },
      clock.now(),
    );
    if (!seen) return { message: answerWith("{name} had seen it already.", { name: alert.seenByName ?? "" }) };
    changed(alert.recordId);
    return { message: sentence("She sees now that you have seen it. Call her when you can.") };
  });

  route(app, "handLabourAlertToBackup", async ({ params: { alertId } }, request) => {
    requireDoula(request);
    const alert = await findAlert(db, alertId);
    if (!alert) throw new HttpError(404, "There is no such alert among those that came to you.");
    const outcome = await db.transaction((tx) => tellBackup(deps, tx, alert));
    if (outcome === "no_backup") throw new HttpError(409, "She has no backup doula. Choose one on her page in Studio → Clients.");
    if (outcome === "told") {
      changed(alert.recordId);
      deps.sender.wake();
    }
    return {
      message:
        outcome === "told" ? sentence("Her backup doula is told, by push and by mail.") : sentence("Her backup doula was told already."),
    };
  });

  // The on-call calendar: what a team doula needs to cover for the doula, and no more (docs/labour-line.md).
  route(app, "onCallCalendar", async (_input, request): Promise<OnCallCalendar> => {
    const doula = requireDoula(request);
    const now = clock.now();
    const shared = await sharedWith(doula);
    const records = (await labourRecords(db, shared ? { recordIds: shared } : {}))
      .filter((record) => record.stage !== "closed")
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
    const memberIds = records.flatMap((record) => (record.memberId === null ? [] : [record.memberId]));
    const [{ doulas }, notes, plans, backups] = await Promise.all([
      doulaOnCall(db, now),
      notesForTeamOf(
        db,
        records.map((record) => record.id),
      ),
      plansSharedWithInstructor(db, memberIds),
      accountsByIds(
        db,
        records.flatMap((record) => (record.backupUserId === null ? [] : [record.backupUserId])),
      ),
    ]);
    const periods = (await Promise.all(doulas.map((one) => offCallOf(db, one.id, now)))).flat();
    return {
      off_call: periods
        .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
        .map((period) => ({ from: period.startsAt.toISOString(), until: period.endsAt.toISOString() })),
      clients: records.map((record) => {
        const backup = record.backupUserId === null ? undefined : backups.get(record.backupUserId);
        return {
          record_id: record.id,
          name: record.name,
          due_date: record.dueDate,
          on_call_from: record.onCallFrom,
          on_call_until: record.onCallUntil,
          stage: record.stage,
          backup: backup ? nameOf(backup) : null,
          birth_preferences_shared: record.memberId !== null && plans.has(record.memberId),
          shared_notes: (notes.get(record.id) ?? []).map((note) => ({
            text: note.text,
            written_at: note.writtenAt.toISOString(),
            with_her: note.withHer,
          })),
        };
      }),
    };
  });

  route(app, "offCallPeriods", async (_input, request) => ({
    periods: (await offCallOf(db, request.member!.id, clock.now())).map((period) => ({
      id: period.id,
      from: period.startsAt.toISOString(),
      until: period.endsAt.toISOString(),
    })),
  }));

  route(app, "addOffCall", async ({ body }, request, reply) => {
    const id = await addOffCall(db, request.member!.id, { from: new Date(body.from), until: new Date(body.until) });
    return reply
      .code(201)
      .send({ id, message: sentence("You are off call then: your clients' alerts go straight to their backup doula.") });
  });

  route(app, "deleteOffCall", async ({ params: { id } }, request) => {
    if (!(await deleteOffCall(db, request.member!.id, id))) throw new HttpError(404, "There is no such period off call.");
    return { message: sentence("That period off call is gone: alerts come to you then.") };
  });
}
