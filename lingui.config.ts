import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { sentenceExtractor } from "./scripts/i18n/sentence-extractor.ts";
import { languages, sourceLanguage } from "./contract/languages.ts";

// One catalogue per language (docs/languages.md): `npm run messages` extracts it from the code
// and compiles it; `npm run lint` fails on a message a language lacks.
const config: LinguiConfig = {
  locales: [...languages],
  sourceLocale: sourceLanguage,
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}",
      include: ["<rootDir>/contract", "<rootDir>/server/src"],
      // The operator's sentences (the configuration, the admin CLI, backups) stay in English.
      exclude: ["**/*.test.ts", "**/*.test.tsx", "**/fuzz/**", "**/cli/**", "**/backups/**", "**/testing/**", "**/server/src/config.ts"],
    },
  ],
  format: formatter({ origins: true, lineNumbers: false }),
  compileNamespace: "ts",
  extractors: [sentenceExtractor],
  orderBy: "messageId",
};
export default config;
