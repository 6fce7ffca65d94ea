import { Temporal } from "temporal-polyfill";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ParsedRequestOf } from "../../../contract/api.ts";
import type { StudioBooking, StudioService } from "../../../contract/studio/calendar.ts";
import { listSubmissions } from "../forms/forms-repository.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { type BookingDeps, cancel, offerPlace } from "./booking-actions.ts";
import {
  allDueMonths,
  type BookingRow,
  bookingsBetween,
  findBooking,
  insertService,
  listServices,
  readHours,
  saveHours,
  type ServiceFields,
  type ServiceRow,
  setFeedToken,
  setPlaces,
  takenByMonth,
  updateBooking,
  updateService,
  waitlistOf,
} from "./bookings-repository.ts";
import { isoWithOffset } from "./free-times.ts";

const serviceFields = (input: ParsedRequestOf<"createCalendarService">["body"]): ServiceFields => ({
  name: input.name,
  description: input.description,
  durationMinutes: input.duration_minutes,
  priceMinor: input.price,
  currency: input.currency,
  who: input.who,
  bufferBeforeMinutes: input.buffer_before_minutes,
  bufferAfterMinutes: input.buffer_after_minutes,
  minNoticeHours: input.min_notice_hours,
  maxDaysAhead: input.max_days_ahead,
  capPerDay: input.cap_per_day,
  capPerWeek: input.cap_per_week,
  cancelCutoffHours: input.cancel_cutoff_hours,
  refundBeforeCutoff: input.refund_before_cutoff,
  birthSupport: input.birth_support,
  locationKind: input.location.kind,
  location: input.location.detail,
  hidden: input.hidden,
});

const toStudioService = (service: ServiceRow): StudioService => ({
  id: service.id,
  name: service.name,
  description: service.description,
  duration_minutes: service.durationMinutes,
  price: service.priceMinor,
  currency: service.currency,
  who: service.who,
  buffer_before_minutes: service.bufferBeforeMinutes,
  buffer_after_minutes: service.bufferAfterMinutes,
  min_notice_hours: service.minNoticeHours,
  max_days_ahead: service.maxDaysAhead,
  cap_per_day: service.capPerDay,
  cap_per_week: service.capPerWeek,
  cancel_cutoff_hours: service.cancelCutoffHours,
  refund_before_cutoff: service.refundBeforeCutoff,
  birth_support: service.birthSupport,
  location: { kind: service.locationKind, detail: service.location },
  hidden: service.hidden,
});

/**
 * The instructor's calendar in the studio (/studio/calendar). Registered inside the studio's
 * guarded scope (a studio area of the bookings' manifest), so only she reaches it.
 */
/**
 * What the calendar shows of another feature's, services of other capabilities, so bookings need
 * not know them: which of these members share their birth preferences with the instructor (a booking
 * then links her plan's PDF).
 */
export type CalendarStudioOptions = BookingDeps & {
  plansSharedWithInstructor: (userIds: number[]) => Promise<Set<number>>;
  /** Her birth clients' on-call windows touching these days (the `onCallWindows` service of her clients' manifest). */
  onCallWindows: (from: string, until: string) => Promise<{ recordId: number; client: string; from: string; until: string }[]>;
};

/** The weeks (Monday to Sunday) in which two or more windows are open at once. */
export function overlappingWeeks(windows: { from: string; until: string }[], from: string, until: string) {
  const weeks: { from: string; until: string; clients: number }[] = [];
  let monday = Temporal.PlainDate.from(from);
  monday = monday.subtract({ days: monday.dayOfWeek - 1 });
  const end = Temporal.PlainDate.from(until);
  for (; Temporal.PlainDate.compare(monday, end) <= 0; monday = monday.add({ weeks: 1 })) {
    const sunday = monday.add({ days: 6 }).toString();
    const clients = windows.filter((window) => window.from <= sunday && window.until >= monday.toString()).length;
    if (clients >= 2) weeks.push({ from: monday.toString(), until: sunday, clients });
  }
  return weeks;
}

export async function calendarStudioRoutes(app: FastifyInstance, deps: CalendarStudioOptions) {
  const { plansSharedWithInstructor } = deps;
  const { db } = deps;
  const zoneOf = async () => (await readHours(db))?.timeZone ?? "UTC";
  const servicesById = async () => new Map((await listServices(db, { visibleOnly: false })).map((service) => [service.id, service]));
  const toStudioBooking = (booking: BookingRow, service: ServiceRow, zone: string, plansShared: Set<number>): StudioBooking => ({
    id: booking.id,
    service_id: service.id,
    service_name: service.name,
    state: booking.state,
    start: isoWithOffset(booking.startsAt.getTime(), zone),
    end: isoWithOffset(booking.endsAt.getTime(), zone),
    name: booking.name,
    email: booking.email,
    due_date: booking.dueDate,
    note: booking.note,
    private_note: booking.privateNote,
    paid: booking.paymentIntentId !== null,
    member: booking.userId !== null,
    birth_plan_shared: booking.userId !== null && plansShared.has(booking.userId),
  });
  const oneBooking = async (booking: BookingRow) =>
    toStudioBooking(
      booking,
      (await servicesById()).get(booking.serviceId)!,
      await zoneOf(),
      await plansSharedWithInstructor(booking.userId === null ? [] : [booking.userId]),
    );
  const hoursAnswer = async () => {
    const hours = await readHours(db);
    return { hours: hours ? { time_zone: hours.timeZone, weekly: hours.weekly, exceptions: hours.exceptions } : null };
  };
  const dueMonths = async () => {
    const [months, booked, elsewhere, waiting] = await Promise.all([
      allDueMonths(db),
      takenByMonth(db),
      deps.birthsElsewhere?.byMonth(db) ?? new Map<string, number>(),
      waitlistOf(db),
    ]);
    const taken = new Map(booked);
    for (const [month, count] of elsewhere) taken.set(month, (taken.get(month) ?? 0) + count);
    const names = [...new Set([...months.map((month) => month.month), ...taken.keys(), ...waiting.map((entry) => entry.month)])].sort();
    const places = new Map(months.map((month) => [month.month, month.places]));
    return {
      months: names.map((month) => ({
        month,
        places: places.get(month) ?? null,
        taken: taken.get(month) ?? 0,
        waiting: waiting
          .filter((entry) => entry.month === month)
          .map((entry) => ({
            id: entry.id,
            name: entry.name,
            email: entry.email,
            due_date: entry.dueDate,
            note: entry.note,
            joined_at: entry.createdAt.toISOString(),
            offered_until: entry.offeredUntil?.toISOString() ?? null,
          })),
      })),
    };
  };

  route(app, "studioCalendarServices", async () => ({ services: (await listServices(db, { visibleOnly: false })).map(toStudioService) }));

  route(app, "createCalendarService", async ({ body }, _request, reply) =>
    reply.code(201).send(toStudioService(await insertService(db, serviceFields(body)))),
  );

  route(app, "updateCalendarService", async ({ params, body }) => {
    const updated = await updateService(db, params.id, serviceFields(body));
    if (!updated) throw new HttpError(404, "That service does not exist.");
    return toStudioService(updated);
  });

  route(app, "studioHours", hoursAnswer);

  route(app, "saveCalendarHours", async ({ body }) => {
    await saveHours(db, { timeZone: body.time_zone, weekly: body.weekly, exceptions: body.exceptions });
    return hoursAnswer();
  });

  route(app, "studioDueMonths", dueMonths);

  route(app, "setDueMonthPlaces", async ({ body }) => {
    await setPlaces(db, body.month, body.places);
    return dueMonths();
  });

  route(app, "offerWaitingPlace", async ({ params }) => {
    await offerPlace(deps, params.id);
    return dueMonths();
  });

  route(app, "studioCalendarBookings", async ({ query }) => {
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (to <= from) throw new HttpError(400, "The end of the window must come after its start.");
    const [rows, services, zone, contacts] = await Promise.all([
      bookingsBetween(db, from, to),
      servicesById(),
      zoneOf(),
      listSubmissions(db, "contact"),
    ]);
    const plansShared = await plansSharedWithInstructor(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])));
    const days = { from: from.toISOString().slice(0, 10), until: new Date(to.getTime() - 1).toISOString().slice(0, 10) };
    const onCall = await deps.onCallWindows(days.from, days.until);
    return {
      time_zone: zone,
      on_call: onCall.map((window) => ({ record_id: window.recordId, client: window.client, from: window.from, until: window.until })),
      on_call_overlaps: overlappingWeeks(onCall, days.from, days.until),
      bookings: rows.map((row) => toStudioBooking(row, services.get(row.serviceId)!, zone, plansShared)),
      enquiries: contacts
        .slice(-50)
        .reverse()
        .map((contact) => {
          const payload = contact.payload as { full_name?: string; email?: string; services?: string[]; due_date?: string | null };
          return {
            id: contact.id,
            received_at: contact.createdAt.toISOString(),
            full_name: payload.full_name ?? "",
            email: payload.email ?? contact.memberEmail ?? "",
            services: payload.services ?? [],
            due_date: payload.due_date ?? null,
          };
        }),
    };
  });

  route(app, "studioCancelBooking", async ({ params, body }) =>
    oneBooking(await cancel(deps, params.id, { byInstructor: true, message: body.message })),
  );

  route(app, "markCalendarBooking", async ({ params, body }) => {
    const booking = await findBooking(db, { id: params.id });
    if (!booking) throw new HttpError(404, "That booking does not exist.");
    if (body.state && !["confirmed", "attended", "no_show"].includes(booking.state)) {
      throw new HttpError(409, "Only a confirmed booking can be marked attended or no-show.");
    }
    const updated = await updateBooking(db, booking.id, {
      ...(body.state ? { state: body.state } : {}),
      ...(body.private_note !== undefined ? { privateNote: body.private_note } : {}),
    });
    return oneBooking(updated);
  });

  const feedUrl = (token: string) => `${deps.mail.context.publicUrl}/reactapi/bookings/feed/${token}`;

  route(app, "calendarFeedAddress", async () => {
    const hours = await readHours(db);
    return { url: hours?.feedToken ? feedUrl(hours.feedToken) : null };
  });

  route(app, "renewCalendarFeed", async () => {
    const token = randomBytes(24).toString("base64url");
    if (!(await setFeedToken(db, token)))
      throw new HttpError(409, "Please set your hours first: the feed lists the bookings they make possible.");
    return { url: feedUrl(token) };
  });
}
