// `npm run build`'s first step: the web app once per language (web/sentences-in-place.ts), into the
// one folder web/dist. Identical chunks (React, the router, MUI, every chunk without a sentence)
// come out under the same hashed name and are written once; each language's build has its own
// manifest (.vite/manifest.json for the source language, .vite/manifest.<language>.json for the
// others) and its own page (index.html, index.<language>.html), which scripts/prerender.mjs reads.
// The source language's build comes last: its service worker lists the files of all of them.
import { renameSync, rmSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { languages, sourceLanguage } from "../contract/languages.ts";

const repository = path.resolve(import.meta.dirname, "..");
const dist = path.join(repository, "web/dist");

rmSync(dist, { recursive: true, force: true });
for (const language of [...languages.filter((language) => language !== sourceLanguage), sourceLanguage]) {
  process.env.WEB_BUILD_LANGUAGE = language;
  await build({ configFile: path.join(repository, "web/vite.config.ts"), build: { emptyOutDir: false }, logLevel: "warn" });
  if (language !== sourceLanguage) renameSync(path.join(dist, "index.html"), path.join(dist, `index.${language}.html`));
  console.log(`built the web app in ${language}`);
}
