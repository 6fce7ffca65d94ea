import FormControl from "@mui/material/FormControl";
import FormHelperText from "@mui/material/FormHelperText";
import InputLabel from "@mui/material/InputLabel";
import OutlinedInput from "@mui/material/OutlinedInput";
import { type ChangeEvent, type ReactNode, useId } from "react";

type TextFieldProps = {
  label: string;
  name?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  error?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  rows?: number;
  minRows?: number;
  shrinkLabel?: boolean;
};

/**
 * An outlined text field with its label and help text wired for screen readers. MUI's own
 * TextField also carries its Select and menu machinery, which the sign-in screens would download for nothing.
 */
export function TextField({ label, helperText, error, required, shrinkLabel, ...input }: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" error={error} required={required} fullWidth>
      <InputLabel htmlFor={id} shrink={shrinkLabel || Boolean(input.placeholder) || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={`${label}${required ? " *" : ""}`} aria-describedby={helperText ? helperId : undefined} notched={shrinkLabel || Boolean(input.placeholder) || undefined} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
