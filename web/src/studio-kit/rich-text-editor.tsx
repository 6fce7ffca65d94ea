import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { TextField } from "../components/text-field.tsx";
import { t } from "./messages.ts";

// The studio's rich-text editor (Tiptap), in a chunk of its own that the studio loads only when a
// page shows one (rich-text-field.tsx). It writes only what the server's allow-list keeps
// (server/src/catalogue/sanitise-html.ts): paragraphs, bold, italic, underline, strike,
// headings h3 and h4, lists, quotes, rules and links; rich-text-field.tsx opens anything richer
// (a table, a picture) as HTML instead, so that nothing she wrote is dropped.

export type RichTextEditorProps = {
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  value: string;
  onChange: (html: string) => void;
  minRows: number;
  /** Filled with a way to put text where her cursor is (an agreement's {{field}}), while the editor is here. */
  inserter?: { current: ((text: string) => void) | null };
};

const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;

function LinkForm({
  initial,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [href, setHref] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const address = href.trim();
    const withScheme =
      address.includes("@") && !address.includes("/") && !LINK_SCHEMES.test(address)
        ? `mailto:${address}`
        : LINK_SCHEMES.test(address)
          ? address
          : `https://${address}`;
    if (address === "") return setProblem(t("Type the address the link goes to, or choose Remove link."));
    onApply(withScheme);
  };
  return (
    // A div, not a form: it sits inside the lesson's form, and forms do not nest.
    <Box
      role="group"
      aria-label={t("Link")}
      sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap", p: 1, borderBottom: "1px solid var(--border)" }}
    >
      <Box sx={{ flex: "1 1 220px" }} onKeyDown={(event) => event.key === "Enter" && apply(event)}>
        <TextField
          label={t("Link address")}
          value={href}
          placeholder="https://…"
          onChange={(event) => setHref(event.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? undefined}
        />
      </Box>
      <Button size="small" variant="contained" onClick={apply}>
        {t("Apply link")}
      </Button>
      {initial ? (
        <Button size="small" onClick={onRemove}>
          {t("Remove link")}
        </Button>
      ) : null}
      <Button size="small" onClick={onCancel}>
        {t("Cancel")}
      </Button>
    </Box>
  );
}

export default function RichTextEditor({ labelId, describedBy, invalid, value, onChange, minRows, inserter }: RichTextEditorProps) {
  const [linking, setLinking] = useState(false);
  // The editable area names its label, help and validity like any field does.
  const attributes = useMemo<Record<string, string>>(
    () => ({
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelId,
      ...(describedBy ? { "aria-describedby": describedBy } : {}),
      ...(invalid ? { "aria-invalid": "true" } : {}),
    }),
    [labelId, describedBy, invalid],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["mailto", "tel"],
          HTMLAttributes: { rel: "noopener noreferrer", target: null },
        },
      }),
    ],
    content: value,
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? "" : changed.getHTML()),
    editorProps: { attributes },
  });

  // A value set from outside (the server's cleaned HTML after a save) replaces what the editor shows.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const shown = editor.isEmpty ? "" : editor.getHTML();
    if (value !== shown) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!inserter) return;
    inserter.current = (text) => void editor.chain().focus().insertContent(text).run();
    return () => void (inserter.current = null);
  }, [editor, inserter]);

  // useEditor reads its options once; a field that becomes invalid (a 400) says so from then on.
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, attributes]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      heading: current.isActive("heading", { level: 3 }),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      link: current.isActive("link"),
      href: (current.getAttributes("link").href as string | undefined) ?? "",
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const buttons: { label: string; pressed?: boolean; disabled?: boolean; run: () => void }[] = [
    { label: t("Bold"), pressed: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    { label: t("Italic"), pressed: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
    { label: t("Heading"), pressed: state.heading, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { label: t("Bulleted list"), pressed: state.bulletList, run: () => editor.chain().focus().toggleBulletList().run() },
    { label: t("Numbered list"), pressed: state.orderedList, run: () => editor.chain().focus().toggleOrderedList().run() },
    { label: t("Quote"), pressed: state.blockquote, run: () => editor.chain().focus().toggleBlockquote().run() },
    { label: t("Link"), pressed: state.link, run: () => setLinking(true) },
    { label: t("Undo"), disabled: !state.canUndo, run: () => editor.chain().focus().undo().run() },
    { label: t("Redo"), disabled: !state.canRedo, run: () => editor.chain().focus().redo().run() },
  ];

  return (
    <Box
      sx={{
        border: "1px solid",
        borderColor: invalid ? "error.main" : "var(--input-border)",
        borderRadius: "10px",
        bgcolor: "background.paper",
        "&:focus-within": { borderColor: "primary.main", boxShadow: "0 0 0 2px rgba(122, 62, 72, 0.25)" },
      }}
    >
      <Box
        role="toolbar"
        aria-labelledby={labelId}
        sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, p: 0.5, borderBottom: "1px solid var(--border)" }}
      >
        {buttons.map((button) => (
          <Button
            key={button.label}
            size="small"
            disableFocusRipple
            aria-pressed={button.pressed === undefined ? undefined : button.pressed}
            disabled={button.disabled}
            // A click keeps the caret in the text, so she types on in bold where she was.
            onMouseDown={(event) => event.preventDefault()}
            onClick={button.run}
            // No colour transition: Undo turning on mid-fade would read, for a moment, as too faint a text.
            sx={{
              minWidth: 0,
              px: 1,
              textTransform: "none",
              transition: "none",
              ...(button.pressed ? { bgcolor: "rgba(122, 62, 72, 0.12)" } : {}),
            }}
          >
            {button.label}
          </Button>
        ))}
      </Box>
      {linking ? (
        <LinkForm
          initial={state.href}
          onCancel={() => {
            setLinking(false);
            editor.commands.focus();
          }}
          onRemove={() => {
            setLinking(false);
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
          }}
          onApply={(href) => {
            setLinking(false);
            const chain = editor.chain().focus().extendMarkRange("link");
            // With nothing selected, the address itself becomes the link's text.
            if (editor.state.selection.empty && !state.link)
              chain.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }).run();
            else chain.setLink({ href }).run();
          }}
        />
      ) : null}
      <Box
        sx={{
          "& .ProseMirror": { minHeight: `${minRows * 1.6}em`, px: 1.5, py: 1, outline: "none", overflowWrap: "anywhere" },
          "& .ProseMirror p": { my: 0.75 },
          "& .ProseMirror a": { color: "primary.main" },
          "& .ProseMirror blockquote": { borderInlineStart: "3px solid var(--border)", marginInlineStart: 0, paddingInlineStart: "12px" },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}
