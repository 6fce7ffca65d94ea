// The languages the product speaks (docs/languages.md). A new one is a code here and its catalogue
// in locales/; every part of the product takes the list from here.

export const languages = ["en", "es"] as const;
export type Language = (typeof languages)[number];

/** The language the product is written in: its sentences are the catalogues' message ids. */
export const sourceLanguage: Language = "en";

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (languages as readonly string[]).includes(value);

/** A stored language (an account's, a booking's) when it is one we have, else `otherwise`. */
export const languageOr = (stored: unknown, otherwise: Language): Language => (isLanguage(stored) ? stored : otherwise);

/** The locale each language formats dates, numbers and lists with (Intl). */
export const formattingLocales: Record<Language, string> = { en: "en-GB", es: "es" };

/** Which way each language's text runs: pages set `dir` from it, and the CSS uses logical properties. */
export const textDirections: Record<Language, "ltr" | "rtl"> = { en: "ltr", es: "ltr" };

/** Each language's name in itself, for the language switch. */
export const languageNames: Record<Language, string> = { en: "English", es: "Español" };

/**
 * Marks a constant's English text as a sentence of the catalogue (the extractor finds it); it
 * answers the text itself: the sentence is translated where it is shown (an answer, a mail).
 */
export const sentence = <Text extends string>(text: Text): Text => text;

type SentenceValues = Record<string, string | number>;

/** The English text of a message: its `{name}` values filled in. */
const filledIn = (id: string, values: SentenceValues) =>
  id.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
const sentencesWithValues = new Map<string, { id: string; values: SentenceValues }>();

/**
 * A schema's sentence with values (`sentenceWith("Please keep {what} under {max} characters.",
 * { what: sentence("the title"), max: 120 })`): answers the English text, and remembers which
 * message and values it came from, so the answer can be written whole in another language, its
 * values translated too when they are sentences of the catalogue. Values fill `{name}` only.
 */
export function sentenceWith(id: string, values: SentenceValues): string {
  const text = filledIn(id, values);
  sentencesWithValues.set(text, { id, values });
  return text;
}

// An answer's sentences with values ("Created “Breathing”."): one per answer, so only the most
// recent are remembered, enough for the answer on its way out to be written in the reader's language.
const answersWithValues = new Map<string, { id: string; values: SentenceValues }>();
const ANSWERS_REMEMBERED = 5_000;

/**
 * An answer's sentence with values (`answerWith("Created “{title}”.", { title })`), as sentenceWith
 * for a schema: the English text, which the server's language hook writes whole in the reader's
 * language on its way out (server/src/language/request-language.ts). Values fill `{name}` only: a
 * count that changes the words is two sentences, not a plural.
 */
export function answerWith(id: string, values: SentenceValues): string {
  const text = filledIn(id, values);
  answersWithValues.delete(text);
  answersWithValues.set(text, { id, values });
  if (answersWithValues.size > ANSWERS_REMEMBERED) answersWithValues.delete(answersWithValues.keys().next().value!);
  return text;
}

/** The message and values an English text was made from by sentenceWith or answerWith, if it was. */
export const sentenceBehind = (text: string) => sentencesWithValues.get(text) ?? answersWithValues.get(text);

/** A visitor's chosen language, remembered by her browser (a member's is on her account). */
export const languageCookie = "lang";
