import { z } from "zod";
import { timerRules } from "./constants.ts";

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
