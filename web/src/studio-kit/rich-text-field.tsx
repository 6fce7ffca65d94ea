import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Component, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { TextField } from "../components/text-field.tsx";
import { SafeHtml } from "../lib/safe-html.tsx";
import { t } from "./messages.ts";

// The editor is some 100 KB of JavaScript: it comes in its own chunk once she touches the page and
// a rich-text field is on screen or near it, so no studio page's first visit waits for it, and a
// page whose fields are further down (a course's details, below its modules) does not start it at
// all until she scrolls or tabs towards them. Until it arrives the text shows in the editor's
// frame; if it cannot (offline), the field is the plain HTML box, with the same value.
const RichTextEditor = lazy(() => import("./rich-text-editor.tsx"));

// What the editor can keep (rich-text-editor.tsx). HTML with anything else, which an import may
// bring (a table, a picture), opens as HTML, so that saving never drops it.
const EDITABLE_TAGS = new Set(["P", "BR", "HR", "STRONG", "B", "EM", "I", "U", "S", "H3", "H4", "UL", "OL", "LI", "BLOCKQUOTE", "A"]);
const EDITABLE_ATTRIBUTES: Record<string, string[]> = { A: ["href", "rel", "title"], OL: ["start"] };

/** Whether the editor can show this HTML without losing any of it. */
export function editorKeepsAll(html: string): boolean {
  if (html.trim() === "") return true;
  const body = new DOMParser().parseFromString(html, "text/html").body;
  return Array.from(body.querySelectorAll("*")).every(
    (element) =>
      EDITABLE_TAGS.has(element.tagName) &&
      Array.from(element.attributes).every((attribute) => (EDITABLE_ATTRIBUTES[element.tagName] ?? []).includes(attribute.name)),
  );
}

// Whether she has touched the page yet: a key, the pointer, a touch, a scroll or a field's focus.
// Until then nothing is typed into an editor, so its hundred kilobytes can wait for her hand.
let handSeen = false;
const whenHandSeen = new Set<() => void>();
const signsOfAHand = ["pointermove", "pointerdown", "keydown", "touchstart", "scroll", "focusin"] as const;
function noticeTheHand() {
  handSeen = true;
  for (const sign of signsOfAHand) window.removeEventListener(sign, noticeTheHand, true);
  for (const wake of whenHandSeen) wake();
  whenHandSeen.clear();
}

/**
 * Whether the editor should load: once she has touched the page and the field is on screen or
 * within half a screen of it; at once where the browser cannot tell where the field is.
 */
function useEditorWanted() {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  const [touched, setTouched] = useState(() => handSeen || typeof IntersectionObserver === "undefined");
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (touched) return;
    if (whenHandSeen.size === 0)
      for (const sign of signsOfAHand) window.addEventListener(sign, noticeTheHand, { capture: true, passive: true });
    const wake = () => setTouched(true);
    whenHandSeen.add(wake);
    return () => void whenHandSeen.delete(wake);
  }, [touched]);
  useEffect(() => {
    if (near || !element.current) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: "50% 0px",
    });
    observer.observe(element.current);
    return () => observer.disconnect();
  }, [near]);
  return { wanted: near && touched, touched, element };
}

/** Shows the HTML box when the editor's chunk cannot load, instead of a broken page. */
class EditorFallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type RichTextFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  help: string;
  minRows?: number;
  /** Words she can put where her cursor is with one press (an agreement's fields), under the field. */
  insertions?: { label: string; text: string; name: string }[];
};

/**
 * A rich-text field of the studio: the editor by default, or the HTML itself (a switch below it,
 * and the only way for HTML the editor would not keep). The server cleans either with the same
 * allow-list. Per-field messages from the server show below it, like any field's.
 */
export function RichTextField({ label, name, value, onChange, error, help, minRows = 4, insertions }: RichTextFieldProps) {
  const [asHtml, setAsHtml] = useState(() => !editorKeepsAll(value));
  const inserter = useRef<((text: string) => void) | null>(null);
  const htmlBoxFrame = useRef<HTMLDivElement>(null);
  /** Into the editor at her cursor; into the HTML box at its selection; else at the end. */
  const insert = (text: string) => {
    const box = htmlBoxFrame.current?.querySelector("textarea");
    if (box) {
      const at = box.selectionStart;
      const end = box.selectionEnd;
      onChange(value.slice(0, at) + text + value.slice(end));
      requestAnimationFrame(() => {
        box.focus();
        box.setSelectionRange(at + text.length, at + text.length);
      });
    } else if (inserter.current) inserter.current(text);
    else onChange(value.replace(/(<\/[a-z0-9]+>\s*)?$/i, `${text}$1`));
  };
  const insertionButtons = insertions ? (
    <Box role="group" aria-label={t("Put into {label}", { label })} sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1 }}>
      {insertions.map((insertion) => (
        <Button key={insertion.text} size="small" variant="outlined" onClick={() => insert(insertion.text)} aria-label={insertion.label}>
          {insertion.name}
        </Button>
      ))}
    </Box>
  ) : null;
  const labelId = useId();
  const { wanted, touched, element } = useEditorWanted();
  const helpId = `${labelId}-help`;
  // The editor's own output always fits it: only the HTML box needs asking (a parse per keystroke there).
  const keepsAll = asHtml ? editorKeepsAll(value) : true;
  const htmlBox = (
    <div ref={htmlBoxFrame}>
      <TextField
        label={label}
        name={name}
        multiline
        minRows={minRows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? t("HTML, cleaned on saving. {help}", { help: help })}
      />
    </div>
  );
  // Until the editor is here, the text itself, in the editor's frame and spacing: the page is
  // readable at once, and the editor takes its place without moving it.
  const placeholder = (
    <Box
      ref={element}
      aria-busy="true"
      sx={{
        border: "1px solid var(--input-border)",
        borderRadius: "10px",
        "& .safe-html": { minHeight: `${minRows * 1.6}em`, px: 1.5, py: 1, overflowWrap: "anywhere" },
        "& .safe-html p": { my: 0.75 },
      }}
    >
      <Box sx={{ borderBottom: "1px solid var(--border)", p: 0.5, color: "text.secondary", fontSize: "0.8125rem", lineHeight: "30px" }}>
        {/* Its chunk comes at her first touch, key or pointer: until then "opening" would be untrue. */}
        {touched ? t("Opening the editor…") : t("The editor opens when you touch or type on the page.")}
      </Box>
      <SafeHtml html={value} />
    </Box>
  );
  if (asHtml) {
    return (
      <Box>
        {htmlBox}
        {insertionButtons}
        <Button
          size="small"
          sx={{ mt: 0.5 }}
          disabled={!keepsAll}
          onClick={() => setAsHtml(false)}
          aria-label={t("Use the editor ({label})", { label: label })}
        >
          {t("Use the editor")}
        </Button>
        {!keepsAll ? (
          <Box component="span" sx={{ fontSize: "0.875rem", color: "text.secondary", marginInlineStart: "8px" }}>
            {t("This text holds something the editor cannot keep (a table or a picture, for example), so it stays HTML.")}
          </Box>
        ) : null}
      </Box>
    );
  }
  return (
    <Box>
      <Box id={labelId} sx={{ display: "block", fontWeight: 600, mb: 0.5 }}>
        {label}
      </Box>
      <EditorFallback fallback={htmlBox}>
        <Suspense fallback={placeholder}>
          {wanted ? (
            <RichTextEditor
              labelId={labelId}
              describedBy={helpId}
              invalid={Boolean(error)}
              value={value}
              onChange={onChange}
              minRows={minRows}
              inserter={inserter}
            />
          ) : (
            placeholder
          )}
        </Suspense>
      </EditorFallback>
      <Box id={helpId} sx={{ mt: 0.5, fontSize: "0.875rem", color: error ? "error.main" : "text.secondary" }}>
        {error ?? help}
      </Box>
      {insertionButtons}
      <Button size="small" sx={{ mt: 0.5 }} onClick={() => setAsHtml(true)} aria-label={t("Edit as HTML ({label})", { label: label })}>
        {t("Edit as HTML")}
      </Button>
    </Box>
  );
}
