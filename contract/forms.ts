import { z } from "zod";
import { supportServices } from "./constants.ts";
import { ApiError } from "./errors.ts";
import type { Endpoint } from "./endpoint.ts";
import { sentence, sentenceWith } from "./languages.ts";

const MAX_TEXT = 5000;
const MAX_LINE = 200;

const Rating = (wrong: string) => z.number({ error: wrong }).int({ error: wrong }).min(1, { error: wrong }).max(5, { error: wrong });

const OptionalText = (max: number) =>
  z
    .string({ error: "This answer must be text." })
    .trim()
    .max(max, { error: sentenceWith("Please keep this under {max} characters.", { max }) })
    .optional()
    .nullable()
    .transform((text) => text ?? "");

export const FeedbackRequest = z.object({
  satisfaction: Rating(sentence("Please choose a rating from 1 to 5 for overall satisfaction.")),
  recommend: Rating(sentence("Please choose a rating from 1 to 5 for how likely you are to recommend us.")),
  comments: OptionalText(MAX_TEXT),
  liked_most: OptionalText(MAX_TEXT),
  improve: OptionalText(MAX_TEXT),
});
export type FeedbackRequest = z.input<typeof FeedbackRequest>;

export { supportServices };

export const ContactRequest = z.object({
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .min(1, { error: "Please enter your e-mail address." })
    .max(254, { error: "That e-mail address is too long." })
    .pipe(z.email({ error: "Please enter a valid e-mail address, like name@example.com." })),
  full_name: z
    .string({ error: "Please enter your full name." })
    .trim()
    .min(1, { error: "Please enter your full name." })
    .max(MAX_LINE, { error: `Please keep your name under ${MAX_LINE} characters.` }),
  birth_location: OptionalText(MAX_LINE),
  due_date: z
    .string({ error: "Please enter the due date as a date." })
    .trim()
    .optional()
    .nullable()
    .transform((date) => date || null)
    .refine((date) => date === null || isCalendarDate(date), {
      error: "Please enter the estimated due date as a real date (YYYY-MM-DD).",
    }),
  location: OptionalText(MAX_LINE),
  referral: OptionalText(MAX_TEXT),
  services: z
    .array(z.enum(supportServices, { error: "Please choose services from the list." }), {
      error: "Please choose at least one service.",
    })
    .min(1, { error: "Please choose at least one service." })
    .max(supportServices.length, { error: "Please choose each service only once." })
    .refine((services) => new Set(services).size === services.length, {
      error: "Please choose each service only once.",
    }),
});
export type ContactRequest = z.input<typeof ContactRequest>;

export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const FormReceipt = z.object({ id: z.number(), received_at: z.string() });
export type FormReceipt = z.infer<typeof FormReceipt>;

/**
 * The Contact form, open to visitors: the support form's questions and a message. `website` is a
 * field people never see (a robot fills it); `filled_in_ms` is how long the form was open.
 */
export const PublicContactRequest = z.object({
  full_name: ContactRequest.shape.full_name,
  email: ContactRequest.shape.email,
  services: z
    .array(z.enum(supportServices, { error: "Please choose services from the list." }))
    .max(supportServices.length)
    .default([]),
  due_date: ContactRequest.shape.due_date,
  message: z
    .string({ error: "Please enter your message." })
    .trim()
    .min(1, { error: "Please enter your message." })
    .max(5000, { error: "Please keep your message under 5000 characters." }),
  website: z.string().max(500).optional(),
  filled_in_ms: z.number().int().min(0).optional(),
});
export type PublicContactRequest = z.input<typeof PublicContactRequest>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const formsEndpoints = {
  sendFeedback: {
    method: "POST",
    path: "/reactapi/feedback",
    summary: "Sends the feedback form",
    access: "member",
    travels: "forms",
    body: FeedbackRequest,
    answers: { 201: { description: "Saved.", schema: FormReceipt } },
  },
  sendContact: {
    method: "POST",
    path: "/reactapi/contact",
    summary: "Sends the contact form",
    access: "member",
    travels: "forms",
    body: ContactRequest,
    answers: { 201: { description: "Saved.", schema: FormReceipt } },
  },
  sendPublicContact: {
    method: "POST",
    path: "/reactapi/contact/public",
    summary: "The Contact page's form, open to visitors; it lands in her inbox",
    access: "anyone",
    travels: "contact",
    body: PublicContactRequest,
    answers: {
      201: { description: "Saved.", schema: FormReceipt },
      429: { description: "Too many messages from this address in an hour.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
