import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { formattingLocales, isLanguage } from "../../../contract/languages.ts";
import { activateLanguage, type Catalogue, type CompiledMessage, loadCatalogues, t, written } from "./i18n.ts";

// The page reads Lingui's compiled catalogues itself (web/src/lib/i18n.ts): every message of every
// catalogue of the web app must read as Lingui's own runtime reads it, whatever its values.
const catalogueFiles = import.meta.glob<{ messages: Catalogue }>(["../locales/*.ts", "../features/*/locales/*.ts"], { eager: true });

/** The values a message names, each given in turn every sample of its kind. */
function valueNames(message: CompiledMessage, into = new Map<string, string>()): Map<string, string> {
  if (typeof message === "string") return into;
  for (const token of message) {
    if (typeof token === "string") continue;
    const [name, kind, format] = token;
    into.set(name, kind ?? "text");
    if (kind === "plural" || kind === "selectordinal" || kind === "select")
      for (const [key, inner] of Object.entries(format as Record<string, CompiledMessage>)) if (key !== "offset") valueNames(inner, into);
  }
  return into;
}

const samples: Record<string, (string | number)[]> = {
  plural: [0, 1, 2, 5, 21, 1000],
  selectordinal: [1, 2, 3, 11, 22],
  number: [0, 1.5, 1234.5],
  select: ["partner", "mother", "other", "anything"],
  text: ["Ana", "12 de marzo"],
};

describe("the web app's catalogues, as the page reads them", () => {
  const catalogues = Object.entries(catalogueFiles);

  it("finds the catalogues of the frames and of the features in both languages", () => {
    expect(catalogues.map(([file]) => file)).toEqual(expect.arrayContaining(["../locales/es.ts", "../features/account/locales/es.ts"]));
  });

  it("writes every English sentence as Lingui's runtime compiles it from the code, most of them from the id alone", async () => {
    const english = Object.fromEntries(catalogues.filter(([file]) => file.endsWith("/en.ts")));
    await loadCatalogues(english, {});
    activateLanguage("en");
    const lingui = setupI18n({ locale: "en", locales: [formattingLocales.en], messages: { en: {} } });
    const spanish = catalogues.filter(([file]) => file.endsWith("/es.ts")).flatMap(([, { messages }]) => Object.entries(messages));
    expect(spanish.length).toBeGreaterThan(100);
    for (const [id, message] of spanish) {
      const names = [...valueNames(message)];
      const rounds = Math.max(1, ...names.map(([, kind]) => samples[kind]!.length));
      for (let round = 0; round < rounds; round += 1) {
        const values = Object.fromEntries(names.map(([name, kind]) => [name, samples[kind]![round % samples[kind]!.length]]));
        expect(t(id, values), `${id} with ${JSON.stringify(values)}`).toBe(lingui._(id, values));
      }
    }
  });

  it.each(catalogues)("%s reads every message as Lingui's runtime does", (file, { messages }) => {
    const language = /\/(\w+)\.ts$/.exec(file)![1];
    if (!isLanguage(language)) throw new Error(`${file} is not a catalogue of a language we have`);
    const locale = formattingLocales[language];
    const lingui = setupI18n({ locale: language, locales: [locale], messages: { [language]: messages } });
    for (const [id, message] of Object.entries(messages)) {
      const names = [...valueNames(message)];
      const rounds = Math.max(1, ...names.map(([, kind]) => samples[kind]!.length));
      for (let round = 0; round < rounds; round += 1) {
        const values = Object.fromEntries(names.map(([name, kind]) => [name, samples[kind]![round % samples[kind]!.length]]));
        expect(written(message, values, locale), `${id} with ${JSON.stringify(values)}`).toBe(lingui._(id, values));
      }
    }
  });
});
