import type { Language } from "../../../contract/languages.ts";

/** Her name, her title in one language, and her business's name, as her pages, PDFs and mails print them. */
export type PracticeName = { doulaName: string; title: string; businessName: string };

/**
 * Her names as they are at this moment (Studio → Site → Your name, the site capability's store),
 * read when a page, a PDF or a mail is made, never kept from start-up: she may change them at any time.
 */
export type PracticeNames = { now(language?: Language): PracticeName };

/** Names that do not change, for tests that make mails or pages without an app. */
export const fixedPracticeNames = (names: { doulaName: string; businessName: string; title?: string }): PracticeNames => ({
  now: () => ({ title: "", ...names }),
});

/**
 * A new installation's names from INSTRUCTOR_NAME ("Maya Ellison, certified birth doula": her name,
 * then her title after the first comma) and BUSINESS_NAME, until she sets her own.
 */
export function seededNames(instructorName: string, businessName: string): PracticeName {
  const comma = instructorName.indexOf(",");
  return comma === -1
    ? { doulaName: instructorName.trim(), title: "", businessName }
    : { doulaName: instructorName.slice(0, comma).trim(), title: instructorName.slice(comma + 1).trim(), businessName };
}

/** Her name with her title ("Maya Ellison, certified birth doula"), or her name alone when she gave none. */
export const nameWithTitle = (names: PracticeName): string => (names.title ? `${names.doulaName}, ${names.title}` : names.doulaName);
