import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** The 500px content column of SPEC §9, with the page's one h1. */
export function PageColumn({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <Box component="main" id="main" tabIndex={-1} sx={{ maxWidth: 500, mx: "auto", px: 2, py: 3, outline: "none" }}>
      {title ? (
        <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

export function Footer() {
  return (
    <Box component="footer" sx={{ textAlign: "center", py: 3, color: "text.secondary", fontSize: "0.85rem" }}>
      © 2025 Calm Birth Circle · Beta
    </Box>
  );
}
