// Colours come from the design tokens (contract/design-tokens.ts, docs/architecture.md "Design
// tokens"): an ESLint rule for the code, and a check of the stylesheets for `npm run lint`.

/** A hex colour (#abc, #abcd, #aabbcc, #aabbccdd), not an HTML entity (&#106;) or part of a word. */
export const hexColour = /(?<![&\w])#(?:[0-9a-fA-F]{8}|[0-9a-fA-F]{6}|[0-9a-fA-F]{3,4})(?![\w-])/;

export default {
  meta: { type: "problem", docs: { description: "keeps colours in the design tokens" }, schema: [] },
  create(context) {
    const check = (node, text) => {
      const found = hexColour.exec(text);
      if (found)
        context.report({
          node,
          message: `${found[0]} is a colour: name it in contract/design-tokens.ts and use the token (or var(--name) in a style)`,
        });
    };
    return {
      Literal: (node) => typeof node.value === "string" && check(node, node.value),
      TemplateElement: (node) => check(node, node.value.raw),
    };
  },
};
