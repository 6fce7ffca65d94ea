// Every sentence a person reads comes from the catalogue (docs/languages.md): the text between JSX
// tags and the sentence attributes (label, title, aria-label, …) are written t("…") or tWith("…"),
// never as literal English that a Spanish page would show as it is.
import { SENTENCE_ATTRIBUTES, hasWords } from "./sentence-rules.js";

/** Names and marks that read the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "Calm Birth Circle",
  "BETA",
  "© 2025 Calm Birth Circle · Beta",
  "Facebook",
  "YouTube",
  "Pinterest",
  "Instagram",
  "Stripe",
  "PDF",
  "CSV",
]);

const isAllowed = (text) => !hasWords(text) || SAME_IN_EVERY_LANGUAGE.has(text.trim().replace(/\s+/g, " "));

export default {
  meta: {
    type: "problem",
    docs: { description: "keeps the sentences a person reads in the message catalogue" },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({
        node,
        message: `“${text.trim().replace(/\s+/g, " ").slice(0, 60)}” is read by a person: write it t("…") (or tWith) so it is in the catalogue, or add a brand name to the allow-list in scripts/lint/no-literal-sentences.js`,
      });
    return {
      JSXText(node) {
        if (!isAllowed(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === "string" ? node.name.name : "";
        if (!SENTENCE_ATTRIBUTES.has(name) || !node.value) return;
        const literal =
          node.value.type === "Literal"
            ? node.value
            : node.value.type === "JSXExpressionContainer" && node.value.expression.type === "Literal"
              ? node.value.expression
              : null;
        if (literal && typeof literal.value === "string" && !isAllowed(literal.value)) report(literal, literal.value);
        if (node.value.type === "JSXExpressionContainer" && node.value.expression.type === "TemplateLiteral") {
          const text = node.value.expression.quasis.map((quasi) => quasi.value.cooked ?? "").join(" ");
          if (!isAllowed(text)) report(node.value.expression, text);
        }
      },
    };
  },
};
