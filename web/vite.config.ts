import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { apiPrefix, brand } from "../contract/constants.ts";
import { accent, page } from "../contract/design-tokens.ts";
import { designTokens } from "./design-tokens-css.ts";
import { appChunkGroups } from "./chunk-groups.ts";
import { endpointTable } from "./endpoint-table.ts";
import { isLanguage, sourceLanguage } from "../contract/languages.ts";
import { sentencesInPlace } from "./sentences-in-place.ts";

// The build writes the app once per language, each with its sentences in place
// (web/sentences-in-place.ts; scripts/build-web.ts builds them all): the source language's is the
// one `vite build` writes alone, with the service worker, whose list of files then names every
// language's.
const buildLanguage = process.env.WEB_BUILD_LANGUAGE ?? sourceLanguage;
if (!isLanguage(buildLanguage)) throw new Error(`WEB_BUILD_LANGUAGE=${buildLanguage} is not a language of contract/languages.ts`);
const isSourceBuild = buildLanguage === sourceLanguage;

const everyPageNeeds = new RegExp(String.raw`node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]`);

// What every studio screen needs of MUI (the studio's theme and frame), in one file beside
// the framework. No page a visitor or member sees downloads it (bench/bundle-budget.test.ts).
const everyMuiScreenNeeds = new RegExp(
  [
    String.raw`node_modules[\\/](@emotion|stylis|react-is|hoist-non-react-statics|clsx|@babel|react-transition-group)[\\/]`,
    String.raw`node_modules[\\/]@mui[\\/](system|styled-engine|utils|private-theming)[\\/]`,
    String.raw`node_modules[\\/]@mui[\\/]material[\\/](styles|utils|transitions|internal[\\/](react-transition-group|svg-icons)|DefaultPropsProvider|zero-styled|useLazyRipple|Typography|Box|ButtonBase|Button|CircularProgress|SvgIcon|Paper|AppBar|Toolbar|IconButton)[\\/]`,
  ].join("|"),
);

// Lighthouse's phone pays a round trip for every file, and a browser opens six connections to a
// site at once, so the app's own modules travel in few files, grouped by convention
// (web/chunk-groups.ts): the entry (with what only it uses), core (what the studio shares with the
// site), site-parts (what several of the site's features share), one "<feature>-parts" per feature,
// and a chunk per screen, frame and lazily loaded part, which the build manifest names for the
// bundle budget (bench/bundle-size.ts).

/**
 * MUI's createTheme imports its CSS-variables variant whether or not a theme asks for it; this
 * site's theme never does (the studio's, the only one), so the variant (some 4 KB gzipped on every page)
 * is left out of the build. Should MUI ever call it for such a theme, the app fails at start with
 * this sentence, and every browser test with it.
 */
function leaveOutMuiCssVariablesTheme(): Plugin {
  return {
    name: "leave-out-mui-css-variables-theme",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (!/@mui[\\/]material[\\/]styles[\\/]createThemeWithVars\.mjs$/.test(id)) return null;
      return 'export default function createThemeWithVars() { throw new Error("This build leaves out MUI CSS-variables themes (web/vite.config.ts)."); }';
    },
  };
}

export default defineConfig(({ command }) => ({
  root: "web",
  plugins: [
    react(),
    endpointTable(),
    designTokens(),
    leaveOutMuiCssVariablesTheme(),
    sentencesInPlace(buildLanguage),
    // The installable app: a manifest, and a service worker of our own (web/src/sw.ts)
    // into which Workbox writes the list of this build's files. The page registers it itself,
    // after the first paint.
    isSourceBuild &&
      VitePWA({
        strategies: "injectManifest",
        srcDir: "src",
        filename: "sw.ts",
        injectRegister: false,
        registerType: "prompt",
        manifest: {
          id: "/home",
          name: brand.name,
          short_name: brand.shortName,
          description: "Lessons and notes with your doula, in your pocket: for the waiting room and the 3 a.m. questions.",
          lang: "en",
          start_url: "/home",
          scope: "/",
          display: "standalone",
          theme_color: accent,
          background_color: page,
          icons: [
            { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
            { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
            { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          ],
        },
        injectManifest: {
          // The app shell, every screen's chunk and the art: a page of this build can always load the
          // rest of this build, even after the next deployment replaced the files on the server.
          globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
          globIgnores: ["prerendered/**", "sw.js"],
        },
      }),
  ],
  resolve: {
    // react-router 7 exports only its development build, warnings and all (react-router issue
    // #14102); the production build beside it in the package is lighter on every page.
    alias:
      command === "build"
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL("../node_modules/react-router/dist/production/index.mjs", import.meta.url)),
            },
          ]
        : [],
  },
  // The manifest lets the bundle budget (bench/bundle-size.ts) follow each route's chunks.
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    manifest: isSourceBuild ? true : `.vite/manifest.${buildLanguage}.json`,
    // Every page names its own chunks as modulepreload links (scripts/prerender.mjs), so a first
    // visit fetches them side by side without Vite's helper. Left out, the helper and its polyfill
    // (about 1.5 KB on every first visit) cost only this: a screen opened later inside the app
    // fetches a shared part it lacks after its own chunk, one round trip more.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // What every page needs arrives as two files (React, then the router, which
        // download side by side: one file of 90 KB took Lighthouse's phone longer), and what every
        // studio screen needs of MUI as another: left to itself, the bundler splits them into a
        // dozen chunks whose imports between each other cost some 3 KB gzipped on each visit.
        codeSplitting: {
          groups: [
            // Before the app's groups (a group takes what its modules import, unless taken already).
            { name: "react", test: (id: string) => /node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id), priority: 30 },
            { name: "framework", test: (id: string) => everyPageNeeds.test(id), priority: 20 },
            { name: "mui", test: (id: string) => everyMuiScreenNeeds.test(id), priority: 10 },
            ...appChunkGroups(),
          ],
        },
      },
    },
  },
  server: {
    // The API runs on port 5000 (docs/product.md, Constants); the dev server forwards its calls there.
    proxy: { [apiPrefix]: "http://localhost:5000" },
  },
}));
