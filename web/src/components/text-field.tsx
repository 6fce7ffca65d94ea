import Box from "@mui/material/Box";
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
};

const fieldStyle = {
  width: "100%",
  boxSizing: "border-box",
  font: "inherit",
  fontSize: "1rem",
  color: "text.primary",
  bgcolor: "background.paper",
  border: "1px solid #8a7676",
  borderRadius: "10px",
  px: 1.5,
  py: 1.25,
  "&:focus": { borderColor: "primary.main", boxShadow: "0 0 0 2px rgba(122, 62, 72, 0.25)", outline: "none" },
  "&[aria-invalid=true]": { borderColor: "error.main" },
  "&::placeholder": { color: "#6e5f5f", opacity: 1 },
} as const;

/**
 * A labelled text field: the label sits above the box (it never moves or hides what was typed),
 * help and errors below, all wired for screen readers. Native inputs keep the sign-in screens
 * light: MUI's input components would add about 9 KB to the first visit.
 */
export function TextField({ label, helperText, error, required, multiline, rows, minRows, ...input }: TextFieldProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  const shared = {
    id,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": helperText ? helperId : undefined,
    sx: fieldStyle,
    ...input,
  };
  return (
    <Box>
      <Box component="label" htmlFor={id} sx={{ display: "block", fontWeight: 600, mb: 0.5 }}>
        {label}
        {required ? (
          <Box component="span" aria-hidden sx={{ color: "error.main" }}>
            {" *"}
          </Box>
        ) : null}
      </Box>
      {multiline ? <Box component="textarea" rows={rows ?? minRows ?? 3} {...shared} sx={{ ...fieldStyle, resize: "vertical" }} /> : <Box component="input" type={input.type ?? "text"} {...shared} />}
      {helperText ? (
        <Box id={helperId} sx={{ mt: 0.5, fontSize: "0.875rem", color: error ? "error.main" : "text.secondary" }}>
          {helperText}
        </Box>
      ) : null}
    </Box>
  );
}
