import { createTheme } from "@mui/material/styles";

// Warm, calm and high-contrast: every text colour here passes WCAG AA on the cream background.
export const theme = createTheme({
  palette: {
    mode: "light",
    primary: { main: "#7a3e48", contrastText: "#ffffff" },
    secondary: { main: "#2f5d50", contrastText: "#ffffff" },
    background: { default: "#fbf6f0", paper: "#ffffff" },
    text: { primary: "#2b2222", secondary: "#5a4a4a" },
    success: { main: "#2e6b3a" },
    error: { main: "#a8322d" },
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
