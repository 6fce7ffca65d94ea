import AppBar from "@mui/material/AppBar";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link } from "react-router";

/** The top bar every screen shares: the name, the beta label, and the screen's own menu. */
export function BrandBar({ menu }: { menu: ReactNode }) {
  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1, maxWidth: 900, width: "100%", mx: "auto" }}>
        <Typography component={Link} to="/" variant="h6" sx={{ color: "inherit", textDecoration: "none", fontWeight: 600, flexGrow: 1, fontSize: "1.1rem" }}>
          Calm Birth Circle
        </Typography>
        {/* A styled span, not MUI's Chip: the bar is on every first visit, and Chip costs ~2.5 KB. */}
        <span className="beta-label">BETA</span>
        {menu}
      </Toolbar>
    </AppBar>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main"
      style={{ position: "absolute", left: -9999, top: 0 }}
      onFocus={(event) => Object.assign(event.currentTarget.style, { left: "8px", top: "8px", zIndex: "2000", background: "#fff", padding: "8px" })}
      onBlur={(event) => Object.assign(event.currentTarget.style, { left: "-9999px" })}
    >
      Skip to content
    </a>
  );
}
