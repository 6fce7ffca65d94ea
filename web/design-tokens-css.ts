import type { Plugin } from "vite";
import { accent, cssCustomProperties } from "../contract/design-tokens.ts";

/**
 * Writes the design tokens (contract/design-tokens.ts) into every page: the CSS custom properties
 * the site's stylesheet (web/index.html) and the screens' inline styles read (`var(--accent)`),
 * and the browser's theme colour.
 */
export function designTokens(): Plugin {
  return {
    name: "design-tokens",
    transformIndexHtml: () => [
      { tag: "meta", attrs: { name: "theme-color", content: accent }, injectTo: "head" },
      { tag: "style", children: cssCustomProperties(), injectTo: "head-prepend" },
    ],
  };
}
