import { describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  firstVisitBudget,
  firstVisitFiles,
  firstVisitJsBytes,
  plainRoutes,
  readManifest,
  routeScreens,
  screenChunkBytes,
  studioRoutes,
  webDist,
} from "./bundle-size.ts";
import { isStudioModule, routes } from "../web/src/lib/routes.ts";
import { languages, sourceLanguage } from "../contract/languages.ts";
import { supportServices } from "../contract/constants.ts";

// Bytes, not timings: the same build gives the same numbers on any machine (the budgets of a first
// visit: firstVisitBudget in bench/bundle-size.ts).
const SCREEN_CHUNK_BUDGET = 60_000;
// What a language may add to a first visit (docs/languages.md, "Bytes"): the sentences come in
// the reader's language alone, written in place in each language's build (web/sentences-in-place.ts).
// The languages' machinery, which every build carries, cost at most 1,520 bytes when it landed
// (bench/first-visit-before-languages.json); with it, a language stays within 3,000.
const LANGUAGES_MACHINERY = 1_520;
const LANGUAGE_BUDGET = 3_000;

describe("the web app's bundle budget", () => {
  const manifest = readManifest();

  it("finds the chunk of every screen and frame of the route table in the build", () => {
    for (const screen of Object.values(routeScreens).flat()) expect(manifest[screen], screen).toBeDefined();
  });

  it("sorts every route of the table as the studio's or a plain one", () => {
    expect(studioRoutes).toContain("/studio/courses/:id");
    expect(plainRoutes).toEqual(expect.arrayContaining(["/", "/library", "/course", "/lesson"]));
    expect([...studioRoutes, ...plainRoutes].sort()).toEqual(Object.keys(routeScreens).sort());
  });

  it.each(plainRoutes)("a first visit to %s stays within 120,000 bytes of gzipped JavaScript", (route) => {
    expect(firstVisitJsBytes(manifest, route)).toBeLessThanOrEqual(firstVisitBudget(route));
  });

  it.each(studioRoutes)("a first visit to the studio's %s stays within 150,000 bytes of gzipped JavaScript", (route) => {
    expect(firstVisitJsBytes(manifest, route)).toBeLessThanOrEqual(firstVisitBudget(route));
  });

  const routesAndLanguages = Object.keys(routeScreens).flatMap((route) =>
    languages.filter((language) => language !== sourceLanguage).map((language) => [route, language] as const),
  );

  // Held to the source language's first visit of the same build, so what the app gains in every
  // language (a new capability's routes and slots) is not counted as the language's.
  it.each(routesAndLanguages)("a first visit to %s in %s stays within 3,000 gzipped bytes of the languages' cost", (route, language) => {
    const overSource = firstVisitJsBytes(readManifest(language), route) - firstVisitJsBytes(manifest, route);
    expect(LANGUAGES_MACHINERY + overSource).toBeLessThanOrEqual(LANGUAGE_BUDGET);
  });

  // Each page's scripts carry its sentences in its own language only: a Spanish page downloads no
  // English sentence of the catalogues, an English page no Spanish one.
  const webSource = path.join(webDist, "../src");
  const compiledCatalogues = [
    path.join(webSource, "locales/es.ts"),
    ...readdirSync(path.join(webSource, "features")).map((feature) => path.join(webSource, "features", feature, "locales/es.ts")),
  ].filter((file) => existsSync(file));
  const translations = compiledCatalogues
    .flatMap((file) => {
      const compiled = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(readFileSync(file, "utf8"))![1]!;
      return Object.entries(JSON.parse(JSON.parse(compiled) as string) as Record<string, string | unknown[]>);
    })
    // Plain sentences (a message with values is written in parts)
    .flatMap(([english, message]): [string, string][] => {
      const spanish = typeof message === "string" ? message : message.length === 1 ? message[0] : undefined;
      return typeof spanish === "string" && spanish !== english && english.split(" ").length >= 4 ? [[english, spanish]] : [];
    });
  // A sentence as a script shows it: a string of its own (the bundler writes `…` or "…"); an
  // object's key is data, not a sentence shown (a service's English name looked up in a table).
  // The support services' names are also the API's values (contract/constants.ts), which a page
  // sends and compares; it shows them through serviceName() (web/src/lib/support-services.ts).
  const apiValues = new Set<string>(supportServices);
  const shownIn = (script: string, sentences: string[]) =>
    sentences.filter((sentence) => {
      if (apiValues.has(sentence)) return false;
      const written = JSON.stringify(sentence).slice(1, -1);
      if (script.includes(`\`${written}\``)) return true;
      const quoted = `"${written}"`;
      for (let at = script.indexOf(quoted); at !== -1; at = script.indexOf(quoted, at + quoted.length)) {
        if (script[at + quoted.length] !== ":") return true;
      }
      return false;
    });

  // Each file is read for each set of sentences once: the routes share most of their files.
  const sentencesOf = { en: translations.map(([sentence]) => sentence), es: translations.map(([, sentence]) => sentence) };
  const sentencesIn = new Map<string, string[]>();
  const shownInFirstVisit = (language: (typeof languages)[number], route: string, sentencesLanguage: keyof typeof sentencesOf) => {
    const files = firstVisitFiles(readManifest(language), route).filter((file) => file.endsWith(".js"));
    const shown = files.flatMap((file) => {
      const key = `${file} ${sentencesLanguage}`;
      let found = sentencesIn.get(key);
      if (!found) {
        found = shownIn(readFileSync(path.join(webDist, file), "utf8"), sentencesOf[sentencesLanguage]);
        sentencesIn.set(key, found);
      }
      return found;
    });
    return [...new Set(shown)];
  };

  it.each(Object.keys(routeScreens))("writes the sentences of a first visit to %s in the reader's language alone", (route) => {
    expect(translations.length).toBeGreaterThan(300);
    expect(shownInFirstVisit(sourceLanguage, route, "en").length).toBeGreaterThan(0);
    expect(shownInFirstVisit("es", route, "es").length).toBeGreaterThan(0);
    expect(shownInFirstVisit("es", route, "en")).toEqual([]);
    expect(shownInFirstVisit(sourceLanguage, route, "es")).toEqual([]);
  });

  it("keeps the browser's sanitiser fallback (DOMPurify) out of every first visit", () => {
    const purifier = Object.entries(manifest).find(([key]) => key.includes("dompurify"));
    expect(purifier?.[1].isDynamicEntry).toBe(true);
    for (const route of Object.keys(routeScreens)) expect(firstVisitFiles(manifest, route)).not.toContain(purifier![1].file);
  });

  it.each(
    Object.values(routeScreens)
      .flat()
      .filter((screen, index, all) => all.indexOf(screen) === index),
  )("the chunk of %s stays under 60 KB gzipped", (screen) => {
    expect(screenChunkBytes(manifest, screen)).toBeLessThan(SCREEN_CHUNK_BUDGET);
  });

  it.each(plainRoutes)("downloads no studio code on a first visit to %s", (route) => {
    const studioChunks = Object.entries(manifest)
      .filter(([key]) => isStudioModule(key))
      .map(([, chunk]) => chunk.file);
    expect(studioChunks.length).toBeGreaterThan(0);
    const files = firstVisitFiles(manifest, route);
    for (const file of studioChunks) expect(files).not.toContain(file);
    // A chunk rollup shares between pages has no source name: its text tells instead. (The
    // member menu asks an instructor's unread count, /reactapi/studio/inbox/unread, and no more.)
    for (const file of files.filter((name) => name.endsWith(".js"))) {
      const text = readFileSync(path.join(webDist, file), "utf8");
      for (const studioOnly of [
        "Studio sections",
        "/reactapi/studio/members",
        "/reactapi/studio/access-codes",
        "/reactapi/studio/dashboard",
      ]) {
        expect(text, file).not.toContain(studioOnly);
      }
    }
  });

  // Every screen outside the studio is styled by web/index.html alone: nothing it imports brings MUI
  // or Emotion. The browser sees the same (e2e/app.spec.ts).
  it.each(plainRoutes)("downloads no MUI or Emotion on a first visit to %s", (route) => {
    const muiChunks = Object.values(manifest)
      .filter((chunk) => chunk.name === "mui")
      .map((chunk) => chunk.file);
    expect(muiChunks).toHaveLength(1);
    const files = firstVisitFiles(manifest, route);
    expect(files).not.toContain(muiChunks[0]);
    for (const file of files.filter((name) => name.endsWith(".js"))) {
      expect(readFileSync(path.join(webDist, file), "utf8"), file).not.toContain("data-emotion");
    }
  });

  it("keeps member-area screens out of the first visit to /", () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    const memberScreens = [
      "src/features/courses/library-page.tsx",
      "src/features/courses/lesson-page.tsx",
      "src/features/home/home-page.tsx",
    ];
    for (const screen of memberScreens) expect(entry.imports ?? []).not.toContain(screen);
  });

  // web/chunk-groups.ts: what only the site uses (its frames, site-parts, the slots' parts) never
  // reaches a studio page, and a page that shows a slot as it opens names its chunk.
  // The studio's setup page, before there is an instructor, is drawn in the visitors' frame.
  const inStudioFrame = routes.filter((route) => route.layout === "studio").map((route) => route.path);
  it.each(inStudioFrame)("downloads none of the site's frames or shared parts on a first visit to the studio's %s", (route) => {
    const siteOnly = Object.entries(manifest)
      .filter(([key, chunk]) => key === "src/app/member-layout.tsx" || key === "src/app/public-layout.tsx" || chunk.name === "site-parts")
      .map(([, chunk]) => chunk.file);
    expect(siteOnly).toHaveLength(3);
    const files = firstVisitFiles(manifest, route);
    for (const file of siteOnly) expect(files).not.toContain(file);
  });

  it("counts the home page's cards and the account's sections in their first visits", () => {
    const chunkNamed = (name: string) => Object.values(manifest).find((chunk) => chunk.name === name && !chunk.src)?.file;
    expect(firstVisitFiles(manifest, "/home")).toContain(chunkNamed("homeCards"));
    expect(firstVisitFiles(manifest, "/account")).toContain(chunkNamed("accountSections"));
    expect(firstVisitFiles(manifest, "/library")).not.toContain(chunkNamed("homeCards"));
  });
});
