import { createTheme } from "@mui/material/styles";
import { accent, error, ink, inkQuiet, page, progress, surface, teal } from "../../../../contract/design-tokens.ts";

// Warm, calm and high-contrast (the design tokens): every text colour here passes WCAG AA on the cream background.
export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: accent, contrastText: surface },
    secondary: { main: teal, contrastText: surface },
    background: { default: page, paper: surface },
    text: { primary: ink, secondary: inkQuiet },
    success: { main: progress },
    error: { main: error },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: '"Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 15,
    h1: { fontSize: "1.9rem", fontWeight: 600, lineHeight: 1.25 },
    h2: { fontSize: "1.5rem", fontWeight: 600, lineHeight: 1.3 },
    h3: { fontSize: "1.2rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: "always" } },
  },
});
