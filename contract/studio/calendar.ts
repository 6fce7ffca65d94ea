import { z } from "zod";
import { isCalendarDate } from "../forms.ts";
import { BookingState, Instant, LocationKind, ServiceIdParams } from "../bookings.ts";
import { ApiError } from "../errors.ts";
import { type Endpoint, ok } from "../endpoint.ts";
import { sentence } from "../languages.ts";
import { CurrencyCode, WholeNumber } from "./studio-shared.ts";

// The instructor's calendar in the studio: her services, her hours, her places by due month,
// the bookings and her calendar feed.

/** Where a session happens: a call link she pastes, a phone call, or an address. A bare text is read as a link or an address. */
export const Location = z
  .union([
    z.object({ kind: LocationKind, detail: z.string().trim().max(500, { error: "Please keep the place under 500 characters." }) }),
    z
      .string()
      .trim()
      .max(500, { error: "Please keep the place under 500 characters." })
      .transform((text) => ({
        kind: /^https?:\/\//i.test(text) ? ("video" as const) : /^phone$/i.test(text) ? ("phone" as const) : ("address" as const),
        detail: /^phone$/i.test(text) ? "" : text,
      })),
  ])
  .refine((place) => place.kind !== "video" || place.detail === "" || /^https:\/\//i.test(place.detail), {
    error: "A video-call link must start with https://.",
  });

const serviceFields = {
  name: z
    .string({ error: "Please name the service." })
    .trim()
    .min(1, { error: "Please name the service." })
    .max(120, { error: "Please keep the name under 120 characters." }),
  description: z.string().trim().max(2000, { error: "Please keep the description under 2000 characters." }).default(""),
  duration_minutes: WholeNumber(sentence("the duration (minutes)"), 15, 240).default(60),
  price: WholeNumber(sentence("the price (in cents)"), 0, 10_000_000).default(0),
  currency: CurrencyCode.default("USD"),
  who: z.enum(["anyone", "members"], { error: "Who may book is either anyone or members." }).default("anyone"),
  buffer_before_minutes: WholeNumber(sentence("the buffer before (minutes)"), 0, 120).default(0),
  buffer_after_minutes: WholeNumber(sentence("the buffer after (minutes)"), 0, 120).default(0),
  min_notice_hours: WholeNumber(sentence("the minimum notice (hours)"), 0, 24 * 60).default(24),
  max_days_ahead: WholeNumber(sentence("how far ahead (days)"), 1, 730).default(60),
  cap_per_day: WholeNumber(sentence("the cap per day"), 1, 100).nullable().default(null),
  cap_per_week: WholeNumber(sentence("the cap per week"), 1, 500).nullable().default(null),
  cancel_cutoff_hours: WholeNumber(sentence("the cancellation cut-off (hours)"), 0, 24 * 30).default(24),
  refund_before_cutoff: z.boolean({ error: "Refund before the cut-off is yes or no." }).default(true),
  birth_support: z.boolean({ error: "Birth support is yes or no." }).default(false),
  location: Location.default({ kind: "video", detail: "" }),
  hidden: z.boolean({ error: "Hidden is yes or no." }).default(false),
};

export const ServiceInput = z.object(serviceFields);
export type ServiceInput = z.input<typeof ServiceInput>;

export const StudioService = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  duration_minutes: z.number(),
  price: z.number(),
  currency: z.string(),
  who: z.enum(["anyone", "members"]),
  buffer_before_minutes: z.number(),
  buffer_after_minutes: z.number(),
  min_notice_hours: z.number(),
  max_days_ahead: z.number(),
  cap_per_day: z.number().nullable(),
  cap_per_week: z.number().nullable(),
  cancel_cutoff_hours: z.number(),
  refund_before_cutoff: z.boolean(),
  birth_support: z.boolean(),
  location: z.object({ kind: LocationKind, detail: z.string() }),
  hidden: z.boolean(),
});
export type StudioService = z.infer<typeof StudioService>;
export const StudioServices = z.object({ services: z.array(StudioService) });

const ClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Please give times as HH:MM, like 09:00." });
const TimeRange = z
  .object({ start: ClockTime, end: ClockTime })
  .refine((range) => range.start < range.end, { error: "Each range must end after it starts." });

export const Hours = z.object({
  time_zone: z.string().refine((zone) => isTimeZone(zone), { error: "Please choose a time zone from the list, like Europe/London." }),
  weekly: z
    .array(
      z.object({
        weekday: z
          .number({ error: "The weekday is a number from 1 (Monday) to 7 (Sunday)." })
          .int({ error: "The weekday is a number from 1 (Monday) to 7 (Sunday)." })
          .min(1, { error: "The weekday is a number from 1 (Monday) to 7 (Sunday)." })
          .max(7, { error: "The weekday is a number from 1 (Monday) to 7 (Sunday)." }),
        start: ClockTime,
        end: ClockTime,
      }),
    )
    .max(100)
    .refine((ranges) => ranges.every((range) => range.start < range.end), { error: "Each range must end after it starts." }),
  exceptions: z
    .array(
      z.object({
        date: z.string().refine(isCalendarDate, { error: "Please give each exception's date as YYYY-MM-DD." }),
        /** Her hours that day instead of the week's; none is a day off. */
        ranges: z.array(TimeRange).max(20),
      }),
    )
    .max(1000)
    .default([]),
});
export type Hours = z.input<typeof Hours>;
export type SavedHours = z.output<typeof Hours>;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const DueMonthInput = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Please give the month as YYYY-MM." }),
  places: WholeNumber(sentence("the places"), 0, 100),
});
export const WaitingPerson = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  due_date: z.string(),
  note: z.string(),
  joined_at: z.string(),
  offered_until: z.string().nullable(),
});
export const DueMonth = z.object({ month: z.string(), places: z.number().nullable(), taken: z.number(), waiting: z.array(WaitingPerson) });
export const DueMonths = z.object({ months: z.array(DueMonth) });
export type DueMonths = z.infer<typeof DueMonths>;
export const WaitingIdParams = z.object({ id: z.coerce.number().int().positive({ error: "That waiting-list entry does not exist." }) });

export const BookingsQuery = z.object({ from: Instant, to: Instant });
export const StudioBooking = z.object({
  id: z.number(),
  service_id: z.number(),
  service_name: z.string(),
  state: BookingState,
  start: z.string(),
  end: z.string(),
  name: z.string(),
  email: z.string(),
  due_date: z.string().nullable(),
  note: z.string(),
  private_note: z.string(),
  paid: z.boolean(),
  member: z.boolean(),
  /** She shares her birth preferences with the instructor: the booking offers them (GET /reactapi/studio/bookings/:id/birth-plan.pdf). */
  birth_plan_shared: z.boolean(),
});
export type StudioBooking = z.infer<typeof StudioBooking>;
export const Enquiry = z.object({
  id: z.number(),
  received_at: z.string(),
  full_name: z.string(),
  email: z.string(),
  services: z.array(z.string()),
  due_date: z.string().nullable(),
});
/** A birth client's on-call window (docs/care.md), whole days. */
export const OnCallWindow = z.object({ record_id: z.number(), client: z.string(), from: z.string(), until: z.string() });
export type OnCallWindow = z.infer<typeof OnCallWindow>;
/** A week (Monday to Sunday) in which several clients' windows are open: "3 clients on call 10–16 March". */
export const OnCallOverlap = z.object({ from: z.string(), until: z.string(), clients: z.number() });
export type OnCallOverlap = z.infer<typeof OnCallOverlap>;

export const StudioBookings = z.object({
  bookings: z.array(StudioBooking),
  enquiries: z.array(Enquiry),
  time_zone: z.string(),
  on_call: z.array(OnCallWindow),
  on_call_overlaps: z.array(OnCallOverlap),
});
export type StudioBookings = z.infer<typeof StudioBookings>;

export const BookingIdParams = z.object({ id: z.coerce.number().int().positive({ error: "That booking does not exist." }) });
export const StudioCancel = z.object({
  message: z.string().trim().max(2000, { error: "Please keep the message under 2000 characters." }).default(""),
});
export const BookingMark = z.object({
  state: z.enum(["attended", "no_show", "confirmed"], { error: "Mark a booking attended, no-show or confirmed." }).optional(),
  private_note: z.string().trim().max(5000, { error: "Please keep the note under 5000 characters." }).optional(),
});
export const FeedAddress = z.object({ url: z.string() });
export const HoursAnswer = Hours.extend({ time_zone: z.string(), exceptions: Hours.shape.exceptions.unwrap() });

/** The calendar's entries of the endpoint table: the bookings capability's studio area (server/src/bookings/calendar-studio-routes.ts). */
export const studioCalendarEndpoints = {
  studioCalendarServices: {
    method: "GET",
    path: "/reactapi/studio/calendar/services",
    summary: "Every service, hidden ones too",
    access: "instructor",
    travels: "calendar",
    answers: ok(StudioServices),
  },
  createCalendarService: {
    method: "POST",
    path: "/reactapi/studio/calendar/services",
    summary: "Adds a service (unset fields take their defaults)",
    access: "instructor",
    travels: "calendar",
    body: ServiceInput,
    invalidates: ["studioCalendarServices", "bookingServices"],
    answers: { 201: { description: "Added.", schema: StudioService } },
  },
  updateCalendarService: {
    method: "POST",
    path: "/reactapi/studio/calendar/services/:id",
    summary: "Changes a service (its bookings keep their time and price)",
    access: "instructor",
    travels: "calendar",
    params: ServiceIdParams,
    body: ServiceInput,
    invalidates: ["studioCalendarServices", "bookingServices"],
    answers: { ...ok(StudioService), 404: { description: "No such service.", schema: ApiError } },
  },
  studioHours: {
    method: "GET",
    path: "/reactapi/studio/calendar/hours",
    summary: "Her hours: zone, week and dated exceptions (null until set)",
    access: "instructor",
    travels: "calendar",
    answers: ok(z.object({ hours: HoursAnswer.nullable() })),
  },
  saveCalendarHours: {
    method: "POST",
    path: "/reactapi/studio/calendar/hours",
    summary: "Sets her hours: her zone, her week (several ranges a day) and dated exceptions",
    access: "instructor",
    travels: "calendar",
    body: Hours,
    invalidates: ["studioHours", "bookingSlots"],
    answers: ok(z.object({ hours: HoursAnswer.nullable() })),
  },
  studioDueMonths: {
    method: "GET",
    path: "/reactapi/studio/calendar/due-months",
    summary: "Her places per due month, how many are taken, and who waits",
    access: "instructor",
    travels: "calendar",
    answers: ok(DueMonths),
  },
  setDueMonthPlaces: {
    method: "POST",
    path: "/reactapi/studio/calendar/due-months",
    summary: "Sets how many births she takes with a due date in a month",
    access: "instructor",
    travels: "calendar",
    body: DueMonthInput,
    invalidates: ["studioDueMonths"],
    answers: ok(DueMonths),
  },
  offerWaitingPlace: {
    method: "POST",
    path: "/reactapi/studio/calendar/waiting/:id/offer",
    summary: "Offers a freed place to someone waiting: a mailed link valid 48 hours",
    access: "instructor",
    travels: "calendar",
    params: WaitingIdParams,
    body: z.object({}),
    invalidates: ["studioDueMonths"],
    answers: { ...ok(DueMonths), 404: { description: "No longer waiting.", schema: ApiError } },
  },
  studioCalendarBookings: {
    method: "GET",
    path: "/reactapi/studio/calendar/bookings",
    summary: "The bookings in [from, to), with the enquiries of the contact form",
    access: "instructor",
    travels: "calendar",
    query: BookingsQuery,
    answers: ok(StudioBookings),
  },
  studioCancelBooking: {
    method: "POST",
    path: "/reactapi/studio/calendar/bookings/:id/cancel",
    summary: "Cancels a booking with a message to the person (a paid one is refunded in full)",
    access: "instructor",
    travels: "calendar",
    params: BookingIdParams,
    body: StudioCancel,
    invalidates: ["studioCalendarBookings", "studioDueMonths"],
    answers: {
      ...ok(StudioBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Already cancelled or over.", schema: ApiError },
      502: { description: "The refund could not be made; nothing changed.", schema: ApiError },
    },
  },
  markCalendarBooking: {
    method: "POST",
    path: "/reactapi/studio/calendar/bookings/:id",
    summary: "Marks a booking attended or no-show, or keeps her private note on it",
    access: "instructor",
    travels: "calendar",
    params: BookingIdParams,
    body: BookingMark,
    invalidates: ["studioCalendarBookings"],
    answers: {
      ...ok(StudioBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Not a booking that took place.", schema: ApiError },
    },
  },
  calendarFeedAddress: {
    method: "GET",
    path: "/reactapi/studio/calendar/feed",
    summary: "Her calendar feed's secret address (null until her hours are set)",
    access: "instructor",
    travels: "calendar",
    answers: ok(z.object({ url: z.string().nullable() })),
  },
  renewCalendarFeed: {
    method: "POST",
    path: "/reactapi/studio/calendar/feed",
    summary: "Makes a new secret address for her feed; the old one stops working",
    access: "instructor",
    travels: "calendar",
    body: z.object({}),
    invalidates: ["calendarFeedAddress"],
    answers: { ...ok(FeedAddress), 409: { description: "Her hours are not set yet.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
