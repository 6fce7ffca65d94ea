import { createElement, Fragment, type ReactNode } from "react";
import { formattingLocales, isLanguage, type Language, languages, sourceLanguage } from "../../../contract/languages.ts";

// The web app's sentences, in the reader's language (docs/languages.md). The server decides the
// language of every page it sends (her account's, else her cookie's, else her browser's, else the
// site's) and writes it into <html lang>; the page keeps it until it is loaded again, which is what
// a change of language does. Each sentence is written in English in the code, wrapped in t("…"),
// and is its own message id: `npm run messages` extracts the catalogues of the frames and shared
// components (web/src/locales/) and of each feature (web/src/features/<feature>/locales/), and
// Lingui compiles them.
//
// The page reads Lingui's compiled messages itself, with the browser's Intl: Lingui's runtime
// (@lingui/core, which the server uses) would add some 2,200 gzipped bytes to every first visit,
// most of the 3,000 a language may cost. web/src/lib/i18n.test.ts holds this reader to Lingui's
// own on every message of every catalogue.

/** A message as `lingui compile` writes it: text, or text and values, plurals and selects. */
export type CompiledMessage = string | Token[];
type Token = string | [name: string] | [name: string, kind: string, format?: unknown];
type Cases = Record<string, CompiledMessage> & { offset?: number };
export type Catalogue = Record<string, CompiledMessage>;

const catalogues = Object.fromEntries(languages.map((language) => [language, {}])) as Record<Language, Catalogue>;
let current: Language = sourceLanguage;

function languageOfPage(): Language {
  const written = typeof document === "undefined" ? undefined : document.documentElement.lang;
  return isLanguage(written) ? written : sourceLanguage;
}

/** Makes `language` the one t() writes in: at start, and for each language the build prerenders. */
export function activateLanguage(language: Language) {
  current = language;
}
activateLanguage(languageOfPage());

/** The language this page is written in. */
export const pageLanguage = () => current;

/** The locale dates, numbers and lists of this page are formatted with (Intl). */
export const pageLocale = () => formattingLocales[current];

/** Writes a compiled message with its values; `count` is what "#" stands for inside a plural. */
export function written(message: CompiledMessage, values: Record<string, unknown>, locale: string, count?: number): string {
  if (typeof message === "string") return message;
  return message
    .map((token) => {
      if (typeof token === "string") return token === "#" && count !== undefined ? new Intl.NumberFormat(locale).format(count) : token;
      const [name, kind, format] = token;
      const value = values[name];
      if (kind === "plural" || kind === "selectordinal") {
        const { offset = 0, ...cases } = format as Cases;
        const number = Number(value);
        const rule = new Intl.PluralRules(locale, { type: kind === "plural" ? "cardinal" : "ordinal" }).select(number - offset);
        return written(cases[number] ?? cases[rule] ?? cases.other!, values, locale, number - offset);
      }
      if (kind === "select") {
        const cases = format as Cases;
        return written(cases[String(value)] ?? cases.other!, values, locale);
      }
      if (kind === "number") {
        const style = typeof format === "string" ? { style: format as "percent" } : (format as Intl.NumberFormatOptions | undefined);
        return new Intl.NumberFormat(locale, style).format(Number(value));
      }
      return value == null ? "" : String(value);
    })
    .join("");
}

/** A part's catalogue in the source language, bundled with it (`import.meta.glob("./locales/en.ts", { eager: true })`). */
export type SourceCatalogue = Record<string, unknown>;
/** A part's catalogues in the other languages, each downloaded when needed (`import.meta.glob(["./locales/*.ts", "!./locales/en.ts"])`). */
export type CatalogueFiles = Record<string, () => Promise<unknown>>;

const messagesOf = (module: unknown) => (module as { messages: Catalogue }).messages;

/**
 * Loads a part's catalogue in the page's language before its screens render (its messages.ts
 * awaits it at the top level). The source language's travels with the part (a few messages with
 * values; no request of its own), another's comes as a file of its own, which the page already
 * names for the browser (scripts/prerender.mjs). The build's prerendering loads every language.
 */
export async function loadCatalogues(source: SourceCatalogue, others: CatalogueFiles) {
  for (const module of Object.values(source)) Object.assign(catalogues[sourceLanguage], messagesOf(module));
  const wanted = import.meta.env.SSR ? languages : [current];
  await Promise.all(
    wanted.map(async (language) => {
      const load = Object.entries(others).find(([file]) => file.endsWith(`/${language}.ts`))?.[1];
      if (load) Object.assign(catalogues[language], messagesOf(await load()));
    }),
  );
}

/** An English sentence as the code writes it, its `{name}` values filled in (a missing one as "", as Lingui writes it). */
const filledIn = (id: string, values: Record<string, unknown>) =>
  id.replace(/\{(\w+)\}/g, (_placeholder, name: string) => (values[name] == null ? "" : String(values[name])));

/**
 * A sentence of the interface in the reader's language; `{name}` in it is filled from `values`.
 * A message its catalogue lacks is the English sentence written in the code, its values filled
 * in: the English catalogues keep only the messages with plurals, selects or numbers, so an
 * English reader downloads no sentence twice (scripts/i18n/trim-source-catalogues.mjs).
 */
export const t = (id: string, values: Record<string, string | number | null | undefined> = {}): string => {
  // The build writes each sentence in place in its language (web/sentences-in-place.ts): its text,
  // or, when it has plurals, selects or numbers, the message as Lingui compiled it.
  const given = id as string | CompiledMessage;
  const message = typeof given === "string" ? catalogues[current][given] : given;
  return message === undefined ? filledIn(id, values) : written(message, values, pageLocale());
};

// Marks where a part of the page goes in a translated sentence: a character no sentence contains.
const partMark = "\uE000";

/**
 * A sentence with parts of the page inside it (a link, an address in bold): `tWith("You sign in
 * with {email}.", { email: <strong>{address}</strong> })`. Each language places the parts where
 * its sentence needs them.
 */
export function tWith(id: string, parts: Record<string, ReactNode>): ReactNode[] {
  const marked = Object.fromEntries(Object.keys(parts).map((name) => [name, `${partMark}${name}${partMark}`]));
  return t(id, marked)
    .split(partMark)
    .map((piece, index) => (index % 2 === 1 ? createElement(Fragment, { key: index }, parts[piece]) : piece));
}

// The frames' and shared components' sentences: every page waits for them before its first render.
// (The globs name the source language, "en", as Vite needs them written out.)
await loadCatalogues(import.meta.glob("../locales/en.ts", { eager: true }), import.meta.glob(["../locales/*.ts", "!../locales/en.ts"]));
