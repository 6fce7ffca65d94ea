import studioEndpoints from "virtual:endpoint-table/studio";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import Button from "@mui/material/Button";
import { type FormEvent, type ReactNode, useState } from "react";
import type { Created } from "../../../contract/studio/courses.ts";
import { Notice } from "../components/notice.tsx";
import { OutcomeNotice } from "../components/outcome-notice.tsx";
import { Spinner } from "../components/spinner.tsx";
import { TextField } from "../components/text-field.tsx";
import { useSend } from "../lib/answers.ts";
import { addEndpoints, type ApiFailure } from "../lib/api.ts";
import { useAction } from "../lib/use-action.ts";
import { dateFormatOnUse } from "../lib/formats.ts";
import { t } from "./messages.ts";

// The studio's part of the contract's endpoints travels with the studio's chunks (every studio page
// and the studio's frame import this module), not in a member's first visit.
addEndpoints(studioEndpoints);

/** A studio page: wider than the member column (she works on a laptop too), with the page's one h1. */
export function StudioPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="main"
      id="main"
      tabIndex={-1}
      sx={{ maxWidth: 1100, mx: "auto", px: 2, py: 3, outline: "none", overflowWrap: "anywhere" }}
    >
      <Typography variant="h1" component="h1" sx={{ mb: 1, fontSize: { xs: "1.7rem", md: "2.1rem" } }}>
        {title}
      </Typography>
      {intro ? <Typography sx={{ mb: 2, color: "text.secondary" }}>{intro}</Typography> : null}
      {children}
    </Box>
  );
}

/** A search box with its button, and any filters beside it (a select of kind or order). */
export function SearchBar({
  label,
  value,
  onChange,
  onSearch,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  children?: ReactNode;
}) {
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSearch();
      }}
      sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap", mb: 2 }}
    >
      <Box sx={{ flex: "1 1 240px" }}>
        <TextField label={label} name="search" type="search" value={value} onChange={(event) => onChange(event.target.value)} />
      </Box>
      <Button type="submit" variant="contained">
        {t("Search")}
      </Button>
      {children}
    </Box>
  );
}

/** A native select with its label above it: light, and a phone shows its own picker. */
export function LabelledSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <Box component="label" sx={{ display: "flex", flexDirection: "column", fontSize: "0.9rem", minWidth: 0 }}>
      {label}
      {/* As wide as its form: a long option (a member's address, a package's name) does not push the page past a phone's screen. */}
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        style={{ font: "inherit", padding: "8px", borderRadius: 8, width: "100%", minWidth: 0 }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Box>
  );
}

/** Room around a notice that stands between a page's parts (inside a form, the form's gap does it). */
export const studioNoticeStyle = { margin: "12px 0" } as const;

/** A loading spinner, or the sentence saying why the page's data could not be read. */
export function Loading({ failure, what }: { failure?: ApiFailure; what: string }) {
  if (failure) {
    return (
      <Notice tone="error" role="alert">
        {failure.error ?? t("We could not load {what}. Please reload the page.", { what: what })}
      </Notice>
    );
  }
  return <Spinner label={t("Loading {what}", { what: what })} />;
}

const dateFormat = dateFormatOnUse({ year: "numeric", month: "short", day: "numeric" });
const dateTimeFormat = dateFormatOnUse({
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

export const formatDate = (iso: string | null, never = "never") => (iso ? dateFormat.format(new Date(iso)) : never);
export const formatDateTime = (iso: string | null, never = "never") => (iso ? dateTimeFormat.format(new Date(iso)) : never);

/**
 * A phone's view of a table with few rows she acts on (her clients, a client's payments): below
 * 600 px each row is a card of its cells, each cell under its column's name (its `data-label`,
 * drawn by CSS and not read twice: a screen reader still hears the table's own headers).
 */
const stackedOnPhone = {
  "@media (max-width: 599.95px)": {
    "& table": { minWidth: "0 !important" },
    "& thead": { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)", whiteSpace: "nowrap" },
    "& table, & tbody, & tr, & tbody th, & td": { display: "block", width: "100%" },
    "& tr": { borderBottom: "1px solid var(--border)", py: 1 },
    "& tbody th, & td": { borderBottom: "none", py: 0.5, px: 0 },
    "& tbody th": { fontSize: "1.05rem" },
    "& td[data-label]::before": {
      content: 'attr(data-label) / ""',
      display: "block",
      fontSize: "0.85rem",
      color: "text.secondary",
    },
  },
};

/**
 * A table that scrolls sideways on a phone; focusable, so a keyboard can scroll it too. With
 * `stacksOnPhone`, it becomes a list of cards below 600 px instead (give each `td` a `data-label`).
 */
export function ScrollingTable({
  label,
  stacksOnPhone = false,
  children,
}: {
  label: string;
  stacksOnPhone?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: "auto",
        // Its width is its container's, never its table's: a wide table scrolls in here instead of
        // widening the page (and every box around it) past a phone's screen.
        contain: "inline-size",
        // And the containing block of what is placed in it (a column's visually hidden name), which it then clips too.
        position: "relative",
        mb: 2,
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
        "& table": { borderCollapse: "collapse", width: "100%" },
        "& th, & td": { textAlign: "start", px: 1.5, py: 1, borderBottom: "1px solid var(--border)", verticalAlign: "top" },
        "& tbody th": { fontWeight: 500 },
        "& .code": { fontFamily: "monospace", fontSize: "0.95rem" },
        ...(stacksOnPhone ? stackedOnPhone : {}),
      }}
    >
      {children}
    </Box>
  );
}

/** Copies text, falling back to selecting it where the browser refuses the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A one-field form that creates something by its title (a course, a module, a lesson) and hands
 * the new id on; a refusal stays beside the field, with what she typed.
 */
export function CreateByTitle({
  purpose,
  label,
  button,
  create,
  onCreated,
  onCancel,
}: {
  /** What the form does, as a screen reader names it ("Add a lesson to Week 1"). */
  purpose: string;
  label: string;
  button: string;
  /** Sends the new thing's title (through `send`, so the lists showing it are asked again). */
  create: (send: ReturnType<typeof useSend>, title: string) => Promise<Created>;
  onCreated: (created: Created) => void;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState("");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const fieldError = outcome?.tone === "error" ? (outcome.details?.title ?? undefined) : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await run(
      () => create(send, title),
      (answer) => answer.message,
    );
    if (created) {
      // Ready for the next one: the tree above shows this one now.
      setTitle("");
      onCreated(created);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={purpose}
      sx={{ display: "flex", gap: 1, alignItems: "start", flexWrap: "wrap", my: 1 }}
    >
      <Box sx={{ flex: "1 1 220px" }}>
        <TextField
          label={label}
          name="title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError}
        />
      </Box>
      <Box sx={{ display: "flex", gap: 1, pt: { xs: 0, sm: 3.5 } }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {button}
        </Button>
        {onCancel ? <Button onClick={onCancel}>{t("Cancel")}</Button> : null}
      </Box>
      {outcome?.tone === "error" && !fieldError ? <OutcomeNotice outcome={outcome} style={{ flexBasis: "100%" }} /> : null}
    </Box>
  );
}

/** The frame of a group of choices in a studio form. */
export const fieldsetStyle = { border: "1px solid var(--border)", borderRadius: 2, m: 0, p: 1.5 } as const;

/** A fieldset of checkboxes choosing some of a list by id (the courses a plan opens, the plans that include a course). */
export function Checklist({
  legend,
  options,
  chosen,
  onChange,
  error,
  children,
}: {
  legend: string;
  options: { id: number; label: string }[];
  chosen: number[];
  onChange: (chosen: number[]) => void;
  error?: string | undefined;
  children?: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={fieldsetStyle}>
      <legend>{legend}</legend>
      {children}
      {options.map((option) => (
        <Box component="label" key={option.id} sx={{ display: "flex", gap: 1, alignItems: "center", py: 0.5 }}>
          <input
            type="checkbox"
            checked={chosen.includes(option.id)}
            onChange={(event) => onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
            style={{ width: 20, height: 20 }}
          />
          {option.label}
        </Box>
      ))}
      {error ? <Box sx={{ color: "var(--error-ink)" }}>{error}</Box> : null}
    </Box>
  );
}

/** A Delete button that asks once more, in place, before it deletes (to the Trash). Plain buttons: lists repeat it on every row. */
export function DeleteWithConfirmation({
  name,
  what,
  onDelete,
  busy,
}: {
  name: string;
  what: string;
  onDelete: () => void;
  busy: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button
        type="button"
        className="button button-small button-error"
        onClick={() => setAsking(true)}
        aria-label={t("Delete {name}", { name: name })}
      >
        {t("Delete")}
      </button>
    );
  }
  return (
    <span
      role="group"
      aria-label={t("Delete {name}?", { name: name })}
      style={{ display: "inline-flex", gap: 4, flexWrap: "wrap", alignItems: "center" }}
    >
      <span>{t("Delete {what}?", { what: what })}</span>
      <button type="button" className="button button-small button-contained button-danger" disabled={busy} onClick={onDelete} autoFocus>
        {t("Yes, delete")}
      </button>
      <button type="button" className="button button-small" onClick={() => setAsking(false)}>
        {t("Keep it")}
      </button>
    </span>
  );
}

/**
 * Small buttons beside a row's title. Given the row's name, a phone shows one "Actions" button in
 * their place that opens them (the rule is .row-actions in web/index.html), so a tree of rows is not
 * a wall of buttons at 360 px; a wider screen shows them all.
 */
export function ButtonRow({ children, actionsOf }: { children: ReactNode; actionsOf?: string }) {
  const [open, setOpen] = useState(false);
  const row = (
    <span
      className={actionsOf ? (open ? "row-actions open" : "row-actions") : undefined}
      style={{ display: "inline-flex", gap: 4, marginInlineStart: 8, flexWrap: "wrap", verticalAlign: "middle" }}
    >
      {children}
    </span>
  );
  if (!actionsOf) return row;
  return (
    <>
      <button
        type="button"
        className="button button-small button-outlined row-actions-toggle"
        aria-expanded={open}
        aria-label={t("Actions for {actionsOf}", { actionsOf: actionsOf })}
        onClick={() => setOpen((was) => !was)}
      >
        {t("Actions")}
      </button>
      {row}
    </>
  );
}

/** One choice of a few, as radio buttons with their labels, inside the caller's fieldset. */
export function RadioChoices<Value extends string>({
  name,
  value,
  choices,
  onChange,
}: {
  name: string;
  value: Value;
  choices: readonly (readonly [Value, string])[];
  onChange: (value: Value) => void;
}) {
  return choices.map(([choice, label]) => (
    <Box component="label" key={choice} sx={{ display: "flex", gap: 1, alignItems: "center", minHeight: 36 }}>
      <input
        type="radio"
        name={name}
        value={choice}
        checked={value === choice}
        onChange={() => onChange(choice)}
        style={{ width: 20, height: 20 }}
      />
      {label}
    </Box>
  ));
}
