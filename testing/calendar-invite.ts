import ICAL from "ical.js";

/**
 * The first event of an .ics file, read back with a parser (ical.js) as a calendar app would: its
 * method, UID, sequence, start and end (ISO instants, read in the file's own VTIMEZONE), texts and zone.
 */
export function readInvite(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  // The file's own VTIMEZONE defines its zone: read with it, the times are what a calendar app shows.
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    zone: event.startDate.zone?.tzid,
    /** Whether start and end carry an instant: a UTC time ("Z") or a zone's (TZID), never a floating local time. */
    absolute: [event.startDate, event.endDate].every((time) => time.zone?.tzid !== "floating"),
    zones: calendar.getAllSubcomponents("vtimezone").map((zone) => zone.getFirstPropertyValue("tzid")),
  };
}
