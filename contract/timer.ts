import { z } from "zod";
import { sentence } from "./languages.ts";
import { timerRules } from "./constants.ts";
import { ApiError } from "./errors.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// The contraction timer (docs/product.md, Contraction timer): sessions kept on her phone and synced.

export { timerRules };
export const TimerRule = z.enum(timerRules, { error: "The rule is 5-1-1, 4-1-1 or 3-1-1." });
export type TimerRule = z.infer<typeof TimerRule>;

const Instant = z.iso.datetime({ offset: true, error: "A time is an ISO 8601 instant." });

export const Contraction = z.object({ start: Instant, end: Instant.nullable() });
export type Contraction = z.infer<typeof Contraction>;

export const TimerSessionIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, { error: "That session id is not one the timer makes." }),
});

export const TimerSessionSave = z.object({
  rule: TimerRule,
  contractions: z
    .array(Contraction, { error: "Send the contractions as a list." })
    .max(2000, { error: "That is more contractions than one session keeps." }),
});
export type TimerSessionSave = z.infer<typeof TimerSessionSave>;

export const TimerSession = z.object({ id: z.string(), rule: TimerRule, contractions: z.array(Contraction), updated_at: z.string() });
export type TimerSession = z.infer<typeof TimerSession>;

/** Her latest session (or, on her partner's account, hers when she shares it). */
export const TimerCurrent = z.object({
  session: TimerSession.nullable(),
  read_only: z.boolean(),
  owner_first_name: z.string().nullable(),
});
export type TimerCurrent = z.infer<typeof TimerCurrent>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** What this capability tells her devices (docs/push.md): she started her contraction timer (to her partner). */
export const timerPushKinds = ["partner_timer"] as const;

export const timerEndpoints = {
  timerCurrent: {
    method: "GET",
    path: "/reactapi/timer",
    summary: "Her latest contraction-timer session (on a partner's account, hers while she shares it)",
    access: "member",
    travels: "timer",
    answers: { ...ok(TimerCurrent), 403: { description: "A partner she does not share it with.", schema: ApiError } },
  },
  syncTimerSession: {
    method: "POST",
    path: "/reactapi/timer/sessions/:id",
    summary: "Keeps a session as her phone sends it (the id is made on the phone, so a repeated send changes nothing)",
    access: "mother",
    partnerRefusal: sentence("A partner's account follows her timer; it does not time its own."),
    travels: "timer",
    params: TimerSessionIdParams,
    body: TimerSessionSave,
    invalidates: ["timerCurrent"],
    answers: {
      ...ok(TimerSession),
      400: { description: "A bad body.", schema: ApiError },
      403: { description: "A partner's account does not time.", schema: ApiError },
      404: { description: "Another account's session.", schema: ApiError },
    },
  },
  deleteTimerSession: {
    method: "POST",
    path: "/reactapi/timer/sessions/:id/delete",
    summary: "Deletes one of her sessions",
    access: "member",
    travels: "timer",
    params: TimerSessionIdParams,
    invalidates: ["timerCurrent"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such session of hers.", schema: ApiError } },
  },
  timerEvents: {
    method: "GET",
    path: "/reactapi/timer/events",
    summary: "Server-Sent Events: the followed timer's session each time it changes, on any app server",
    access: "member",
    travels: "timer",
    answers: {
      200: {
        description: "An event stream (event: session, data: as GET /reactapi/timer; event: changed, read it again).",
        contentType: "text/event-stream",
      },
      403: { description: "A partner she does not share it with.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
