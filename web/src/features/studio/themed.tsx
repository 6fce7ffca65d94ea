// MUI's theme, for the studio alone (its frame and its setup page put their screens in it). Every
// page a visitor or member sees is plain markup styled by web/index.html and never loads MUI or
// Emotion: they were about a quarter of the JavaScript a phone downloaded and ran before a page.
// MUI's own ThemeProvider also carries its CSS-variables provider (about 3 KB gzipped) for colour
// schemes this site does not use; the system provider underneath does the rest.
import { ThemeProvider } from "@mui/system";
import type { ReactNode } from "react";
import { theme } from "./theme.ts";

export function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
