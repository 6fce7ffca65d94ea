import { z } from "zod";
import { sentence } from "./languages.ts";
import { Instant } from "./bookings.ts";
import { idInPath } from "./catalogue.ts";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";

// The labour line (docs/labour-line.md): one press tells her doula, by push and by mail; her backup if unseen or off call.

export const labourKinds = ["labour", "waters", "call_me"] as const;
export const LabourKind = z.enum(labourKinds, { error: "Say whether labour has started, her waters have broken, or she needs a call." });
export type LabourKind = z.infer<typeof LabourKind>;

export const LabourAlertRequest = z.object({
  kind: LabourKind,
  note: z.string({ error: "The note is a line of text." }).trim().max(500, { error: "Please keep the note to 500 characters." }).optional(),
  /** How her doula reaches her, as she keeps it on her phone (Tell my doula remembers it): a tel: link on the alert page. */
  phone: z
    .string({ error: "The phone number is a line of text." })
    .trim()
    .max(40, { error: "That phone number is too long." })
    .regex(/^[+0-9 ().-]*$/, { error: "A phone number has digits, spaces, +, ( ) and - only." })
    .optional(),
  address: z
    .string({ error: "The address is a line of text." })
    .trim()
    .max(300, { error: "Please keep the address to 300 characters." })
    .optional(),
  /** Made on her phone, so an alert sent again after a lost answer (or from the offline queue) is kept once. */
  key: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, { error: "That alert key is not one the app makes." })
    .optional(),
});
export type LabourAlertRequest = z.input<typeof LabourAlertRequest>;

export const LabourRecordParams = z.object({ id: idInPath("That care record does not exist.") });
export const LabourAlertParams = z.object({
  id: idInPath("That care record does not exist."),
  alertId: idInPath("That alert does not exist."),
});
export const StudioAlertParams = z.object({ alertId: idInPath("That alert does not exist.") });

/** What she (and her partner) see of an alert, live. */
export const LabourAlertStatus = z.object({
  id: z.number(),
  kind: LabourKind,
  sent_at: z.string(),
  status: z.enum(["sent", "seen"]),
  seen_by: z.string().nullable(),
  seen_at: z.string().nullable(),
  /** Who was told: her doula, and her backup once she was. */
  told: z.array(z.string()),
});
export type LabourAlertStatus = z.infer<typeof LabourAlertStatus>;

/** Her labour line on /timer and /home: whether it shows, who is on call for her, her latest alert. */
export const LabourLine = z.object({
  records: z.array(
    z.object({
      id: z.number(),
      /** From 36 weeks, or while her on-call window is open. */
      open: z.boolean(),
      on_call: z.string(),
      /** Her doula is off call now: her backup is told first. */
      doula_off_call: z.boolean(),
      latest: LabourAlertStatus.nullable(),
    }),
  ),
  /** On a partner's account: whose line this is (read-only). */
  for_partner_of: z.string().nullable(),
});
export type LabourLine = z.infer<typeof LabourLine>;

const TimerSummary = z.object({
  count: z.number(),
  average_seconds: z.number().nullable(),
  average_interval_minutes: z.number().nullable(),
});

/** The doula's alert page: who, what, the timer's last hour, and what she can do. */
export const StudioLabourAlert = LabourAlertStatus.extend({
  record_id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  due_date: z.string(),
  note: z.string(),
  phone: z.string(),
  address: z.string(),
  timer_last_hour: TimerSummary,
  birth_preferences_shared: z.boolean(),
  /** Whether the reader may hand it to the backup (the instructor, with a backup not yet told). */
  can_hand_over: z.boolean(),
  backup: z.string().nullable(),
});
export type StudioLabourAlert = z.infer<typeof StudioLabourAlert>;

export const StudioLabourAlerts = z.object({ alerts: z.array(StudioLabourAlert) });

export const OffCallRequest = z
  .object({ from: Instant, until: Instant })
  .refine((period) => new Date(period.until) > new Date(period.from), { error: "The end comes after the start.", path: ["until"] });
export const OffCallPeriods = z.object({ periods: z.array(z.object({ id: z.number(), from: z.string(), until: z.string() })) });
export const OffCallIdParams = z.object({ id: idInPath("That period does not exist.") });

/** One client on the on-call calendar: her dates, who backs her up, and what she shares with her doulas. */
export const OnCallClient = z.object({
  record_id: z.number(),
  name: z.string(),
  due_date: z.string(),
  on_call_from: z.string(),
  on_call_until: z.string(),
  stage: z.string(),
  backup: z.string().nullable(),
  birth_preferences_shared: z.boolean(),
  /** The notes shared with her, and those her doula wrote for the team (`with_her` false); other private notes stay the doula's. */
  shared_notes: z.array(z.object({ text: z.string(), written_at: z.string(), with_her: z.boolean() })),
});
/** The on-call calendar: the doula's periods off call to come, and the clients (for a team doula, those she backs up). */
export const OnCallCalendar = z.object({
  off_call: z.array(z.object({ from: z.string(), until: z.string() })),
  clients: z.array(OnCallClient),
});
export type OnCallCalendar = z.infer<typeof OnCallCalendar>;

const notFound = (description: string) => ({ 404: { description, schema: ApiError } });
const stream = (description: string) => ({ 200: { description, contentType: "text/event-stream" } });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** What this capability tells her devices (docs/push.md): a client's labour alert (to her doula and the backup). */
export const labourPushKinds = ["labour_alerts"] as const;

export const labourEndpoints = {
  labourLine: {
    method: "GET",
    path: "/reactapi/care/labour",
    summary: "Her labour line (or, on her partner's account, hers): whether it is open, who is on call, her latest alert",
    access: "member",
    travels: "labour",
    answers: ok(LabourLine),
  },
  sendLabourAlert: {
    method: "POST",
    path: "/reactapi/care/:id/labour",
    summary: "Tells her doula (and her backup when the doula is off call) that labour has started, her waters broke, or to call her",
    access: "mother",
    partnerRefusal: sentence("The labour line is pressed from her account; yours shows her alert once she sends it."),
    travels: "labour",
    params: LabourRecordParams,
    body: LabourAlertRequest,
    invalidates: ["labourLine"],
    answers: {
      201: { description: "Sent.", schema: z.object({ id: z.number(), message: z.string() }) },
      ...notFound("Not her care record."),
      403: { description: "A partner's account, or care that has ended.", schema: ApiError },
      409: { description: "Her line is not open: before 36 weeks (and her on-call window), or after the birth.", schema: ApiError },
      429: {
        description: "Six alerts of hers reached her doula in the last hour; Retry-After says when to press again.",
        schema: ApiError,
      },
    },
  },
  labourAlert: {
    method: "GET",
    path: "/reactapi/care/:id/labour/:alertId",
    summary: "Whether her alert was seen, by whom and when, and who was told (hers, or on her partner's account)",
    access: "member",
    travels: "labour",
    params: LabourAlertParams,
    answers: { ...ok(LabourAlertStatus), ...notFound("Not her alert.") },
  },
  labourAlertEvents: {
    method: "GET",
    path: "/reactapi/care/:id/labour/:alertId/events",
    summary: "Server-Sent Events: the alert's status each time it changes, on any app server",
    access: "member",
    travels: "labour",
    params: LabourAlertParams,
    answers: { ...stream("event: status, data: as GET …/labour/:alertId."), ...notFound("Not her alert.") },
  },
  studioLabourAlerts: {
    method: "GET",
    path: "/reactapi/studio/care/labour",
    summary: "The labour alerts of the last two days that came to this doula",
    access: "doula",
    travels: "labour-studio",
    answers: ok(StudioLabourAlerts),
  },
  studioLabourAlert: {
    method: "GET",
    path: "/reactapi/studio/care/labour/:alertId",
    summary: "One alert: the mother's details, her timer's last hour, and its status",
    access: "doula",
    travels: "labour-studio",
    params: StudioAlertParams,
    answers: { ...ok(StudioLabourAlert), ...notFound("Not an alert that came to her.") },
  },
  studioLabourEvents: {
    method: "GET",
    path: "/reactapi/studio/care/labour/events",
    summary: "Server-Sent Events: 'changed' whenever an alert comes to this doula or changes",
    access: "doula",
    travels: "labour-studio",
    answers: stream("event: changed, read the alerts again."),
  },
  seeLabourAlert: {
    method: "POST",
    path: "/reactapi/studio/care/labour/:alertId/seen",
    summary: "I've seen it — I'll call you: the mother's page (and her partner's) says so at once",
    access: "doula",
    travels: "labour-studio",
    params: StudioAlertParams,
    invalidates: ["studioLabourAlerts", "studioLabourAlert"],
    answers: { ...ok(StudioOutcome), ...notFound("Not an alert that came to her.") },
  },
  handLabourAlertToBackup: {
    method: "POST",
    path: "/reactapi/studio/care/labour/:alertId/hand-over",
    summary: "Hands the alert to her backup doula (push and mail), once",
    access: "instructor",
    travels: "labour-studio",
    params: StudioAlertParams,
    invalidates: ["studioLabourAlerts", "studioLabourAlert"],
    answers: { ...ok(StudioOutcome), ...notFound("No such alert."), 409: { description: "She has no backup doula.", schema: ApiError } },
  },
  onCallCalendar: {
    method: "GET",
    path: "/reactapi/studio/care/on-call",
    summary:
      "The on-call calendar: her clients' on-call windows and the doula's periods off call (a team doula sees the clients she backs up)",
    access: "doula",
    travels: "labour-studio",
    answers: ok(OnCallCalendar),
  },
  offCallPeriods: {
    method: "GET",
    path: "/reactapi/studio/calendar/off-call",
    summary: "The periods she is off call (now and to come): alerts go straight to each client's backup",
    access: "instructor",
    travels: "labour-studio",
    answers: ok(OffCallPeriods),
  },
  addOffCall: {
    method: "POST",
    path: "/reactapi/studio/calendar/off-call",
    summary: "A period off call (a holiday, a birth she is at)",
    access: "instructor",
    travels: "labour-studio",
    body: OffCallRequest,
    invalidates: ["offCallPeriods"],
    answers: { 201: { description: "Kept.", schema: z.object({ id: z.number(), message: z.string() }) } },
  },
  deleteOffCall: {
    method: "POST",
    path: "/reactapi/studio/calendar/off-call/:id/delete",
    summary: "Ends or removes a period off call",
    access: "instructor",
    travels: "labour-studio",
    params: OffCallIdParams,
    invalidates: ["offCallPeriods"],
    answers: { ...ok(StudioOutcome), ...notFound("No such period.") },
  },
} satisfies Record<string, Endpoint>;
