// The languages the product speaks (docs/languages.md). A new one is a code here and its catalogue
// in locales/; every part of the product takes the list from here.

export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

/** The language the product is written in: its sentences are the catalogues' message ids. */
export const sourceLanguage: Language = "en";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

/** The locale each language formats dates, numbers and lists with (Intl). */
export const formattingLocales: Record<Language, string> = { en: "en-GB", es: "es" };

/** Each language's name in itself, for the language switch. */
export const languageNames: Record<Language, string> = { en: "English", es: "Español" };

/**
 * Marks a constant's English text as a sentence of the catalogue (the extractor finds it); it
 * answers the text itself: the sentence is translated where it is shown (an answer, a mail).
 */
export const sentence = <Text extends string>(text: Text): Text => text;

/** A visitor's chosen language, remembered by her browser (a member's is on her account). */
export const languageCookie = "lang";
