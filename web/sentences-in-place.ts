import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import type { Plugin } from "vite";
import { type Language, sourceLanguage } from "../contract/languages.ts";

// A first visit downloads its sentences in the reader's language and no other (docs/languages.md,
// "Bytes"): the build writes the web app once per language, and in each it writes every sentence of
// the code in place, in that language, where the code has `t("…")`, `tWith("…", parts)` or
// `sentence("…")`. A page of the Spanish build carries its Spanish sentences as the English one
// carries its English, in the same chunks, and loads no catalogue at all. A message with plurals,
// selects or numbers is written as Lingui compiled it (web/src/lib/i18n.ts writes it); a plain one
// as its text, its `{name}` values filled in as the page renders.
//
// The sentences are found as the extractor finds them (scripts/i18n/sentence-extractor.ts), in the
// TypeScript source, and looked up in the compiled catalogues `npm run messages` writes: the
// module's feature's, then the frames' and shared components', then the server's and contract's.
// The pages the build renders ahead of time (scripts/prerender.mjs) are rendered with the
// catalogues instead, every language in one pass, which is why this runs only in `vite build`.

type Token = string | [name: string, ...rest: unknown[]];
type Compiled = string | Token[];
type Catalogue = Record<string, Compiled>;

const repository = path.resolve(import.meta.dirname, "..");
const webSource = path.join(repository, "web/src");
const contractSource = path.join(repository, "contract");
const compiledMessages = /export const messages=JSON\.parse\(("(?:[^"\\]|\\.)*")\)/;

function readCatalogue(file: string): Catalogue {
  if (!existsSync(file)) return {};
  const found = compiledMessages.exec(readFileSync(file, "utf8"));
  if (!found) throw new Error(`${path.relative(repository, file)} is not a catalogue as lingui compile writes it`);
  return JSON.parse(JSON.parse(found[1]!) as string) as Catalogue;
}

/** The catalogues a module's sentences are looked up in, nearest first. */
function cataloguesFor(language: Language) {
  const shared = [
    readCatalogue(path.join(webSource, "locales", `${language}.ts`)),
    readCatalogue(path.join(repository, "locales", `${language}.ts`)),
  ];
  const features = new Map<string, Catalogue>();
  for (const feature of readdirSync(path.join(webSource, "features")))
    features.set(feature, readCatalogue(path.join(webSource, "features", feature, "locales", `${language}.ts`)));
  // The studio's shared widgets have a catalogue of their own (web/src/studio-kit/locales).
  const studioKit = readCatalogue(path.join(webSource, "studio-kit", "locales", `${language}.ts`));
  return (file: string): Catalogue[] => {
    const [top, feature] = path.relative(webSource, file).split(path.sep);
    if (top === "studio-kit") return [studioKit, ...shared];
    return top === "features" && feature !== undefined ? [features.get(feature) ?? {}, ...shared] : shared;
  };
}

/** A message as plain text with `{name}` values, when it is no more than that. */
function asPlainText(message: Compiled): string | undefined {
  if (typeof message === "string") return message.includes("{") ? undefined : message;
  let text = "";
  for (const token of message) {
    if (typeof token === "string") {
      if (token.includes("{")) return undefined;
      text += token;
    } else if (token.length === 1 && /^\w+$/.test(token[0])) text += `{${token[0]}}`;
    else return undefined;
  }
  return text;
}

const SENTENCE_CALLS = new Set(["t", "tWith", "sentence"]);

function literalOf(node: ts.Node | undefined): ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node : undefined;
}

/** The module's text with its sentences in `language`, and the catalogues' loading left out. */
export function writeInPlace(file: string, code: string, language: Language, catalogues: Catalogue[]): string {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const literal = literalOf(node.arguments[0]);
      if (SENTENCE_CALLS.has(name) && literal && literal.text.trim() !== "") {
        const message = catalogues.map((catalogue) => catalogue[literal.text]).find((found) => found !== undefined);
        if (message === undefined && language !== sourceLanguage)
          throw new Error(`${path.relative(repository, file)}: "${literal.text}" has no ${language} message: run npm run messages`);
        if (message !== undefined) {
          const plain = asPlainText(message);
          // The source language's catalogues hold only the messages with plurals, selects or
          // numbers (scripts/i18n/trim-source-catalogues.mjs): its other sentences are the code's.
          const text = plain === undefined ? JSON.stringify(message) : JSON.stringify(plain);
          edits.push({ start: literal.getStart(source), end: literal.getEnd(), text });
        }
      }
      // A part's catalogues are in its code already: the await that loads them goes.
      if (name === "loadCatalogues" && ts.isAwaitExpression(node.parent) && ts.isExpressionStatement(node.parent.parent)) {
        const statement = node.parent.parent;
        edits.push({ start: statement.getStart(source), end: statement.getEnd(), text: "" });
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let written = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) written = written.slice(0, edit.start) + edit.text + written.slice(edit.end);
  return written;
}

/** The build's plugin: the web app's and the contract's modules written in `language`. */
export function sentencesInPlace(language: Language): Plugin {
  let cataloguesOf: ReturnType<typeof cataloguesFor>;
  return {
    name: "sentences-in-place",
    apply: "build",
    enforce: "pre",
    buildStart() {
      cataloguesOf = cataloguesFor(language);
    },
    transform(code, id) {
      const file = id.replace(/\?.*$/, "");
      if (!/\.tsx?$/.test(file) || /[\\/]locales[\\/]/.test(file)) return null;
      if (!file.startsWith(webSource + path.sep) && !file.startsWith(contractSource + path.sep)) return null;
      if (!/\b(t|tWith|sentence|loadCatalogues)\(/.test(code)) return null;
      const written = writeInPlace(file, code, language, cataloguesOf(file));
      if (/\bloadCatalogues\(/.test(written.replace("export async function loadCatalogues(", "")))
        throw new Error(
          `${path.relative(repository, file)} loads catalogues in a way the build does not leave out (web/sentences-in-place.ts)`,
        );
      // A feature's (or the studio kit's) messages.ts, its loading gone, only passes t() on: without side effects, it
      // costs no file of its own.
      const onlyPassesOn = /[\\/](features[\\/][^\\/]+|studio-kit)[\\/]messages\.ts$/.test(file);
      if (written === code && !onlyPassesOn) return null;
      return { code: written, map: null, ...(onlyPassesOn ? { moduleSideEffects: false } : {}) };
    },
  };
}
