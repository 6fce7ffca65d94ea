import { z } from "zod";
import { supportServices } from "./constants.ts";
import { ContactRequest } from "./forms.ts";

// Her public face (docs/product.md, Screens: /about, /contact, /links): About and Helpful links, which she edits
// in the studio's Site section, and the Contact form open to visitors.

const Line = (what: string, max: number) =>
  z
    .string({ error: `Please enter ${what}.` })
    .trim()
    .min(1, { error: `Please enter ${what}.` })
    .max(max, { error: `Please keep ${what} under ${max} characters.` });

export const Testimonial = z.object({ first_name: Line("the mother's first name", 60), text: Line("what she said", 1500) });
export const AboutPage = z.object({
  /** Her story, as HTML from the studio's editor (cleaned with the lessons' allow-list when saved). */
  story_html: z.string().max(50_000, { error: "Please keep your story under 50,000 characters." }),
  credentials: z.array(Line("a credential", 200)).max(30, { error: "Please list at most 30 credentials." }),
  testimonials: z.array(Testimonial).max(50, { error: "Please keep at most 50 testimonials." }),
});
export type AboutPage = z.infer<typeof AboutPage>;

export const HelpfulLink = z.object({
  title: Line("the link's title", 120),
  url: z
    .string({ error: "Please enter the address." })
    .trim()
    .refine((url) => /^https?:\/\/[^\s]+$/i.test(url), { error: "Please enter an address starting with https://." }),
  description: z.string().trim().max(300, { error: "Please keep the description under 300 characters." }).default(""),
});
export const LinksPage = z.object({ links: z.array(HelpfulLink).max(100, { error: "Please keep at most 100 links." }) });
export type LinksPage = z.infer<typeof LinksPage>;

/** What the studio saves: the page, and the revision it was opened at (a stale save is refused). */
export const AboutSave = AboutPage.extend({ revision: z.number().int().min(0) });
export const LinksSave = LinksPage.extend({ revision: z.number().int().min(0) });
export const StudioAbout = AboutPage.extend({ revision: z.number(), photo: z.string().nullable() });
export const StudioLinks = LinksPage.extend({ revision: z.number() });

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
  message: Line("your message", 5000),
  website: z.string().max(500).optional(),
  filled_in_ms: z.number().int().min(0).optional(),
});
export type PublicContactRequest = z.input<typeof PublicContactRequest>;

/** About as a visitor reads it: her page, with her name (from the server's configuration). */
/** photo: her picture's name (contract/pictures.ts), or null. */
export const PublicAbout = AboutPage.extend({ instructor_name: z.string(), photo: z.string().nullable() });
export type PublicAbout = z.infer<typeof PublicAbout>;
export type StudioAbout = z.infer<typeof StudioAbout>;
export type StudioLinks = z.infer<typeof StudioLinks>;
