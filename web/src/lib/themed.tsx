// MUI's theme, for the screens built with MUI components. The member frame, /home and /lesson are
// plain markup styled by web/index.html and never load MUI or Emotion: about a quarter of the
// JavaScript a phone downloads and runs before a member's first page. The router wraps
// every other screen in this provider (web/src/app/router.tsx).
// MUI's own ThemeProvider also carries its CSS-variables provider (about 3 KB gzipped) for colour
// schemes this site does not use; the system provider underneath does the rest.
import { ThemeProvider } from "@mui/system";
import type { ReactNode } from "react";
import { theme } from "./theme.ts";

export function Themed({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
