// Calendar files (.ics) for mails and feeds: infrastructure, shared by every feature that invites to a time.
import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { Temporal } from "temporal-polyfill";

export type CalendarEvent = {
  /** Stays the same for the life of the event, so a calendar app moves it when the time changes. */
  uid: string;
  /** Counts the changes: a calendar app applies an update only when it is higher than what it holds. */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  url: string;
  cancelled?: boolean;
  attendee?: { name: string; email: string };
};

/** Whole days (an on-call window): the first day and the last, as YYYY-MM-DD, the same in every zone. */
export type AllDayEvent = {
  uid: string;
  sequence: number;
  firstDay: string;
  lastDay: string;
  summary: string;
  description: string;
  url: string;
};

/**
 * ical-generator writes an all-day date from the Date's local calendar day (in this server's zone):
 * a Date made at local midnight of that day is written as that day wherever the server runs.
 */
function localMidnight(day: string): Date {
  const date = Temporal.PlainDate.from(day);
  return new Date(date.year, date.month - 1, date.day);
}

/**
 * An iCalendar file (.ics) of events, written by ical-generator with the zone's VTIMEZONE, so that
 * times read in the given zone in every calendar app. REQUEST invites or updates, CANCEL removes,
 * PUBLISH is a feed.
 */
export function calendarFile(input: {
  method: "REQUEST" | "CANCEL" | "PUBLISH";
  timeZone: string;
  name: string;
  organizer: { name: string; email: string };
  events: CalendarEvent[];
  allDayEvents?: AllDayEvent[];
}): string {
  // ical-generator writes "UTC" as a zone name with floating times (no TZID, no Z), which every
  // calendar reads in its own local time: a zone that is UTC is written as UTC instants instead.
  const zoned = !isUtc(input.timeZone);
  const calendar = ical({
    name: input.name,
    prodId: { company: input.organizer.name, product: "calendar", language: "EN" },
    method: ICalCalendarMethod[input.method],
    ...(zoned ? { timezone: { name: input.timeZone, generator: getVtimezoneComponent } } : {}),
  });
  for (const event of input.events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      // ical-generator writes a zoned time from a date that can move into that zone (TZDate does, a bare Date would be written in the server's zone).
      start: zoned ? new TZDate(event.start.getTime(), input.timeZone) : event.start,
      end: zoned ? new TZDate(event.end.getTime(), input.timeZone) : event.end,
      ...(zoned ? { timezone: input.timeZone } : {}),
      summary: event.summary,
      description: event.description,
      location: event.location || null,
      url: event.url,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: input.method === "PUBLISH" ? null : input.organizer,
      attendees:
        event.attendee && input.method !== "PUBLISH" ? [{ name: event.attendee.name, email: event.attendee.email, rsvp: false }] : [],
    });
  }
  for (const event of input.allDayEvents ?? []) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      allDay: true,
      start: localMidnight(event.firstDay),
      // An all-day event's end is the day after its last (RFC 5545).
      end: localMidnight(Temporal.PlainDate.from(event.lastDay).add({ days: 1 }).toString()),
      summary: event.summary,
      description: event.description,
      url: event.url,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** Whether a zone is UTC itself ("UTC", "Etc/UTC", "GMT"…: Intl names them all "UTC"); the instructor's zone is "UTC" until she sets her hours. */
function isUtc(timeZone: string): boolean {
  return new Intl.DateTimeFormat("en", { timeZone }).resolvedOptions().timeZone === "UTC";
}
