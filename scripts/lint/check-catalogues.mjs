// The message catalogues (locales/, docs/languages.md) must hold every sentence of the code, each
// translated into every language: this extracts and compiles them as `npm run messages` does,
// and fails when that changed a file (the committed catalogue was out of date) or when a language
// lacks a message (lingui compile --strict). What it wrote is kept: translate, then commit it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { catalogueFiles } from "../i18n/catalogue-files.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const lingui = path.join(root, "node_modules/.bin/lingui");

const snapshot = () => new Map(catalogueFiles(root).map((name) => [name, readFileSync(path.join(root, name), "utf8")]));
const before = snapshot();
try {
  for (const step of [
    ["extract", "--clean"],
    ["compile", "--strict"],
  ])
    execFileSync(lingui, step, { cwd: root, stdio: "pipe" });
  execFileSync(process.execPath, [path.join(root, "scripts/i18n/trim-source-catalogues.mjs")], { cwd: root, stdio: "pipe" });
} catch (error) {
  console.error(`${error.stdout ?? ""}${error.stderr ?? ""}`);
  console.error("The catalogues are not complete: `npx lingui compile --strict` names the messages a language lacks (docs/languages.md).");
  process.exit(1);
}
const after = snapshot();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
if (changed.length > 0) {
  console.error(
    `The catalogues were out of date with the code: ${changed.join(", ")} now updated. Translate what is new, then commit them (docs/languages.md).`,
  );
  process.exit(1);
}
