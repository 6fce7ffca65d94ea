// The web app's English catalogues keep only the messages that need their compiled form (plurals,
// selects, numbers): an English sentence with at most plain {name} values is its own message id,
// which t() writes itself (web/src/lib/i18n.ts), so an English reader does not download it twice.
// Run by `npm run messages` after `lingui compile`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { catalogueFiles } from "./catalogue-files.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const compiled = /^(.*?JSON\.parse\()("(?:[^"\\]|\\.)*")(\)as Messages;?\s*)$/s;

for (const file of catalogueFiles(root).filter((name) => name.startsWith("web/") && name.endsWith("/en.ts"))) {
  const full = path.join(root, file);
  const text = readFileSync(full, "utf8");
  const parts = compiled.exec(text);
  if (!parts) throw new Error(`${file} is not a catalogue compiled by lingui compile`);
  const messages = JSON.parse(JSON.parse(parts[2]));
  // Text and plain {name} values the page writes from the id itself (web/src/lib/i18n.ts, t).
  const plain = (message) => typeof message === "string" || message.every((token) => typeof token === "string" || token.length === 1);
  const needed = Object.fromEntries(Object.entries(messages).filter(([, message]) => !plain(message)));
  writeFileSync(full, `${parts[1]}${JSON.stringify(JSON.stringify(needed))}${parts[3]}`);
}
