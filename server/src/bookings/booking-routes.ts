import { sentence } from "../../../contract/languages.ts";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { MyBooking } from "../../../contract/bookings.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { heldFor } from "../accounts/users-repository.ts";
import { VisitorLimit } from "../rate-limits/visitor-limit.ts";
import { type BookingDeps, book, cancel, changeUntil, confirmByEmail, freeTimesOf, type Refusal, reschedule } from "./booking-actions.ts";
import {
  type BookingRow,
  bookingsOf,
  confirmedFrom,
  findBooking,
  findService,
  joinWaitlist,
  listServices,
  readHours,
  type ServiceRow,
} from "./bookings-repository.ts";
import { calendarFile } from "../mail/calendar-invite.ts";
import { namesOf } from "../mail/mail-templates.ts";
import { isoWithOffset } from "./free-times.ts";

const DAY = 24 * 3600_000;
/** The longest stretch one slots request may ask for: a page shows a few weeks at a time. */
const LONGEST_WINDOW_MS = 100 * DAY;

export type BookingOptions = BookingDeps & {
  bookingsPerHour: number;
  /** Her birth clients' on-call windows (the `onCallWindows` service of her clients' manifest), which her calendar feed carries as all-day events. */
  onCallWindows?: (from: string, until: string) => Promise<{ recordId: number; client: string; from: string; until: string }[]>;
};

/** A booking as the person who made it sees it (by her link, or on /account). */
export function toMyBooking(booking: BookingRow, service: ServiceRow, timeZone: string, deps: BookingDeps): MyBooking {
  const now = deps.clock.now();
  const until = changeUntil(booking, service);
  const canChange = booking.state === "confirmed" && now < until;
  return {
    id: booking.id,
    token: booking.manageToken,
    service_id: service.id,
    service_name: service.name,
    state: booking.state,
    start: isoWithOffset(booking.startsAt.getTime(), timeZone),
    end: isoWithOffset(booking.endsAt.getTime(), timeZone),
    time_zone: timeZone,
    location_kind: service.locationKind,
    location: booking.state === "confirmed" ? service.location : "",
    due_date: booking.dueDate,
    note: booking.note,
    change_until: isoWithOffset(until.getTime(), timeZone),
    can_change: canChange,
    refund_on_cancel: canChange && booking.paymentIntentId !== null && booking.refundedAt === null && service.refundBeforeCutoff,
    paid: booking.paymentIntentId !== null,
    contact_email: deps.mail.context.contactEmail,
  };
}

function refuse(reply: FastifyReply, refusal: Refusal) {
  const { status, ...body } = refusal;
  return reply.code(status).send(body);
}

/** The mother's side of bookings: the services, their free times, booking, and her booking's own page. */
export async function bookingRoutes(app: FastifyInstance, options: BookingOptions) {
  const { db, clock } = options;
  const zoneOf = async () => (await readHours(db))?.timeZone ?? "UTC";
  const asMine = async (booking: BookingRow) => toMyBooking(booking, (await findService(db, booking.serviceId))!, await zoneOf(), options);
  const byToken = async (token: string) => {
    const booking = await findBooking(db, { manageToken: token });
    if (!booking || booking.state === "expired")
      throw new HttpError(404, "We could not find this booking. The link may be incomplete, or the booking was never confirmed.");
    return booking;
  };

  route(app, "bookingServices", async () => {
    const services = await listServices(db, { visibleOnly: true });
    return {
      time_zone: await zoneOf(),
      services: services.map((service) => ({
        id: service.id,
        name: service.name,
        description: service.description,
        duration_minutes: service.durationMinutes,
        price: service.priceMinor,
        currency: service.currency,
        who: service.who,
        birth_support: service.birthSupport,
        location_kind: service.locationKind,
        cancel_cutoff_hours: service.cancelCutoffHours,
      })),
    };
  });

  route(app, "bookingSlots", async ({ params, query }) => {
    const service = await findService(db, params.id);
    if (!service || service.hidden) throw new HttpError(404, "That service is not offered at the moment.");
    const from = new Date(query.from);
    const to = new Date(query.to);
    if (to <= from)
      throw new HttpError(400, "The end of the window must come after its start.", { to: "The end must come after the start." });
    if (to.getTime() - from.getTime() > LONGEST_WINDOW_MS)
      throw new HttpError(400, "Please ask for at most 100 days of times at once.", { to: "At most 100 days." });
    const { timeZone, times } = await freeTimesOf(db, service, { from, to, now: clock.now() });
    return { slots: times.map((time) => time.iso), time_zone: timeZone ?? "UTC", duration_minutes: service.durationMinutes };
  });

  // A visitor's booking holds a time for 30 minutes and mails the address typed: a client address
  // may ask for a few an hour (rate-limits/visitor-limit.ts). A member's booking is in her own name.
  const bookingLimit = new VisitorLimit(
    db,
    "booking-client",
    options.bookingsPerHour,
    sentence("Several bookings have been asked for from here in the last hour."),
    () => clock.now().getTime(),
  );
  const waitingListLimit = new VisitorLimit(
    db,
    "booking-waitlist-client",
    options.bookingsPerHour,
    sentence("Several waiting-list places have been asked for from here in the last hour."),
    () => clock.now().getTime(),
  );
  route(app, "createBooking", async ({ body }, request, reply) => {
    const outcome = await bookingLimit.around(
      request,
      () => book(options, body, request.member ?? null, request.log, request.language),
      (outcome) => !("status" in outcome),
    );
    if ("status" in outcome) return refuse(reply, outcome);
    const { booking, checkoutUrl } = outcome;
    const zone = await zoneOf();
    return reply.code(201).send({
      id: booking.id,
      state: booking.state,
      start: isoWithOffset(booking.startsAt.getTime(), zone),
      end: isoWithOffset(booking.endsAt.getTime(), zone),
      hold_until: booking.holdUntil?.toISOString() ?? null,
      ...(checkoutUrl ? { checkout_url: checkoutUrl } : {}),
    });
  });

  route(app, "confirmBooking", async ({ body }) => asMine(await confirmByEmail(options, body.token)));

  route(app, "manageBooking", async ({ params }) => asMine(await byToken(params.token)));

  route(app, "rescheduleBooking", async ({ params, body }, _request, reply) => {
    const booking = await byToken(params.token);
    const outcome = await reschedule(options, booking.id, body.start, { byInstructor: false });
    if ("status" in outcome) return refuse(reply, outcome);
    return asMine(outcome);
  });

  route(app, "cancelBooking", async ({ params }) => {
    const booking = await byToken(params.token);
    return asMine(await cancel(options, booking.id, { byInstructor: false }));
  });

  route(app, "myBookings", async (_input, request) => {
    const member = requireMember(request);
    const rows = await bookingsOf(db, member);
    const services = new Map((await listServices(db, { visibleOnly: false })).map((service) => [service.id, service]));
    const zone = await zoneOf();
    return {
      bookings: rows.filter((row) => row.state !== "expired").map((row) => toMyBooking(row, services.get(row.serviceId)!, zone, options)),
    };
  });

  route(app, "joinWaitingList", async ({ body }, request, reply) => {
    const service = await findService(db, body.service_id);
    if (!service || service.hidden || !service.birthSupport) throw new HttpError(404, "That service has no waiting list.");
    const { row, position } = await waitingListLimit.around(request, () =>
      joinWaitlist(db, {
        month: body.due_date.slice(0, 7),
        serviceId: service.id,
        userId: request.member?.id ?? null,
        ...heldFor(request.member, body),
        dueDate: body.due_date,
        note: body.note,
        readerLanguage: request.language,
      }),
    );
    return reply.code(201).send({ month: row.month, position });
  });

  route(app, "calendarFeed", async ({ params }, _request, reply) => {
    const hours = await readHours(db);
    if (!hours?.feedToken || hours.feedToken !== params.token)
      throw new HttpError(404, "This calendar address is not valid (it may have been renewed).");
    const rows = await confirmedFrom(db, new Date(clock.now().getTime() - 30 * DAY));
    const services = new Map((await listServices(db, { visibleOnly: false })).map((service) => [service.id, service]));
    const feedFrom = new Date(clock.now().getTime() - 30 * DAY).toISOString().slice(0, 10);
    const onCall = options.onCallWindows ? await options.onCallWindows(feedFrom, "9999-12-31") : [];
    const file = calendarFile({
      method: "PUBLISH",
      timeZone: hours.timeZone,
      name: `${namesOf(options.mail.context).businessName}: bookings`,
      organizer: { name: namesOf(options.mail.context).doulaName, email: options.mail.context.contactEmail },
      events: rows.map((row) => ({
        uid: row.uid,
        sequence: row.sequence,
        start: row.startsAt,
        end: row.endsAt,
        summary: `${services.get(row.serviceId)!.name}: ${row.name}`,
        description: [row.email, row.dueDate ? `Due ${row.dueDate}` : "", row.note].filter(Boolean).join("\n"),
        location: services.get(row.serviceId)!.location,
        url: `${options.mail.context.publicUrl}/studio/calendar`,
      })),
      allDayEvents: onCall.map((window) => ({
        uid: `on-call-${window.recordId}@${new URL(options.mail.context.publicUrl).host}`,
        // A feed is read whole each time: a window that moved is replaced, whatever its sequence.
        sequence: 0,
        firstDay: window.from,
        lastDay: window.until,
        summary: `On call: ${window.client}`,
        description: "",
        url: `${options.mail.context.publicUrl}/studio/clients/${window.recordId}`,
      })),
    });
    return reply.header("content-type", "text/calendar; charset=utf-8").header("cache-control", "private, no-store").send(file);
  });
}
