// Writes translations into every catalogue of a language (the server's and the web app's) from a
// tab-separated file (`English<TAB>translation` per line), for messages a catalogue does not
// translate yet: `node scripts/i18n/fill-translations.mjs es file.tsv`. A translator may as well
// edit the .po files directly; either way, `npm run messages` compiles.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { catalogueFiles } from "./catalogue-files.mjs";

const [language, tsv] = process.argv.slice(2);
if (!language || !tsv) {
  console.error("Usage: node scripts/i18n/fill-translations.mjs <language> <file.tsv>");
  process.exit(2);
}
const root = path.resolve(import.meta.dirname, "../..");
const escape = (text) => text.replaceAll("\\", "\\\\").replaceAll('"', '\\"');
const translations = new Map(
  readFileSync(tsv, "utf8")
    .split("\n")
    .filter((line) => line.includes("\t"))
    .map((line) => line.split("\t").map(escape)),
);
for (const catalogue of catalogueFiles(root).filter((name) => name.endsWith(`/${language}.po`))) {
  let filled = 0;
  const full = path.join(root, catalogue);
  const text = readFileSync(full, "utf8").replace(/^msgid "(.+)"\nmsgstr ""$/gm, (entry, id) => {
    const translation = translations.get(id);
    if (!translation) return entry;
    filled += 1;
    return `msgid "${id}"\nmsgstr "${translation}"`;
  });
  writeFileSync(full, text);
  if (filled > 0) console.log(`${filled} message(s) translated in ${catalogue}`);
}
