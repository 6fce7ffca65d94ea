import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { type Language, sentenceBehind } from "../../../contract/languages.ts";
import { messages as en } from "../../../locales/en.ts";
import { messages as es } from "../../../locales/es.ts";

// Every language's compiled catalogue (locales/, docs/languages.md): `satisfies` makes a language
// added to contract/languages.ts without its catalogue here fail to compile.
const catalogues = { en, es } satisfies Record<Language, Messages>;

const translators = new Map<Language, I18n>();

const sentenceIn = (language: Language, value: unknown): unknown =>
  typeof value !== "string"
    ? value
    : Object.hasOwn(catalogues[language], value)
      ? translatorFor(language)._(value)
      : sentenceBehind(value)
        ? translate(language, value)
        : value;

/** Lingui's translator for one language, made once. */
export function translatorFor(language: Language): I18n {
  let translator = translators.get(language);
  if (!translator) {
    translator = setupI18n({ locale: language, messages: { [language]: catalogues[language] } });
    translators.set(language, translator);
  }
  return translator;
}

/**
 * A sentence of the product in a language: the English sentence is its own id. Text the catalogue
 * does not hold (her own words, a sentence not yet in the catalogue) is answered as it is, never
 * read as a message.
 */
export function translate(language: Language, sentence: string, values?: Record<string, unknown>): string {
  if (Object.hasOwn(catalogues[language], sentence)) {
    // A value that is itself a sentence of the catalogue (a 429's "Too many sign-in attempts.") is written in the language too.
    const written = values && Object.fromEntries(Object.entries(values).map(([name, value]) => [name, sentenceIn(language, value)]));
    return translatorFor(language)._(sentence, written);
  }
  // A schema's sentence with values (contract/languages.ts sentenceWith): its message, with its values in the language too.
  const behind = values ? undefined : sentenceBehind(sentence);
  if (!behind) return sentence;
  return translate(language, behind.id, behind.values);
}
