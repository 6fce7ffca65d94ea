import { type ChangeEvent, type ReactNode, useId } from "react";

type TextFieldProps = {
  label: string;
  name?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  placeholder?: string;
  error?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  /** Only where the field opens on her own press (a reply box), never on a page's first load. */
  autoFocus?: boolean;
  min?: string;
  max?: string;
  /** The id of a <datalist> whose entries the browser offers as she types. */
  list?: string;
};

/**
 * A labelled text field: the label sits above the box (it never moves or hides what was typed),
 * help and errors below, all wired for screen readers. Native inputs keep the sign-in screens
 * light: MUI's input components would add about 9 KB to the first visit. Plain markup styled by
 * web/index.html (.text-field-*), so /home's pacing card costs no MUI.
 */
export function TextField({ label, helperText, error, required, multiline, rows, minRows, ...input }: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const shared = {
    id,
    required,
    className: "text-field-input",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": helperText ? helperId : undefined,
    ...input,
  };
  return (
    <div>
      <label htmlFor={id} className="text-field-label">
        {label}
        {required ? (
          <span aria-hidden className="text-field-required">
            {" *"}
          </span>
        ) : null}
      </label>
      {multiline ? <textarea rows={rows ?? minRows ?? 3} {...shared} /> : <input type={input.type ?? "text"} {...shared} />}
      {helperText ? (
        <div id={helperId} className={error ? "text-field-helper text-field-error" : "text-field-helper"}>
          {helperText}
        </div>
      ) : null}
    </div>
  );
}
