// Lingui's own extractor finds `i18n._("…")` calls; this one finds the web app's `t("…")` and `tWith("…", parts)`, and the server's and the
// contract's sentences where they are already written for a person, so that they need no wrapper:
// the message of `new HttpError(status, "…", { field: "…" })` and of `HttpError.withValues(status, "… {value} …", values)`, an `error:` or `message:` property
// (zod's messages, an answer's sentence), a constant marked `sentence("…")`, and a schema's `sentenceWith("… {value} …", values)`. Each English
// sentence is its own message id (docs/languages.md): the answer's sentence is looked up as it is.
import babel from "@lingui/cli/api/extractors/babel";
import type { ExtractedMessage, ExtractorType } from "@lingui/conf";
import ts from "typescript";

const SENTENCE_PROPERTIES = new Set(["error", "message"]);

function literalText(node: ts.Node | undefined): string | undefined {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

function calleeName(node: ts.CallExpression | ts.NewExpression): string | undefined {
  return ts.isIdentifier(node.expression) ? node.expression.text : undefined;
}

export function sentencesOf(filename: string, code: string): ExtractedMessage[] {
  const source = ts.createSourceFile(
    filename,
    code,
    ts.ScriptTarget.Latest,
    true,
    filename.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: ExtractedMessage[] = [];
  const add = (node: ts.Node | undefined) => {
    const text = literalText(node);
    if (!node || text === undefined || text.trim() === "") return;
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ id: text, origin: [filename, line + 1, character] });
  };
  // The web app's sentences are each wrapped in t("…") (web/src/lib/i18n.ts): its other `error:`
  // and `message:` properties are not always for a reader.
  const inWebApp = /[\\/]web[\\/]src[\\/]/.test(filename);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && (calleeName(node) === "t" || calleeName(node) === "tWith")) {
      add(node.arguments[0]);
    } else if (inWebApp) {
      if (ts.isCallExpression(node) && ["sentence", "sentenceWith", "answerWith"].includes(calleeName(node) ?? "")) add(node.arguments[0]);
    } else if (ts.isNewExpression(node) && calleeName(node) === "HttpError") {
      add(node.arguments?.[1]);
      const details = node.arguments?.[2];
      if (details && ts.isObjectLiteralExpression(details)) {
        for (const property of details.properties) if (ts.isPropertyAssignment(property)) add(property.initializer);
      }
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === "HttpError" &&
      node.expression.name.text === "withValues"
    ) {
      add(node.arguments[1]);
    } else if (ts.isCallExpression(node) && ["sentence", "sentenceWith", "answerWith"].includes(calleeName(node) ?? "")) {
      add(node.arguments[0]);
    } else if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      SENTENCE_PROPERTIES.has(node.name.text)
    ) {
      add(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Lingui uses the first extractor that matches a file, so this one runs Lingui's own as well. */
export const sentenceExtractor: ExtractorType = {
  match: (filename) => /\.tsx?$/.test(filename),
  async extract(filename, code, onMessageExtracted, context) {
    for (const message of sentencesOf(filename, code)) onMessageExtracted(message);
    await babel.extract(filename, code, onMessageExtracted, context);
  },
};
