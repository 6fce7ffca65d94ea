import { z } from "zod";
import { idInPath, PlanTier } from "../catalogue.ts";
import { CurrencyCode, Revision, RevisionRequest, StudioOutcome } from "./studio-shared.ts";
import { ApiError } from "../errors.ts";
import { type Endpoint, ok } from "../endpoint.ts";

// The plans of the Purchase page.

const CourseIds = z
  .array(z.number({ error: "Course ids are numbers." }).int({ error: "Course ids are whole numbers." }).min(1).max(2_147_483_647), {
    error: "Choose the courses as a list.",
  })
  .max(1000, { error: "That is more courses than a plan can name." })
  .transform((ids) => [...new Set(ids)]);

export const PlanInput = z.object({
  name: z
    .string({ error: "Please give the plan a name." })
    .trim()
    .min(1, { error: "Please give the plan a name." })
    .max(200, { error: "A plan's name can be at most 200 characters." }),
  description: z
    .string({ error: "The description is text." })
    .trim()
    .max(5000, { error: "Keep the description under 5,000 characters." })
    .optional()
    .default(""),
  price_minor: z
    .number({ error: "Please enter the price." })
    .int({ error: "The price is a whole number of cents." })
    .min(0, { error: "The price cannot be negative." })
    .max(100_000_000, { error: "That price is too high." }),
  currency: CurrencyCode,
  billing_interval: z.enum(["month", "year", "once"], { error: "The billing is month, year or once." }),
  /** Whether a buyer's linked partner shares the plan's courses marked for partners. */
  partner_seat: z.boolean({ error: "Say whether the plan includes a partner seat." }).optional(),
  course_ids: CourseIds,
  /** Pay what you can (docs/gifts.md): none, or two to five prices she chooses from; left out, a save keeps them. */
  tiers: z
    .array(
      z.object({
        name: z
          .string({ error: "Give each tier a name." })
          .trim()
          .min(1, { error: "Give each tier a name." })
          .max(40, { error: "Keep a tier's name under 40 characters." }),
        price: z
          .number({ error: "Give each tier its price in cents." })
          .int({ error: "Give each tier its price in cents." })
          .min(50, { error: "A tier's price is at least 50 cents, the least a card payment takes." })
          .max(100_000_000, { error: "That price is too high." }),
        line: z
          .string({ error: "A tier's line is text." })
          .trim()
          .max(200, { error: "Keep a tier's line under 200 characters." })
          .default(""),
      }),
      { error: "Give the tiers as a list." },
    )
    .max(5, { error: "Offer at most five tiers." })
    .refine((tiers) => tiers.length !== 1, { error: "Offer two tiers or more, or none." })
    .refine((tiers) => new Set(tiers.map((tier) => tier.name.toLowerCase())).size === tiers.length, {
      error: "Give each tier its own name.",
    })
    .optional(),
});
export type PlanInput = z.input<typeof PlanInput>;

export const PlanUpdate = PlanInput.extend({ revision: Revision });
export type PlanUpdate = z.input<typeof PlanUpdate>;

export const PlanIdParams = z.object({ id: idInPath("That plan does not exist.") });

export const StudioPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_minor: z.number(),
  currency: z.string(),
  billing_interval: z.enum(["month", "year", "once"]),
  partner_seat: z.boolean(),
  course_ids: z.array(z.number()),
  tiers: z.array(PlanTier),
  revision: z.number(),
});
export type StudioPlan = z.infer<typeof StudioPlan>;

export const StudioPlans = z.object({ plans: z.array(StudioPlan), courses: z.array(z.object({ id: z.number(), title: z.string() })) });
export type StudioPlans = z.infer<typeof StudioPlans>;

export const PlanSaved = z.object({ plan: StudioPlan, message: z.string() });
export type PlanSaved = z.infer<typeof PlanSaved>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioPlansEndpoints = {
  studioPlans: {
    method: "GET",
    path: "/reactapi/studio/plans",
    summary: "Every plan with its revision, and the courses a plan may include",
    access: "instructor",
    travels: "studio",
    answers: ok(StudioPlans),
  },
  createPlan: {
    method: "POST",
    path: "/reactapi/studio/plans",
    invalidates: ["studioPlans", "studioCourse", "getCourses"],
    summary: "Creates a plan",
    access: "instructor",
    travels: "studio-plans",
    body: PlanInput,
    answers: { 201: { description: "Created.", schema: PlanSaved } },
  },
  updatePlan: {
    method: "POST",
    path: "/reactapi/studio/plans/:id",
    invalidates: ["studioPlans", "studioCourse", "getCourses"],
    summary: "Saves a plan over the revision she opened",
    access: "instructor",
    travels: "studio-plans",
    params: PlanIdParams,
    body: PlanUpdate,
    answers: {
      ...ok(PlanSaved),
      404: { description: "No such plan.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError },
    },
  },
  deletePlan: {
    method: "POST",
    path: "/reactapi/studio/plans/:id/delete",
    invalidates: ["studioPlans", "studioCourse", "getCourses"],
    summary: "Deletes a plan (purchases keep their copy)",
    access: "instructor",
    travels: "studio-plans",
    params: PlanIdParams,
    body: RevisionRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such plan.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
