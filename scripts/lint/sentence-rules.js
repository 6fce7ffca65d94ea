// What counts as a sentence a person reads, for the lint rule that keeps them in the catalogue
// (no-literal-sentences.js) and the tool that wraps a screen's sentences (scripts/i18n/wrap-sentences.mjs).

/** JSX attributes whose string is read (or heard, through a screen reader) by a person. */
export const SENTENCE_ATTRIBUTES = new Set([
  "label",
  "title",
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "placeholder",
  "helperText",
  "alt",
  "question",
  "button",
  "subtitle",
  "description",
  "emptyText",
  "confirmText",
  "cancelText",
  "heading",
  "hint",
  "intro",
  "what",
  "help",
  "legend",
  "caption",
]);

/** Object properties whose string is shown to a person (an outcome's message, a column's label). */
export const SENTENCE_PROPERTIES = new Set([
  "label",
  "title",
  "message",
  "description",
  "helperText",
  "placeholder",
  "hint",
  "heading",
  "question",
  "button",
  "subtitle",
  "help",
  "legend",
  "caption",
]);

/** Text between JSX tags or in a sentence attribute: read by a person if it has a letter and is not an address. */
export function hasWords(text) {
  const trimmed = String(text).trim();
  return /\p{L}/u.test(trimmed) && !/^(https?:|mailto:|\/|#)/.test(trimmed);
}

/**
 * A string in code that is probably shown: a capitalised word ("Register"), or lower-case words
 * with spaces between them ("for members"), but not class names ("button button-contained").
 */
export function looksLikeSentence(text) {
  const trimmed = String(text).trim();
  if (!hasWords(trimmed) || /^(\.|var\(|--)/.test(trimmed)) return false;
  // A style's value ("1px solid var(--border)", "repeat(3, minmax(0, 1fr))"), not words.
  if (/\d(px|rem|em|fr|vh|vw|%)\b|var\(--|^(repeat|minmax|calc|rgba?|linear-gradient)\(/.test(trimmed)) return false;
  if (/^\p{Lu}\p{L}/u.test(trimmed)) return true;
  const words = trimmed.split(/\s+/);
  return (
    words.filter((word) => /^\p{L}{2,}/u.test(word)).length > 1 &&
    !words.some((word) => /[_=<>{}]/.test(word)) &&
    !words.every((word) => word.includes("-"))
  );
}
