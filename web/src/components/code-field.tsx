import { TextField } from "./text-field.tsx";

/**
 * A code the doula gave out (docs/gifts.md), folded away behind "Have a code?": most never open it,
 * and it opens by itself when a code is in it. The words come from the page, in its own catalogue.
 */
export function CodeField({
  summary,
  label,
  value,
  onChange,
  helperText,
  error,
  disabled,
}: {
  summary: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  helperText?: string | undefined;
  error?: boolean | undefined;
  disabled?: boolean | undefined;
}) {
  return (
    <details open={value !== "" || undefined}>
      <summary style={{ cursor: "pointer", padding: "12px 0", minHeight: 44, boxSizing: "border-box" }}>{summary}</summary>
      <TextField
        label={label}
        name="code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        disabled={disabled}
        error={error}
        helperText={helperText}
      />
    </details>
  );
}
