import { z } from "zod";
import { sentenceWith } from "../languages.ts";

// What every area of the instructor's studio shares: page numbers, revisions, titles, and the sentence a change answers with.

/** Which page of a long list (?page=2), from 1. */
export const PageNumber = z.coerce
  .number({ error: "The page is a number." })
  .int({ error: "The page is a whole number." })
  .min(1, { error: "Pages start at 1." })
  .max(100_000)
  .optional()
  .default(1);

/** A change made, and the sentence that tells her what it did. */
export const StudioOutcome = z.object({ message: z.string() });
export type StudioOutcome = z.infer<typeof StudioOutcome>;

export const Revision = z.number({ error: "The revision you opened is missing; please reload." }).int().min(1).max(2_147_483_647);

export const RevisionRequest = z.object({ revision: Revision });

/** A title she must give; `missing` is its own sentence ("Please give the class a title."), for the catalogue. */
export const titleOf = (missing: string) =>
  z.string({ error: missing }).trim().min(1, { error: missing }).max(300, { error: "A title can be at most 300 characters." });

export const RichText = z
  .string({ error: "This is text." })
  .max(200_000, { error: "This is too long to save; please split it over several lessons." })
  .optional()
  .default("");

/** A course, module or plan chosen by its id; `wrong` is the sentence asking for one ("Choose the course."). */
export const CatalogueId = (wrong: string) =>
  z.number({ error: wrong }).int({ error: wrong }).min(1, { error: wrong }).max(2_147_483_647, { error: wrong });

/** A whole number of a form; `what` is a sentence() of the catalogue ("the places"), translated with the sentence. */
export const WholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: sentenceWith("Please enter {what} as a number.", { what }) })
    .int({ error: sentenceWith("Please enter {what} as a whole number.", { what }) })
    .min(min, { error: sentenceWith("Please enter at least {min} for {what}.", { what, min }) })
    .max(max, { error: sentenceWith("Please enter at most {max} for {what}.", { what, max }) });

/** Every currency the platform's Intl can write (ISO 4217 codes: EUR, MXN, USD…), in order. */
const knownCurrency = new Set(Intl.supportedValuesOf("currency"));

/** A price's currency: an ISO 4217 code, as Stripe and Intl name it. */
export const CurrencyCode = z
  .string({ error: "Please enter the currency." })
  .trim()
  .transform((currency) => currency.toUpperCase())
  .refine((currency) => /^[A-Z]{3}$/.test(currency), { error: "The currency is a three-letter code, like USD or EUR." })
  .refine((currency) => knownCurrency.has(currency), { error: "We do not know that currency. Please choose one from the list." });
