// Writes the pages the server sends (server/src/app.ts): for every route of the built web app and
// every language, its page with the route's own chunks preloaded (web/dist/pages/<language>/), and
// for the public ones the page rendered to HTML (web/src/app/prerender.tsx) for visitors
// (web/dist/prerendered/<language>/). Run by `npm run build` after scripts/build-web.ts and before precompress.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createServer } from "vite";

const repository = path.resolve(import.meta.dirname, "..");
const dist = path.join(repository, "web/dist");
const shell = /<div id="root"><!--app-shell-->[\s\S]*?<!--\/app-shell--><\/div>/;

const vite = await createServer({
  configFile: path.join(repository, "web/vite.config.ts"),
  server: { middlewareMode: true, hmr: false, watch: null },
  appType: "custom",
  logLevel: "warn",
});

/**
 * A language's build (scripts/build-web.ts): its page, with what every route needs named for the
 * browser, and a route's page with the route's own files named too.
 */
function buildOf(language, sourceLanguage) {
  const suffix = language === sourceLanguage ? "" : `.${language}`;
  const pageName = `index${suffix}.html`;
  const builtPage = readFileSync(path.join(dist, pageName), "utf8");
  if (!shell.test(builtPage)) throw new Error(`web/dist/${pageName} has no <!--app-shell--> inside #root to replace`);
  // What a first visit to a route needs beside the entry, told to the browser in the page itself
  // (<link rel="modulepreload">): without it the route's frame and screen are asked for only once the
  // entry has run, a round trip later, which on a phone is most of the wait before her page.
  const manifest = JSON.parse(readFileSync(path.join(dist, `.vite/manifest${suffix}.json`), "utf8"));
  // A chunk's stylesheets (a feature's own CSS, imported by its screens) travel in the same set as
  // its scripts, so a page names them too.
  const staticClosure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const stylesheet of chunk.css ?? []) into.add(stylesheet);
    for (const imported of chunk.imports ?? []) staticClosure(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loadedByEntry = staticClosure(entry);
  // What the entry imports (React, the router and the store, the site's parts), named in every page
  // beside the entry's own script: Vite's helper that would do it is left out (web/vite.config.ts).
  const template = builtPage.replace(
    "</head>",
    () =>
      `${[...loadedByEntry]
        .filter((file) => file !== manifest[entry].file && file.endsWith(".js"))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join("")}</head>`,
  );
  // The service worker's offline shell (web/src/sw.ts) is this page.
  writeFileSync(path.join(dist, pageName), template);
  // A picture the page shows first (its route's firstNeeds) is asked for beside the scripts, not
  // once they have drawn the page: it is often the largest thing on her screen.
  const chunkNamed = (name) => {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate].name === name && !manifest[candidate].src);
    if (!key) throw new Error(`no chunk of the build is named ${name}`);
    return key;
  };
  const withPreloads = (modules, chunks, images) => {
    const files = new Set();
    for (const module of modules) staticClosure(`src/${module}`, files);
    for (const chunk of chunks) staticClosure(chunkNamed(chunk), files);
    const ownFiles = [...files].filter((file) => !loadedByEntry.has(file));
    // A feature's stylesheet is linked in the page, not left to the script that imports it: the
    // screen would otherwise wait for it after its own chunk, and Vite's loader skips a stylesheet
    // the page already links (web/vite.config.ts leaves out its module preloads, not that).
    const links = ownFiles
      .filter((file) => file.endsWith(".css"))
      .map((file) => `<link rel="stylesheet" href="/${file}">`)
      .concat(ownFiles.filter((file) => file.endsWith(".js")).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`))
      .concat(images.map((image) => `<link rel="preload" as="image" href="${image}" fetchpriority="high">`))
      .join("");
    return template.replace("</head>", () => `${links}</head>`);
  };
  return { template, withPreloads };
}
const pageFile = (route) => (route === "/" ? "index" : route.slice(1).replace(/[/:]/g, "_"));

// The page in one language: <html lang> and dir tell the app (web/src/lib/i18n.ts), the browser
// and screen readers which it is; a public page names its other languages' versions, which the same
// address serves with ?lang= (docs/languages.md).
const inLanguage = (page, language, { languages, textDirections }, route) => {
  const alternates =
    route === undefined
      ? ""
      : languages
          .map((other) => `<link rel="alternate" hreflang="${other}" href="${route}?lang=${other}">`)
          .concat(`<link rel="alternate" hreflang="x-default" href="${route}">`)
          .join("");
  return page
    .replace('<html lang="en">', () => `<html lang="${language}" dir="${textDirections[language]}">`)
    .replace("</head>", () => `${alternates}</head>`);
};

try {
  const { appRoutes, prerenderedRoutes, renderRoute, languageFacts } = await vite.ssrLoadModule("/src/app/prerender.tsx");
  const { languages, sourceLanguage } = languageFacts;
  const builds = Object.fromEntries(languages.map((language) => [language, buildOf(language, sourceLanguage)]));
  // The server reads app-routes.json: every address of the app (web/src/lib/routes.ts), the page
  // it sends a member in each language, and the pre-rendered page it sends a visitor, as files
  // under web/dist. Addresses not in it are answered with 404, and the fallback page.
  const routesForServer = [];
  for (const language of languages) {
    mkdirSync(path.join(dist, "prerendered", language), { recursive: true });
    mkdirSync(path.join(dist, "pages", language), { recursive: true });
  }
  for (const { path: route, modules, chunks, images, capability } of appRoutes) {
    const isPublic = prerenderedRoutes.includes(route);
    const entryForServer = { path: route, capability, pages: {}, ...(isPublic ? { prerendered: {} } : {}) };
    for (const language of languages) {
      const localPage = inLanguage(
        builds[language].withPreloads(modules, chunks, images),
        language,
        languageFacts,
        isPublic ? route : undefined,
      );
      entryForServer.pages[language] = `pages/${language}/${pageFile(route)}.html`;
      writeFileSync(path.join(dist, entryForServer.pages[language]), localPage);
      if (isPublic) {
        const markup = await renderRoute(route, language);
        // A function, so "$" in the markup is not read as a replacement pattern.
        entryForServer.prerendered[language] = `prerendered/${language}/${pageFile(route)}.html`;
        writeFileSync(
          path.join(dist, entryForServer.prerendered[language]),
          localPage.replace(shell, () => `<div id="root" data-prerendered>${markup}</div>`),
        );
      }
    }
    routesForServer.push(entryForServer);
  }
  // The page of an address the app does not have (its screen says so), in each language.
  for (const language of languages)
    writeFileSync(path.join(dist, "pages", language, "not-found.html"), inLanguage(builds[language].template, language, languageFacts));
  writeFileSync(path.join(dist, "app-routes.json"), JSON.stringify(routesForServer, null, 2));
  console.log(
    `prerendered ${prerenderedRoutes.join(", ")} in ${languages.join(", ")} into web/dist/prerendered; a page for every route in web/dist/pages`,
  );
} finally {
  await vite.close();
}
