import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { sentenceExtractor } from "./scripts/i18n/sentence-extractor.ts";
import { languages, sourceLanguage } from "./contract/languages.ts";

// One catalogue per language (docs/languages.md): `npm run messages` extracts it from the code
// and compiles it; `npm run lint` fails on a message a language lacks.
const notForReaders = ["**/*.test.ts", "**/*.test.tsx", "**/test/**", "**/locales/**"];

const config: LinguiConfig = {
  locales: [...languages],
  sourceLocale: sourceLanguage,
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}",
      include: ["<rootDir>/contract", "<rootDir>/server/src"],
      // The operator's sentences (the configuration, the admin CLI, backups) stay in English.
      exclude: [...notForReaders, "**/fuzz/**", "**/cli/**", "**/backups/**", "**/testing/**", "**/server/src/config.ts"],
    },
    // The web app's: one for the frames and shared components, which every page loads, and one per
    // feature, loaded with its screens, so a page downloads only its own sentences in its reader's
    // language (web/src/lib/i18n.ts). A feature's routes.ts and slots.ts name its menu entries, sections
    // and cards, which the frames show before any of its screens: the frames' catalogue holds them.
    {
      path: "<rootDir>/web/src/locales/{locale}",
      include: [
        "<rootDir>/web/src/app",
        "<rootDir>/web/src/components",
        "<rootDir>/web/src/lib",
        "<rootDir>/web/src/features/*/routes.ts",
        "<rootDir>/web/src/features/*/slots.ts",
      ],
      exclude: notForReaders,
    },
    // The studio's shared widgets (web/src/studio-kit/), loaded with the studio's screens only.
    {
      path: "<rootDir>/web/src/studio-kit/locales/{locale}",
      include: ["<rootDir>/web/src/studio-kit"],
      exclude: notForReaders,
    },
    {
      path: "<rootDir>/web/src/features/{name}/locales/{locale}",
      include: ["<rootDir>/web/src/features/{name}/"],
      exclude: [...notForReaders, "**/features/*/routes.ts", "**/features/*/slots.ts"],
    },
  ],
  format: formatter({ origins: true, lineNumbers: false }),
  compileNamespace: "ts",
  extractors: [sentenceExtractor],
  orderBy: "messageId",
};
export default config;
