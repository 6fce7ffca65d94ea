import { z } from "zod";
import { type Endpoint, ok } from "./endpoint.ts";
import { type Language, languages, sentence } from "./languages.ts";
import { CurrencyCode } from "./studio/studio-shared.ts";
import { looksLikeALink, notALinkSentence } from "./sign-in.ts";

/** One of the languages we have; anything else is refused with this sentence. */
export const LanguageCode = z.enum(languages, { error: "We do not have that language. Please choose one from the list." });

export const LanguageChoice = z.object({ language: LanguageCode });
export type LanguageChoice = z.input<typeof LanguageChoice>;

/**
 * The currency a practice's prices start in until she chooses hers: the one most of its language's
 * readers pay in (a Spanish site starts in euros). A language added to contract/languages.ts needs one.
 */
export const currencyOfLanguage = { en: "USD", es: "EUR" } as const satisfies Record<Language, string>;

export const CurrencyChoice = z.object({ currency: CurrencyCode });
export type CurrencyChoice = z.input<typeof CurrencyChoice>;

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
  /** The currency her prices start in (Studio → Site): hers, else her site's language's. */
  currency: z.string(),
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

const NameText = (empty: string, tooLong: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .max(100, { error: tooLong })
    .refine((name) => !looksLikeALink(name), { error: notALinkSentence });

/**
 * Her names as every page, PDF and mail prints them (Studio → Site → Your name): her own, her
 * business's, and her title in each language she writes it in (none: her name stands alone).
 */
export const PracticeNamesForm = z.object({
  doula_name: NameText(sentence("Please write your name as clients should read it."), sentence("Your name can be at most 100 characters.")),
  business_name: NameText(
    sentence("Please write the name of your practice."),
    sentence("The name of your practice can be at most 100 characters."),
  ),
  titles: z.partialRecord(
    LanguageCode,
    z
      .string({ error: "A title must be text." })
      .trim()
      .max(100, { error: "A title can be at most 100 characters." })
      .refine((title) => !looksLikeALink(title), { error: notALinkSentence }),
  ),
});
export type PracticeNamesForm = z.input<typeof PracticeNamesForm>;
export const PracticeNamesAnswer = z.object({
  doula_name: z.string(),
  business_name: z.string(),
  titles: z.partialRecord(LanguageCode, z.string()),
});
export type PracticeNamesAnswer = z.infer<typeof PracticeNamesAnswer>;

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
  saveSiteCurrency: {
    method: "POST",
    path: "/reactapi/studio/site/currency",
    summary: "Sets the currency her new prices start in: packages, plans, sessions and classes",
    access: "instructor",
    travels: "studio-site",
    body: CurrencyChoice,
    invalidates: ["siteDetails"],
    answers: ok(z.object({ currency: z.string() })),
  },
  practiceNames: {
    method: "GET",
    path: "/reactapi/studio/site/names",
    summary: "Her name, her business's name and her title in each language, as pages, PDFs and mails print them",
    access: "instructor",
    travels: "studio-site",
    answers: ok(PracticeNamesAnswer),
  },
  savePracticeNames: {
    method: "POST",
    path: "/reactapi/studio/site/names",
    summary: "Saves her names: every page, PDF and mail made from now on prints them",
    access: "instructor",
    travels: "studio-site",
    body: PracticeNamesForm,
    invalidates: ["practiceNames", "aboutPage"],
    answers: ok(PracticeNamesAnswer),
  },
} satisfies Record<string, Endpoint>;
