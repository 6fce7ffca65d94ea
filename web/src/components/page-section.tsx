import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** One part of a page: its h2, named for screen readers, and what it holds. */
export function PageSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 4 }}>
      <Typography variant="h2" id={id} sx={{ fontSize: "1.3rem", mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
