// A mail's sentences come from the catalogue too (docs/languages.md): in a mail template every
// sentence is the message of a translator's i18n._("…"), so the recipient reads it in her language.
import { looksLikeSentence } from "./sentence-rules.js";

const isTranslatorCall = (node) =>
  node?.type === "CallExpression" &&
  ((node.callee.type === "MemberExpression" && node.callee.property.type === "Identifier" && node.callee.property.name === "_") ||
    (node.callee.type === "Identifier" && ["sentence", "sentenceWith"].includes(node.callee.name)));

/** Where a string is not words for a reader: a key, a comparison, an import, a header's name. */
function isCode(node) {
  const parent = node.parent;
  if (!parent) return true;
  if (parent.type === "ImportDeclaration" || parent.type === "ExportNamedDeclaration" || parent.type === "ExportAllDeclaration")
    return true;
  if (parent.type === "Property" && parent.key === node) return true;
  if (parent.type === "BinaryExpression" && ["===", "!==", "==", "!="].includes(parent.operator)) return true;
  if (parent.type === "TSLiteralType" || parent.type === "MemberExpression") return true;
  if (parent.type === "TemplateLiteral") return isCode(parent);
  // A query (sql`…`), not words.
  if (parent.type === "TaggedTemplateExpression") return true;
  return false;
}

export default {
  meta: { type: "problem", docs: { description: "keeps a mail's sentences in the message catalogue" }, schema: [] },
  create(context) {
    const check = (node, text) => {
      if (isTranslatorCall(node.parent) && node.parent.arguments[0] === node) return;
      // A header's name or value ("List-Unsubscribe=One-Click") is not a sentence.
      if (isCode(node) || !looksLikeSentence(text) || /^[A-Za-z][\w-]*([=:][\w-]*)?$/.test(text.trim())) return;
      context.report({
        node,
        message: `“${text.trim().slice(0, 60)}” is read in a mail: write it i18n._("…") so the recipient reads it in her language`,
      });
    };
    return {
      Literal: (node) => typeof node.value === "string" && check(node, node.value),
      TemplateLiteral: (node) => check(node, node.quasis.map((quasi) => quasi.value.cooked ?? "").join(" ")),
    };
  },
};
