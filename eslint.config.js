import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import featureBoundaries from "./scripts/lint/feature-boundaries.js";
import noHexColours from "./scripts/lint/no-hex-colours.js";
import noLiteralMailSentences from "./scripts/lint/no-literal-mail-sentences.js";
import noLiteralSentences from "./scripts/lint/no-literal-sentences.js";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "server/test-build/**",
      "locales/*.ts",
      "web/src/**/locales/*.ts",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "bench-results/**",
      "web/public/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: {
      "import-x": importX,
      local: {
        rules: {
          "feature-boundaries": featureBoundaries,
          "no-hex-colours": noHexColours,
          "no-literal-sentences": noLiteralSentences,
          "no-literal-mail-sentences": noLiteralMailSentences,
        },
      },
    },
    settings: {
      // Without these, import-x reads no TypeScript file it is pointed to, and so sees no cycle through one.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "local/feature-boundaries": "error",
      "local/no-hex-colours": "error",
      // Names and text are checked for control characters on purpose, with patterns that name them.
      "no-control-regex": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    // The rules of hooks; the React Compiler's further rules are for code it compiles, and this app does not use it.
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "local/no-literal-sentences": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector:
            ":matches(Program, ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name='Intl']",
          message:
            "Building an Intl formatter when a module loads costs every page that loads it the browser's locale data: use web/src/lib/formats.ts.",
        },
        {
          // Ready for a right-to-left language (docs/languages.md): sides are the text's, not the screen's.
          selector:
            "JSXAttribute[name.name=/^(style|sx)$/] Property[key.name=/^((margin|padding|border)(Left|Right)\\w*|left|right|ml|mr|pl|pr)$/]",
          message:
            "Use the logical property (marginInlineStart, paddingInlineEnd, insetInlineStart…): a right-to-left language mirrors it.",
        },
        {
          selector: "JSXAttribute[name.name=/^(style|sx)$/] Property[key.name='textAlign'][value.value=/^(left|right)$/]",
          message: 'Use textAlign "start" or "end": a right-to-left language mirrors it.',
        },
      ],
    },
  },
  {
    // A test, or a capability's part of the bench, may set up what it checks with any part of the app,
    // and check the colours it finds; the rules are for the product.
    files: ["**/*.test.{ts,tsx}", "e2e/**", "server/src/*/bench.ts"],
    rules: { "local/feature-boundaries": "off", "local/no-hex-colours": "off", "local/no-literal-sentences": "off" },
  },
  {
    // The mails a person receives, each sentence in her language.
    files: ["server/src/**/*-mails.ts", "server/src/**/*-mail.ts", "server/src/mail/mail-templates.ts"],
    rules: { "local/no-literal-mail-sentences": "error" },
  },
  {
    // The test helpers' own words are for the tests, not for a reader.
    files: ["web/src/test/**"],
    rules: { "local/no-literal-sentences": "off" },
  },
  {
    // The one place a colour is written as a value.
    files: ["contract/design-tokens.ts"],
    rules: { "local/no-hex-colours": "off" },
  },
  prettier,
);
