// Wraps a screen's English sentences in t("…") / tWith("…", parts) (docs/languages.md "Translating a
// screen"): the text between JSX tags, the sentence attributes (label, title, aria-label, …) and the
// sentence properties of object literals. What it cannot wrap well (a template literal, a sentence
// split around a block element) it lists, file and line, for a person to write by hand.
// Usage: node scripts/i18n/wrap-sentences.mjs [--code] web/src/features/<feature> [more folders or files]
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { SENTENCE_ATTRIBUTES, SENTENCE_PROPERTIES, hasWords, looksLikeSentence } from "../lint/sentence-rules.js";

const INLINE_TAGS = new Set(["a", "Link", "strong", "em", "b", "i", "code", "span", "kbd", "abbr", "time"]);

function filesUnder(target) {
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { recursive: true })
    .map((name) => path.join(target, String(name)))
    .filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/[\\/]locales[\\/]/.test(file) && !file.endsWith("messages.ts"),
    );
}

const quote = (text) => JSON.stringify(text);
const containsJsx = (node) => {
  let found = false;
  const visit = (child) => {
    if (ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child) || ts.isJsxFragment(child)) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
};
const containsSentence = (node) => {
  let found = false;
  const visit = (child) => {
    if ((ts.isStringLiteral(child) || ts.isNoSubstitutionTemplateLiteral(child)) && looksLikeSentence(child.text)) found = true;
    else if (ts.isTemplateExpression(child)) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
};
const tagName = (element) => (ts.isJsxElement(element) ? element.openingElement.tagName : element.tagName).getText();

function placeholderName(expression, taken) {
  let base = "value";
  let node = expression;
  while (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node)) node = node.expression;
  if (ts.isIdentifier(node)) base = node.text;
  else if (ts.isPropertyAccessExpression(node)) base = node.name.text;
  else if (ts.isCallExpression(node) && node.arguments[0]) {
    let argument = node.arguments[0];
    if (ts.isNewExpression(argument) && argument.arguments?.[0]) argument = argument.arguments[0];
    if (ts.isIdentifier(argument)) base = argument.text;
    else if (ts.isPropertyAccessExpression(argument)) base = argument.name.text;
  }
  base = base.replace(/^[A-Z]/, (letter) => letter.toLowerCase()).replace(/[^A-Za-z0-9_]/g, "") || "value";
  let name = base;
  for (let index = 2; taken.has(name); index++) name = `${base}${index}`;
  taken.add(name);
  return name;
}

const entities = {
  apos: "'",
  quot: '"',
  amp: "&",
  lt: "<",
  gt: ">",
  nbsp: "\u00a0",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  hellip: "…",
};
/** JSX text as React reads it: lines trimmed and joined by a space, runs of spaces kept as one, entities read. */
function jsxText(raw) {
  return collapsed(raw).replace(/&(#x?[0-9a-fA-F]+|[a-z]+);/g, (whole, name) =>
    name.startsWith("#")
      ? String.fromCodePoint(parseInt(name.slice(name[1] === "x" ? 2 : 1), name[1] === "x" ? 16 : 10))
      : (entities[name] ?? whole),
  );
}
function collapsed(raw) {
  const lines = raw.split(/\r?\n/);
  if (lines.length === 1) return raw.replace(/\s+/g, " ");
  return lines
    .map((line, index) => {
      let part = line.replace(/\t/g, " ");
      if (index > 0) part = part.trimStart();
      if (index < lines.length - 1) part = part.trimEnd();
      return part;
    })
    .filter((line) => line !== "")
    .join(" ")
    .replace(/\s+/g, " ");
}

function wrapFile(file) {
  const code = readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edits = [];
  const leftForHand = [];
  let usesT = false;
  let usesTWith = false;
  const where = (node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const handled = new Set();

  /** The children of one element as one message; null when they hold something a message cannot. */
  function messageOf(children) {
    let text = "";
    const values = [];
    const parts = [];
    const taken = new Set();
    for (const child of children) {
      if (ts.isJsxText(child)) text += child.text;
      else if (ts.isJsxExpression(child)) {
        if (!child.expression) continue;
        const expression = child.expression;
        if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
          text += expression.text;
          continue;
        }
        if (containsJsx(expression) || containsSentence(expression)) return null;
        const name = placeholderName(expression, taken);
        values.push(`${name}: ${expression.getText(source)}`);
        text += `{${name}}`;
      } else if ((ts.isJsxElement(child) || ts.isJsxSelfClosingElement(child)) && INLINE_TAGS.has(tagName(child))) {
        const name = placeholderName(
          ts.factory.createIdentifier(tagName(child) === "a" || tagName(child) === "Link" ? "link" : tagName(child)),
          taken,
        );
        let element = child.getText(source);
        if (ts.isJsxElement(child)) {
          const inner = messageOf(child.children);
          if (inner === null) return null;
          if (inner.call) {
            const start = child.openingElement.getEnd() - child.getStart(source);
            const end = child.closingElement.getStart(source) - child.getStart(source);
            element = element.slice(0, start) + `{${inner.call}}` + element.slice(end);
          }
        }
        parts.push(`${name}: ${element}`);
        text += `{${name}}`;
      } else return null;
    }
    const message = jsxText(text).trim();
    if (!hasWords(message.replace(/\{[A-Za-z0-9_]+\}/g, ""))) return { call: null };
    const leading = /^\s/.test(jsxText(text)) && !/^\s*\n/.test(text) ? " " : "";
    const trailing = /\s$/.test(jsxText(text)) && !/\n\s*$/.test(text) ? " " : "";
    if (parts.length > 0) {
      usesTWith = true;
      usesT = true;
      return { call: `tWith(${quote(message)}, { ${[...values, ...parts].join(", ")} })`, leading, trailing };
    }
    usesT = true;
    return { call: values.length ? `t(${quote(message)}, { ${values.join(", ")} })` : `t(${quote(message)})`, leading, trailing };
  }

  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ["t", "tWith", "sentence"].includes(node.expression.text)) return;
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      const children = node.children.filter((child) => !(ts.isJsxText(child) && child.text.trim() === "" && /\n/.test(child.text)));
      const hasText = children.some((child) => ts.isJsxText(child) && hasWords(child.text));
      if (hasText && children.length > 0) {
        const message = messageOf(children);
        if (message?.call) {
          const first = children[0];
          const last = children[children.length - 1];
          const replacement = `${message.leading ? '{" "}' : ""}{${message.call}}${message.trailing ? '{" "}' : ""}`;
          edits.push({ start: first.getStart(source), end: last.getEnd(), text: replacement });
          for (const child of node.children) markHandled(child);
          return;
        }
        if (message === null) {
          // Mixed with block elements or sentences in code: each run of text alone, and a note to look.
          for (const child of children)
            if (ts.isJsxText(child) && hasWords(child.text)) {
              const text = jsxText(child.text).trim();
              edits.push({ start: child.getStart(source), end: child.getEnd(), text: `{t(${quote(text)})}` });
              usesT = true;
            }
          leftForHand.push(`${where(node)} a sentence around code or block elements: check it reads whole`);
        }
      }
    }
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer)) {
      const name = node.name.getText(source);
      if (SENTENCE_ATTRIBUTES.has(name) && hasWords(node.initializer.text)) {
        edits.push({
          start: node.initializer.getStart(source),
          end: node.initializer.getEnd(),
          text: `{t(${quote(node.initializer.text)})}`,
        });
        usesT = true;
      }
    }
    if (ts.isJsxExpression(node) && node.expression && !handled.has(node)) {
      const attribute = ts.isJsxAttribute(node.parent) ? node.parent.name.getText(source) : undefined;
      if (attribute === undefined || SENTENCE_ATTRIBUTES.has(attribute)) wrapLiterals(node.expression);
    }
    if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      SENTENCE_PROPERTIES.has(node.name.text)
    )
      wrapLiterals(node.initializer);
    if (
      ts.isStringLiteral(node) &&
      !handled.has(node) &&
      looksLikeSentence(node.text) &&
      !ts.isJsxAttribute(node.parent) &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent) &&
      !ts.isLiteralTypeNode(node.parent) &&
      !(ts.isPropertyAssignment(node.parent) && SENTENCE_PROPERTIES.has(node.parent.name.getText(source))) &&
      !ts.isExpressionStatement(node.parent)
    )
      if (wrapCode && inCodeWhereRead(node) && !/^[A-Z0-9_-]+$/.test(node.text) && !/^\S*[/.]\S*$/.test(node.text)) {
        edits.push({ start: node.getStart(source), end: node.getEnd(), text: `t(${quote(node.text)})` });
        usesT = true;
      } else leftForHand.push(`${where(node)} a string that may be read: ${node.getText(source).slice(0, 70)}`);
    if (
      ts.isTemplateExpression(node) &&
      looksLikeSentence(node.head.text + node.templateSpans.map((span) => span.literal.text).join(" "))
    ) {
      const call = wrapCode && inCodeWhereRead(node) ? templateCall(node) : null;
      if (call) {
        const inAttribute = ts.isJsxAttribute(node.parent);
        edits.push({ start: node.getStart(source), end: node.getEnd(), text: inAttribute ? `{${call}}` : call });
        usesT = true;
        markHandled(node);
        return;
      }
      leftForHand.push(`${where(node)} a template literal: ${node.getText(source).slice(0, 70)}`);
    }
    ts.forEachChild(node, visit);
  };
  /** Not a comparison, a method's argument (startsWith, includes), a key, or a non-sentence attribute. */
  function inCodeWhereRead(node) {
    for (let above = node.parent; above; above = above.parent)
      if (ts.isJsxAttribute(above) && ["sx", "style", "className"].includes(above.name.getText(source))) return false;
    let parent = node.parent;
    if (ts.isTemplateSpan(parent)) return false;
    if (ts.isJsxExpression(parent)) parent = parent.parent;
    if (ts.isJsxAttribute(parent))
      return (
        SENTENCE_ATTRIBUTES.has(parent.name.getText(source)) ||
        ["what", "purpose", "intro", "note", "label"].includes(parent.name.getText(source))
      );
    if (ts.isBinaryExpression(parent) && ["===", "!==", "==", "!=", "in"].includes(parent.operatorToken.getText(source))) return false;
    if (ts.isCaseClause(parent) || ts.isElementAccessExpression(parent) || ts.isComputedPropertyName(parent)) return false;
    if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node) return false;
    if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && parent.arguments.includes(node)) {
      return ["push", "set", "setProblem"].includes(parent.expression.name.text);
    }
    return true;
  }
  /** `Post by ${post.author}` as t("Post by {author}", { author: post.author }); null when a part holds a sentence of its own. */
  function templateCall(node) {
    const taken = new Set();
    let text = node.head.text;
    const values = [];
    for (const span of node.templateSpans) {
      if (containsSentence(span.expression) || containsJsx(span.expression)) return null;
      const name = placeholderName(span.expression, taken);
      values.push(`${name}: ${span.expression.getText(source)}`);
      text += `{${name}}${span.literal.text}`;
    }
    return `t(${quote(text)}, { ${values.join(", ")} })`;
  }
  function markHandled(node) {
    handled.add(node);
    ts.forEachChild(node, markHandled);
  }
  /** String literals that are the value itself (a ternary's branches, a fallback after ??, ||). */
  function wrapLiterals(expression) {
    if (handled.has(expression)) return;
    if ((ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) && looksLikeSentence(expression.text)) {
      edits.push({ start: expression.getStart(source), end: expression.getEnd(), text: `t(${quote(expression.text)})` });
      usesT = true;
      markHandled(expression);
    } else if (ts.isConditionalExpression(expression)) {
      wrapLiterals(expression.whenTrue);
      wrapLiterals(expression.whenFalse);
    } else if (ts.isBinaryExpression(expression) && ["??", "||", "&&"].includes(expression.operatorToken.getText(source))) {
      wrapLiterals(expression.right);
    } else if (ts.isParenthesizedExpression(expression)) wrapLiterals(expression.expression);
  }
  visit(source);

  if (edits.length === 0) return leftForHand;
  edits.sort((a, b) => b.start - a.start);
  let result = code;
  let lastStart = Infinity;
  for (const edit of edits) {
    if (edit.end > lastStart) continue; // inside an edit already made
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
    lastStart = edit.start;
  }
  const featureRoot = file.match(/^(.*web[\\/]src[\\/]features[\\/][^\\/]+)/)?.[1];
  const messagesFile = featureRoot ? path.join(featureRoot, "messages.ts") : undefined;
  if (messagesFile) {
    let relative = path.relative(path.dirname(file), messagesFile).replace(/\\/g, "/");
    if (!relative.startsWith(".")) relative = `./${relative}`;
    const names = [usesT ? "t" : null, usesTWith ? "tWith" : null].filter(Boolean);
    const existing = new RegExp(`import \\{([^}]*)\\} from "${relative.replace(/\./g, "\\.")}";\\n`).exec(result);
    if (existing) {
      const merged = [
        ...new Set([
          ...existing[1]
            .split(",")
            .map((name) => name.trim())
            .filter(Boolean),
          ...names,
        ]),
      ].sort();
      result = result.replace(existing[0], `import { ${merged.join(", ")} } from "${relative}";\n`);
    } else {
      const imports = [...result.matchAll(/^import [^;]+;\n/gm)];
      const after = imports.length ? imports[imports.length - 1].index + imports[imports.length - 1][0].length : 0;
      result = result.slice(0, after) + `import { ${names.join(", ")} } from "${relative}";\n` + result.slice(after);
    }
    if (!existsSync(messagesFile))
      writeFileSync(
        messagesFile,
        `import { loadCatalogues } from "../../lib/i18n.ts";\n\n// This feature's sentences in the page's language, loaded before its screens render (web/src/lib/i18n.ts).\nawait loadCatalogues(import.meta.glob("./locales/en.ts", { eager: true }), import.meta.glob(["./locales/*.ts", "!./locales/en.ts"]));\n\nexport { t, tWith } from "../../lib/i18n.ts";\n`,
      );
  }
  writeFileSync(file, result);
  return leftForHand;
}

// --code: also the sentences in code (a map of labels, an outcome's text, a template literal), not only in JSX.
const wrapCode = process.argv.includes("--code");
const notes = process.argv
  .slice(2)
  .filter((argument) => !argument.startsWith("--"))
  .flatMap(filesUnder)
  .flatMap(wrapFile);
for (const note of notes) console.log(note);
