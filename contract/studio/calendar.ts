import { z } from "zod";
import { isCalendarDate } from "../forms.ts";
import { BookingState, Instant, LocationKind } from "../bookings.ts";

// The instructor's calendar in the studio: her services, her hours, her places by due month,
// the bookings and her calendar feed.

const WholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `Please enter ${what} as a number.` })
    .int({ error: `Please enter ${what} as a whole number.` })
    .min(min, { error: `${what[0]!.toUpperCase()}${what.slice(1)} must be at least ${min}.` })
    .max(max, { error: `${what[0]!.toUpperCase()}${what.slice(1)} must be at most ${max}.` });

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
  duration_minutes: WholeNumber("the duration (minutes)", 15, 240).default(60),
  price: WholeNumber("the price (in cents)", 0, 10_000_000).default(0),
  currency: z
    .string()
    .trim()
    .transform((currency) => currency.toUpperCase())
    .refine((currency) => /^[A-Z]{3}$/.test(currency), { error: "The currency is a three-letter code, like USD or EUR." })
    .default("USD"),
  who: z.enum(["anyone", "members"], { error: "Who may book is either anyone or members." }).default("anyone"),
  buffer_before_minutes: WholeNumber("the buffer before (minutes)", 0, 120).default(0),
  buffer_after_minutes: WholeNumber("the buffer after (minutes)", 0, 120).default(0),
  min_notice_hours: WholeNumber("the minimum notice (hours)", 0, 24 * 60).default(24),
  max_days_ahead: WholeNumber("how far ahead (days)", 1, 730).default(60),
  cap_per_day: WholeNumber("the cap per day", 1, 100).nullable().default(null),
  cap_per_week: WholeNumber("the cap per week", 1, 500).nullable().default(null),
  cancel_cutoff_hours: WholeNumber("the cancellation cut-off (hours)", 0, 24 * 30).default(24),
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
  places: WholeNumber("the places", 0, 100),
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
export const StudioBookings = z.object({ bookings: z.array(StudioBooking), enquiries: z.array(Enquiry), time_zone: z.string() });
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
