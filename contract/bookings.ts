import { z } from "zod";
import { ContactRequest, isCalendarDate } from "./forms.ts";
import { looksLikeALink, notALinkSentence } from "./sign-in.ts";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// 1:1 support booked with the instructor (docs/product.md, "Booking 1:1 support"): her services,
// their free times, a booking and what a mother may do with it afterwards.

const ServiceId = z.coerce
  .number({ error: "The service id must be a whole number." })
  .int({ error: "The service id must be a whole number." })
  .positive({ error: "The service id must be a whole number." });

/** An instant with its offset, as the API gives and takes them ("2027-03-15T09:00:00-04:00"). */
export const Instant = z.iso.datetime({ offset: true, error: "Please give the time as an ISO date and time with its offset." });

/** Her due date, as a booking form or a class's registration form asks it: optional, and a real date. */
export const OptionalDueDate = z
  .string({ error: "Please enter the due date as a date." })
  .trim()
  .optional()
  .nullable()
  .transform((date) => date || null)
  .refine((date) => date === null || isCalendarDate(date), { error: "Please enter the due date as a real date (YYYY-MM-DD)." });

export const ServiceIdParams = z.object({ id: ServiceId });
export const ManageTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "That booking link is not valid." }),
});

export const LocationKind = z.enum(["video", "phone", "address"]);
export type LocationKind = z.infer<typeof LocationKind>;

/** A service as a visitor sees it on /book. */
export const PublicService = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  duration_minutes: z.number(),
  price: z.number(),
  currency: z.string(),
  who: z.enum(["anyone", "members"]),
  birth_support: z.boolean(),
  location_kind: LocationKind,
  cancel_cutoff_hours: z.number(),
});
export type PublicService = z.infer<typeof PublicService>;
export const ServiceList = z.object({ services: z.array(PublicService), time_zone: z.string() });
export type ServiceList = z.infer<typeof ServiceList>;

export const SlotsQuery = z.object({ from: Instant, to: Instant });
export const SlotList = z.object({
  slots: z.array(z.string()),
  /** The instructor's zone: the offsets of `slots` are hers; a page shows them in the reader's. */
  time_zone: z.string(),
  duration_minutes: z.number(),
});
export type SlotList = z.infer<typeof SlotList>;

export const BookingRequest = z.object({
  service_id: ServiceId,
  start: Instant,
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, { error: "Please enter your name." })
    .max(200, { error: "Please keep your name under 200 characters." })
    .refine((name) => !looksLikeALink(name), { error: notALinkSentence }),
  email: ContactRequest.shape.email,
  due_date: OptionalDueDate,
  note: z
    .string({ error: "The note must be text." })
    .trim()
    .max(2000, { error: "Please keep your note under 2000 characters." })
    .optional()
    .nullable()
    .transform((note) => note ?? ""),
  /** The zone she reads in, so that her mails show her times; the instructor's when absent or unknown. */
  time_zone: z.string().max(64).optional(),
  /** A freed place offered to her from a due month's waiting list (its mailed link). */
  offer: z.string().max(100).optional(),
});
export type BookingRequest = z.input<typeof BookingRequest>;

export const BookingState = z.enum(["awaiting_email", "awaiting_payment", "confirmed", "cancelled", "expired", "attended", "no_show"]);
export type BookingState = z.infer<typeof BookingState>;

export const BookingCreated = z.object({
  id: z.number(),
  state: BookingState,
  start: z.string(),
  end: z.string(),
  /** For a paid service: Stripe Checkout, where she pays while the time is held. */
  checkout_url: z.string().optional(),
  hold_until: z.string().nullable(),
});
export type BookingCreated = z.infer<typeof BookingCreated>;

/** A refused time (409): the sentence, and the nearest free times. */
export const TimeTaken = z.object({ error: z.string(), alternatives: z.array(z.string()) });
/** A due month that is full (409): the sentence, and whether she may wait for a place. */
export const MonthFull = z.object({ error: z.string(), alternatives: z.array(z.string()), waiting_list: z.object({ month: z.string() }) });

export const ConfirmRequest = z.object({ token: z.string().min(1, { error: "That confirmation link is not complete." }).max(200) });

/** One booking as the person who made it sees it (by her link, or on /account). */
export const MyBooking = z.object({
  id: z.number(),
  token: z.string(),
  service_id: z.number(),
  service_name: z.string(),
  state: BookingState,
  start: z.string(),
  end: z.string(),
  /** The instructor's zone; a page shows the times in the reader's own. */
  time_zone: z.string(),
  location_kind: LocationKind,
  /** The call link, number or address: shown once the booking is confirmed. */
  location: z.string(),
  due_date: z.string().nullable(),
  note: z.string(),
  /** Until when she may reschedule or cancel here; after it she writes to the instructor. */
  change_until: z.string(),
  can_change: z.boolean(),
  /** Whether cancelling now gives her money back. */
  refund_on_cancel: z.boolean(),
  paid: z.boolean(),
  contact_email: z.string(),
});
export type MyBooking = z.infer<typeof MyBooking>;
export const MyBookings = z.object({ bookings: z.array(MyBooking) });
export type MyBookings = z.infer<typeof MyBookings>;

export const RescheduleRequest = z.object({ start: Instant });

export const WaitingListRequest = z.object({
  service_id: ServiceId,
  name: BookingRequest.shape.name,
  email: BookingRequest.shape.email,
  due_date: z
    .string({ error: "Please enter your due date." })
    .trim()
    .refine(isCalendarDate, { error: "Please enter your due date as a real date (YYYY-MM-DD)." }),
  note: BookingRequest.shape.note,
});
export type WaitingListRequest = z.input<typeof WaitingListRequest>;
export const WaitingListJoined = z.object({ month: z.string(), position: z.number() });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** What this capability tells her devices (docs/push.md): a booking made, moved or coming up. */
export const bookingsPushKinds = ["bookings"] as const;

export const bookingsEndpoints = {
  bookingServices: {
    method: "GET",
    path: "/reactapi/bookings/services",
    summary: "The 1:1 services she offers (visible ones), and her time zone",
    access: "anyone",
    answers: ok(ServiceList),
  },
  bookingSlots: {
    method: "GET",
    path: "/reactapi/bookings/services/:id/slots",
    summary: "A service's free start times in [from, to), as instants with her offset",
    access: "anyone",
    travels: "bookings",
    params: ServiceIdParams,
    query: SlotsQuery,
    answers: { ...ok(SlotList), 404: { description: "No such service.", schema: ApiError } },
  },
  createBooking: {
    method: "POST",
    path: "/reactapi/bookings",
    summary: "Books a time: confirmed, held for her e-mail, or held for her payment (with the Checkout URL)",
    access: "anyone",
    travels: "bookings",
    body: BookingRequest,
    invalidates: ["bookingSlots", "myBookings"],
    answers: {
      201: { description: "Booked or held.", schema: BookingCreated },
      404: { description: "No such service.", schema: ApiError },
      409: {
        description: "The time is taken or not open, or the due month is full: the sentence and the nearest free times.",
        schema: TimeTaken.or(MonthFull),
      },
      502: { description: "Stripe could not be reached; nothing was held.", schema: ApiError },
    },
  },
  confirmBooking: {
    method: "POST",
    path: "/reactapi/bookings/confirm",
    summary: "Confirms a free booking from the link mailed to her",
    access: "anyone",
    travels: "bookings",
    body: ConfirmRequest,
    invalidates: ["myBookings"],
    answers: {
      ...ok(MyBooking),
      404: { description: "No such link.", schema: ApiError },
      410: { description: "The hold lapsed.", schema: ApiError },
    },
  },
  manageBooking: {
    method: "GET",
    path: "/reactapi/bookings/manage/:token",
    summary: "One booking, by the link in its mails",
    access: "anyone",
    params: ManageTokenParams,
    answers: { ...ok(MyBooking), 404: { description: "No such booking.", schema: ApiError } },
  },
  rescheduleBooking: {
    method: "POST",
    path: "/reactapi/bookings/manage/:token/reschedule",
    summary: "Moves a booking to another free time, until the cut-off",
    access: "anyone",
    travels: "bookings",
    params: ManageTokenParams,
    body: RescheduleRequest,
    invalidates: ["manageBooking", "bookingSlots", "myBookings"],
    answers: {
      ...ok(MyBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Past the cut-off, or the time is taken.", schema: TimeTaken },
    },
  },
  cancelBooking: {
    method: "POST",
    path: "/reactapi/bookings/manage/:token/cancel",
    summary: "Cancels a booking, until the cut-off (refunded when the service says so)",
    access: "anyone",
    travels: "bookings",
    params: ManageTokenParams,
    body: z.object({}),
    invalidates: ["manageBooking", "bookingSlots", "myBookings"],
    answers: {
      ...ok(MyBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Past the cut-off, or already cancelled.", schema: ApiError },
      502: { description: "The refund could not be made; nothing changed.", schema: ApiError },
    },
  },
  myBookings: {
    method: "GET",
    path: "/reactapi/bookings/mine",
    summary: "Her bookings, to come and past",
    access: "member",
    answers: ok(MyBookings),
  },
  joinWaitingList: {
    method: "POST",
    path: "/reactapi/bookings/waiting-list",
    summary: "Joins the waiting list of a full due month",
    access: "anyone",
    travels: "bookings",
    body: WaitingListRequest,
    answers: {
      201: { description: "On the list.", schema: WaitingListJoined },
      404: { description: "No such service.", schema: ApiError },
    },
  },
  calendarFeed: {
    method: "GET",
    path: "/reactapi/bookings/feed/:token",
    summary: "The instructor's calendar feed (.ics), by its secret address",
    access: "anyone",
    travels: "bookings",
    params: ManageTokenParams,
    answers: {
      200: { description: "An iCalendar file.", contentType: "text/calendar" },
      404: { description: "No such feed.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
