import { z } from "zod";

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

export const titleOf = (what: string) =>
  z
    .string({ error: `Please give the ${what} a title.` })
    .trim()
    .min(1, { error: `Please give the ${what} a title.` })
    .max(300, { error: "A title can be at most 300 characters." });

export const RichText = z
  .string({ error: "This is text." })
  .max(200_000, { error: "This is too long to save; please split it over several lessons." })
  .optional()
  .default("");

export const CatalogueId = (what: string) =>
  z
    .number({ error: `Choose the ${what}.` })
    .int({ error: `Choose the ${what}.` })
    .min(1, { error: `Choose the ${what}.` })
    .max(2_147_483_647, { error: `Choose the ${what}.` });
