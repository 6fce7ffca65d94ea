// Writes translations into a catalogue from a tab-separated file (`English<TAB>translation` per
// line), for messages the catalogue does not translate yet: `node scripts/i18n/fill-translations.mjs es file.tsv`.
// A translator may as well edit locales/<language>.po directly; either way, `npm run messages` compiles.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const [language, tsv] = process.argv.slice(2);
if (!language || !tsv) {
  console.error("Usage: node scripts/i18n/fill-translations.mjs <language> <file.tsv>");
  process.exit(2);
}
const catalogue = path.resolve(import.meta.dirname, "../../locales", `${language}.po`);
const escape = (text) => text.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
const translations = new Map(
  readFileSync(tsv, "utf8")
    .split("\n")
    .filter((line) => line.includes("\t"))
    .map((line) => line.split("\t").map(escape)),
);
let filled = 0;
const text = readFileSync(catalogue, "utf8").replace(/^msgid "(.+)"\nmsgstr ""$/gm, (entry, id) => {
  const translation = translations.get(id);
  if (!translation) return entry;
  filled += 1;
  return `msgid "${id}"\nmsgstr "${translation}"`;
});
writeFileSync(catalogue, text);
console.log(`${filled} message(s) translated in locales/${language}.po`);
