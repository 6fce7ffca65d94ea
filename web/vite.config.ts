import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { brand } from "../contract/constants.ts";
import { endpointTable } from "./endpoint-table.ts";

const everyPageNeeds = new RegExp(
  String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|redux|@reduxjs|immer|reselect|use-sync-external-store)[\\/]`,
);

// What every screen built with MUI needs (web/src/lib/themed.tsx), in one file beside the framework.
// The plain screens (the member frame, /home, /lesson) never download it.
const everyMuiScreenNeeds = new RegExp(
  [
    String.raw`node_modules[\\/](@emotion|stylis|react-is|hoist-non-react-statics|clsx|@babel|react-transition-group)[\\/]`,
    String.raw`node_modules[\\/]@mui[\\/](system|styled-engine|utils|private-theming)[\\/]`,
    String.raw`node_modules[\\/]@mui[\\/]material[\\/](styles|utils|transitions|internal[\\/](react-transition-group|svg-icons)|DefaultPropsProvider|zero-styled|useLazyRipple|Typography|Box|ButtonBase|Button|CircularProgress|SvgIcon|Paper|AppBar|Toolbar|IconButton)[\\/]`,
  ].join("|"),
);

// Lighthouse's phone pays a round trip for every file, so the app's own small modules travel in
// few files: what the entry needs (app-start), the few parts public and member pages share
// (shared-parts, with the member gate the member and studio frames share), and what the member
// pages share (member-parts). Screens (*-page) keep chunks of their own, which the build manifest names
// for the bundle budget (bench/bundle-size.ts); the parts built with MUI stay out, or the plain
// member pages would download MUI with them.
const appSource = /web[\\/]src[\\/]/;
const sharedParts = /web[\\/]src[\\/]components[\\/](notice|text-field|link-tile|require-member)\.tsx$/;
const memberParts =
  /web[\\/]src[\\/](features[\\/]courses[\\/](progress|offline)|components[\\/]image-grid|lib[\\/](safe-html|catalogue|module-tree|lesson-downloads|saved-lessons|use-online|video-players))[\\/.]/;
const notMemberParts = /(-page|certificate-offer|course-progress-bar|saved-lessons-list)\.tsx?$/;

const studioOnly = /node_modules[\\/]use-sync-external-store[\\/](shim[\\/]|cjs[\\/]use-sync-external-store-shim)/;

/**
 * MUI's createTheme imports its CSS-variables variant whether or not a theme asks for it; this
 * site's theme never does (web/src/lib/theme.ts), so the variant (some 4 KB gzipped on every page)
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
    leaveOutMuiCssVariablesTheme(),
    // The installable app: a manifest, and a service worker of our own (web/src/sw.ts)
    // into which Workbox writes the list of this build's files. The page registers it itself,
    // after the first paint (web/src/features/app/app-update.ts).
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
        theme_color: brand.themeColour,
        background_color: brand.backgroundColour,
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
    manifest: true,
    rolldownOptions: {
      output: {
        // What every page needs arrives as one file, and what every MUI screen needs as another:
        // left to itself, the bundler splits them into a dozen chunks whose imports between each
        // other cost some 3 KB gzipped on each visit. The rich-text editor's copy of
        // use-sync-external-store (its shim for React 17) stays with the editor.
        codeSplitting: {
          groups: [
            { name: "framework", test: (id: string) => everyPageNeeds.test(id) && !studioOnly.test(id) },
            { name: "mui", test: (id: string) => everyMuiScreenNeeds.test(id) },
            { name: "app-start", tags: ["$initial"], test: (id: string) => appSource.test(id) || id.includes("vite/preload-helper") },
            { name: "shared-parts", test: (id: string) => sharedParts.test(id) },
            { name: "member-parts", test: (id: string) => memberParts.test(id) && !notMemberParts.test(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    // The API runs on port 5000 (docs/product.md, Constants); the dev server forwards its calls there.
    proxy: { "/reactapi": "http://localhost:5000" },
  },
}));
