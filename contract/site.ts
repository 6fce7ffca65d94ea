import { z } from "zod";
import { type Endpoint, ok } from "./endpoint.ts";
import { languages } from "./languages.ts";

/** One of the languages we have; anything else is refused with this sentence. */
export const LanguageCode = z.enum(languages, { error: "We do not have that language. Please choose one from the list." });

export const LanguageChoice = z.object({ language: LanguageCode });
export type LanguageChoice = z.input<typeof LanguageChoice>;

export const SiteDetails = z.object({
  contact_email: z.string(),
  contact_phone: z.string(),
  contact_city: z.string(),
  podcast_player_url: z.string(),
  /** True when Stripe is configured: the Purchase page then offers Buy and Subscribe. */
  online_payment: z.boolean(),
  /** The site's language (Studio → Site): a visitor's whose browser asks for none we have. */
  language: LanguageCode,
  /** Every language the site can be read in. */
  languages: z.array(LanguageCode),
  links: z.object({
    podcast_directory: z.string(),
    blog: z.string(),
    facebook: z.string(),
    youtube: z.string(),
    pinterest: z.string(),
    instagram: z.string(),
  }),
});
export type SiteDetails = z.infer<typeof SiteDetails>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const siteEndpoints = {
  siteDetails: {
    method: "GET",
    path: "/reactapi/site",
    summary: "The instructor's contact details, links and whether online payment is on",
    access: "anyone",
    answers: ok(SiteDetails),
  },
  saveSiteLanguage: {
    method: "POST",
    path: "/reactapi/studio/site/language",
    summary: "Sets the site's language: a visitor's, and a member's who has not chosen one",
    access: "instructor",
    travels: "studio-site",
    body: LanguageChoice,
    invalidates: ["siteDetails"],
    answers: ok(LanguageChoice),
  },
} satisfies Record<string, Endpoint>;
