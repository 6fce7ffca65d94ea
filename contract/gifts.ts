import { z } from "zod";
import { ApiError } from "./errors.ts";
import { StudioOutcome, WholeNumber } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { idInPath } from "./catalogue.ts";
import { sentence } from "./languages.ts";

// Gifts, her birth registry, codes and pay-what-you-can (docs/gifts.md). This part: the codes the
// doula gives out, whose price the server computes and whose uses are counted across app servers.

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;

/** A code as she types it: letters and digits read without regard to case ("spring-25" is SPRING-25). */
export const CodeText = z
  .string({ error: "Type the code." })
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(CODE_PATTERN, { error: "A code is 3 to 32 letters, digits or dashes." }));

const Ids = (what: string) =>
  z
    .array(z.number({ error: what }).int({ error: what }).positive({ error: what }), { error: what })
    .max(200, { error: what })
    .default([]);

const Day = z.iso.date({ error: "Give a date as YYYY-MM-DD." });

export const CodeCreate = z
  .object({
    code: CodeText,
    percent_off: WholeNumber(sentence("the percentage off"), 1, 99).optional(),
    // In cents, as every price here.
    amount_off: WholeNumber(sentence("the amount off"), 1, 10_000_000).optional(),
    plan_ids: Ids(sentence("plan_ids is a list of plan ids.")),
    package_ids: Ids(sentence("package_ids is a list of package ids.")),
    class_ids: Ids(sentence("class_ids is a list of class ids.")),
    starts_on: Day.nullish(),
    ends_on: Day.nullish(),
    // Empty: as many uses as come.
    max_uses: WholeNumber(sentence("the number of uses"), 1, 1_000_000).nullish(),
    first_purchase_only: z.boolean({ error: "first_purchase_only is true or false." }).default(false),
  })
  .superRefine((code, context) => {
    if ((code.percent_off === undefined) === (code.amount_off === undefined))
      context.addIssue({ code: "custom", path: ["percent_off"], message: "Give either a percentage off or an amount off." });
    if (code.plan_ids.length + code.package_ids.length + code.class_ids.length === 0)
      context.addIssue({ code: "custom", path: ["plan_ids"], message: "Choose at least one plan, package or class the code is for." });
    if (code.starts_on && code.ends_on && code.ends_on < code.starts_on)
      context.addIssue({ code: "custom", path: ["ends_on"], message: "The last day comes on or after the first." });
  });
export type CodeCreate = z.input<typeof CodeCreate>;

export const StudioCode = z.object({
  id: z.number(),
  code: z.string(),
  percent_off: z.number().nullable(),
  amount_off: z.number().nullable().describe("minor units, e.g. cents"),
  plan_ids: z.array(z.number()),
  package_ids: z.array(z.number()),
  class_ids: z.array(z.number()),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  max_uses: z.number().nullable(),
  /** Paid uses, and checkouts started and not yet paid or expired (their use is held). */
  used: z.number(),
  held: z.number(),
  first_purchase_only: z.boolean(),
  created_at: z.string(),
});
export type StudioCode = z.infer<typeof StudioCode>;

export const CodeIdParams = z.object({ id: idInPath("There is no such code.") });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const giftsEndpoints = {
  createCode: {
    method: "POST",
    path: "/reactapi/studio/codes",
    summary: "Adds a code: a percentage or an amount off, for chosen plans, packages and classes, between dates, for a number of uses",
    access: "instructor",
    travels: "gifts-studio",
    body: CodeCreate,
    invalidates: ["studioCodes"],
    answers: {
      201: { description: "Added.", schema: StudioOutcome.extend({ id: z.number() }) },
      409: { description: "A code with those letters exists.", schema: ApiError },
    },
  },
  studioCodes: {
    method: "GET",
    path: "/reactapi/studio/codes",
    summary: "The codes, newest first, with their uses",
    access: "instructor",
    travels: "gifts-studio",
    answers: ok(z.object({ codes: z.array(StudioCode) })),
  },
  removeCode: {
    method: "POST",
    path: "/reactapi/studio/codes/:id/delete",
    summary: "Deletes a code: it is refused from then on (purchases made with it stay as they were)",
    access: "instructor",
    travels: "gifts-studio",
    params: CodeIdParams,
    invalidates: ["studioCodes"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
