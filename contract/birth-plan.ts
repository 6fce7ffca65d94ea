import { z } from "zod";
import { sentence } from "./languages.ts";
import { Revision } from "./studio/studio-shared.ts";
import { ApiError } from "./errors.ts";
import { BookingIdParams } from "./studio/calendar.ts";
import { ClientIdParams } from "./care.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// Birth preferences (docs/product.md, Birth preferences): the instructor's sections and options,
// and each member's choices with a short note, saved with a revision.

export const BirthPlanOption = z.object({
  id: z.string(),
  label: z.string(),
  lesson_id: z.number().nullable(),
  /** The course of its lesson, for the "Learn about this" link (in a member's answer, when the lesson exists for her). */
  course_id: z.number().nullable().optional(),
});
export const BirthPlanSection = z.object({ id: z.string(), title: z.string(), options: z.array(BirthPlanOption) });
export type BirthPlanSection = z.infer<typeof BirthPlanSection>;

export const BirthPlanChoice = z.object({
  option_id: z.string({ error: "Name the option." }).max(100, { error: "Name the option." }),
  note: z.string({ error: "A note is text." }).trim().max(300, { error: "Keep a note under 300 characters." }).optional().default(""),
});

export const BirthPlan = z.object({
  sections: z.array(BirthPlanSection),
  choices: z.array(z.object({ option_id: z.string(), note: z.string() })),
  support_people: z.string(),
  share_with_instructor: z.boolean(),
  /** 0 before her first save. */
  revision: z.number(),
  updated_at: z.string().nullable(),
  /** Whose plan: hers, or (on her partner's account, when she shares it) hers read-only. */
  owner: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable(), due_date: z.string().nullable() }),
  read_only: z.boolean(),
});
export type BirthPlan = z.infer<typeof BirthPlan>;

export const BirthPlanSave = z.object({
  choices: z.array(BirthPlanChoice, { error: "Send the choices as a list." }).max(200, { error: "That is more choices than there are." }),
  support_people: z
    .string({ error: "Support people are text." })
    .trim()
    .max(500, { error: "Keep the support people under 500 characters." })
    .optional()
    .default(""),
  share_with_instructor: z.boolean({ error: "Say whether to share it with the instructor." }).optional(),
  /** The revision her page loaded; a save over a newer one is refused (409). */
  revision: z.number({ error: "Send the revision you loaded." }).int().min(0),
});
export type BirthPlanSave = z.input<typeof BirthPlanSave>;

export const BirthPlanSaved = z.object({ revision: z.number(), updated_at: z.string(), message: z.string() });
export type BirthPlanSaved = z.infer<typeof BirthPlanSaved>;

export const BirthPlanPdfQuery = z.object({
  size: z.enum(["a4", "letter"], { error: "The paper is a4 or letter." }).optional().default("a4"),
});

const Label = z
  .string({ error: "Give it a label." })
  .trim()
  .min(1, { error: "Give it a label." })
  .max(200, { error: "Keep a label under 200 characters." });

/** The studio's save of the sections and options; an option keeps its id, a new one comes without. */
export const BirthPlanTemplateSave = z.object({
  sections: z
    .array(
      z.object({
        id: z.string().max(60).optional(),
        title: Label,
        options: z
          .array(
            z.object({
              id: z.string().max(100).optional(),
              label: Label,
              lesson_id: z.number().int().positive().nullable().optional().default(null),
            }),
          )
          .max(40, { error: "Keep a section to 40 options." }),
      }),
    )
    .min(1, { error: "Keep at least one section." })
    .max(30, { error: "Keep it to 30 sections." }),
  revision: Revision,
});
export type BirthPlanTemplateSave = z.input<typeof BirthPlanTemplateSave>;

export const BirthPlanTemplate = z.object({ sections: z.array(BirthPlanSection), revision: z.number() });
export type BirthPlanTemplate = z.infer<typeof BirthPlanTemplate>;

/** A lesson an option may link to ("Learn about this"), as the studio offers it by name. */
export const LinkableLesson = z.object({ id: z.number(), title: z.string(), course_title: z.string() });
export type LinkableLesson = z.infer<typeof LinkableLesson>;

/** The studio's copy of the sections, with every lesson in course order to choose from. */
export const StudioBirthPlanTemplate = BirthPlanTemplate.extend({ lessons: z.array(LinkableLesson) });
export type StudioBirthPlanTemplate = z.infer<typeof StudioBirthPlanTemplate>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const birthPlanEndpoints = {
  birthPlan: {
    method: "GET",
    path: "/reactapi/birth-plan",
    summary: "Her birth preferences with the sections and options to choose from (on a partner's account, hers when she shares them)",
    access: "member",
    travels: "birth-plan",
    answers: { ...ok(BirthPlan), 403: { description: "A partner she does not share them with.", schema: ApiError } },
  },
  saveBirthPlan: {
    method: "POST",
    path: "/reactapi/birth-plan",
    summary: "Saves her choices over the revision she loaded (409 with the sentence when another device saved since)",
    access: "mother",
    partnerRefusal: sentence("Her birth preferences are hers to change; you can read them when she shares them."),
    travels: "birth-plan",
    body: BirthPlanSave,
    answers: {
      ...ok(BirthPlanSaved),
      400: { description: "A bad body.", schema: ApiError },
      403: { description: "A partner's account reads, never writes.", schema: ApiError },
      409: { description: "Saved from an older copy: nothing was changed.", schema: ApiError },
    },
  },
  birthPlanPdf: {
    method: "GET",
    path: "/reactapi/birth-plan.pdf",
    summary: "Her birth preferences as a PDF (A4 or Letter) to print or save",
    access: "member",
    travels: "birth-plan",
    query: BirthPlanPdfQuery,
    answers: {
      200: { description: "The document.", contentType: "application/pdf" },
      403: { description: "A partner she does not share them with.", schema: ApiError },
    },
  },
  bookingBirthPlanPdf: {
    method: "GET",
    path: "/reactapi/studio/bookings/:id/birth-plan.pdf",
    summary: "The birth preferences of the member who made a booking, while she shares them with the instructor",
    access: "instructor",
    travels: "calendar",
    params: BookingIdParams,
    query: BirthPlanPdfQuery,
    answers: {
      200: { description: "The document.", contentType: "application/pdf" },
      404: { description: "No such booking, or she does not share them.", schema: ApiError },
    },
  },
  careBirthPlanPdf: {
    method: "GET",
    path: "/reactapi/studio/care/clients/:id/birth-plan.pdf",
    summary: "A birth client's preferences, while she shares them with her doulas: for her doula, and her backup doula",
    access: "doula",
    travels: "labour-studio",
    params: ClientIdParams,
    query: BirthPlanPdfQuery,
    answers: {
      200: { description: "The document.", contentType: "application/pdf" },
      404: { description: "No such client shared with her, or she does not share them.", schema: ApiError },
    },
  },
  studioBirthPlanTemplate: {
    method: "GET",
    path: "/reactapi/studio/birth-plan",
    summary: "The birth-preferences builder's sections and options, and the lessons an option may link to",
    access: "instructor",
    travels: "birth-plan",
    answers: ok(StudioBirthPlanTemplate),
  },
  saveBirthPlanTemplate: {
    method: "POST",
    path: "/reactapi/studio/birth-plan",
    summary: "Saves the sections and options (kept options keep their ids)",
    access: "instructor",
    travels: "birth-plan",
    body: BirthPlanTemplateSave,
    invalidates: ["studioBirthPlanTemplate", "birthPlan"],
    answers: {
      ...ok(BirthPlanTemplate.extend({ message: z.string() })),
      400: { description: "A bad body, or an option linked to a lesson that does not exist.", schema: ApiError },
      409: { description: "Saved from an older copy.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
