import { z } from "zod";
import { ApiError } from "./errors.ts";
import { PictureSaved } from "./pictures.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { sentence, sentenceWith } from "./languages.ts";

// Her public face (docs/product.md, Screens: /about, /contact, /links): About and Helpful links, which she edits
// in the studio's Site section, and the Contact form open to visitors.

/** A line she must fill in; `what` is a sentence() of the catalogue ("the mother's first name"), translated with the sentence. */
const Line = (what: string, max: number) =>
  z
    .string({ error: sentenceWith("Please enter {what}.", { what }) })
    .trim()
    .min(1, { error: sentenceWith("Please enter {what}.", { what }) })
    .max(max, { error: sentenceWith("Please keep {what} under {max} characters.", { what, max }) });

export const Testimonial = z.object({
  first_name: Line(sentence("the mother's first name"), 60),
  text: Line(sentence("what she said"), 1500),
});
export const AboutPage = z.object({
  /** Her story, as HTML from the studio's editor (cleaned with the lessons' allow-list when saved). */
  story_html: z.string().max(50_000, { error: "Please keep your story under 50,000 characters." }),
  credentials: z.array(Line(sentence("a credential"), 200)).max(30, { error: "Please list at most 30 credentials." }),
  testimonials: z.array(Testimonial).max(50, { error: "Please keep at most 50 testimonials." }),
});
export type AboutPage = z.infer<typeof AboutPage>;

export const HelpfulLink = z.object({
  title: Line(sentence("the link's title"), 120),
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

/** About as a visitor reads it: her page, with her name (from the server's configuration). */
/** photo: her picture's name (contract/pictures.ts), or null. */
export const PublicAbout = AboutPage.extend({ instructor_name: z.string(), photo: z.string().nullable() });
export type PublicAbout = z.infer<typeof PublicAbout>;
export type StudioAbout = z.infer<typeof StudioAbout>;
export type StudioLinks = z.infer<typeof StudioLinks>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const sitePagesEndpoints = {
  uploadAboutPhoto: {
    method: "POST",
    path: "/reactapi/studio/site/about/photo",
    invalidates: ["studioAbout", "aboutPage"],
    summary: "Uploads her photo for About (kept as WebP at several widths); the request must carry the page's Origin",
    access: "instructor",
    travels: "studio",
    upload: true,
    answers: {
      ...ok(PictureSaved),
      400: { description: "No file, an empty one, or a damaged upload.", schema: ApiError },
      413: { description: "Larger than 15 MB; nothing kept.", schema: ApiError },
      415: { description: "Not a picture; nothing kept.", schema: ApiError },
    },
  },
  removeAboutPhoto: {
    method: "POST",
    path: "/reactapi/studio/site/about/photo/delete",
    invalidates: ["studioAbout", "aboutPage"],
    summary: "Takes her photo off About",
    access: "instructor",
    travels: "studio",
    body: z.object({}),
    answers: ok(PictureSaved),
  },
  aboutPage: {
    method: "GET",
    path: "/reactapi/pages/about",
    summary: "About her: her story, credentials and testimonials",
    access: "anyone",
    answers: ok(PublicAbout),
  },
  linksPage: {
    method: "GET",
    path: "/reactapi/pages/links",
    summary: "Her helpful links",
    access: "anyone",
    answers: ok(LinksPage),
  },
  studioAbout: {
    method: "GET",
    path: "/reactapi/studio/site/about",
    summary: "Her About page, with its revision",
    access: "instructor",
    travels: "studio-site",
    answers: ok(StudioAbout),
  },
  saveAbout: {
    method: "POST",
    path: "/reactapi/studio/site/about",
    summary: "Saves her About page (the story cleaned with the lessons' allow-list)",
    access: "instructor",
    travels: "studio-site",
    body: AboutSave,
    invalidates: ["studioAbout", "aboutPage"],
    answers: { ...ok(StudioAbout), 409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError } },
  },
  studioLinks: {
    method: "GET",
    path: "/reactapi/studio/site/links",
    summary: "Her helpful links, with their revision",
    access: "instructor",
    travels: "studio-site",
    answers: ok(StudioLinks),
  },
  saveLinks: {
    method: "POST",
    path: "/reactapi/studio/site/links",
    summary: "Saves her helpful links",
    access: "instructor",
    travels: "studio-site",
    body: LinksSave,
    invalidates: ["studioLinks", "linksPage"],
    answers: { ...ok(StudioLinks), 409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
