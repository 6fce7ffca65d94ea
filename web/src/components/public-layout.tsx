import CloseIcon from "@mui/icons-material/Close";
import MenuIcon from "@mui/icons-material/Menu";
import IconButton from "@mui/material/IconButton";
import Box from "@mui/material/Box";
import { useState } from "react";
import { Link, Outlet } from "react-router";
import { useLogout } from "../features/auth/use-logout.ts";
import { BrandBar, SkipLink } from "./brand-bar.tsx";
import { Footer } from "./page-column.tsx";

const publicMenu = [
  { label: "Welcome", to: "/" },
  { label: "Login", to: "/login" },
  { label: "Contact", to: "/home" },
  { label: "Free Webinar", to: "/home" },
  { label: "About", to: "/home" },
  { label: "Helpful Links", to: "/home" },
];

/**
 * The header menu of SPEC §2 for visitors: a plain disclosure of links, so that the public
 * pages do not download MUI's popover machinery.
 */
function PublicMenu() {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const close = () => setOpen(false);
  return (
    <>
      <IconButton color="inherit" aria-label={open ? "Close menu" : "Open menu"} aria-expanded={open} aria-controls="public-menu" onClick={() => setOpen((was) => !was)}>
        {open ? <CloseIcon /> : <MenuIcon />}
      </IconButton>
      {open ? (
        <Box
          component="nav"
          id="public-menu"
          aria-label="Site menu"
          sx={{ position: "absolute", top: "100%", right: 8, bgcolor: "background.paper", color: "text.primary", borderRadius: 2, boxShadow: 4, py: 1, minWidth: 200, zIndex: 1200 }}
        >
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, "& a, & button": { display: "block", width: "100%", textAlign: "left", px: 2, py: 1.25, color: "inherit", textDecoration: "none", font: "inherit", background: "none", border: 0, cursor: "pointer" }, "& a:hover, & button:hover": { bgcolor: "#f6eeee" } }}>
            {publicMenu.slice(0, 2).map((entry) => (
              <li key={entry.label}>
                <Link to={entry.to} onClick={close}>
                  {entry.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                Logout
              </button>
            </li>
            {publicMenu.slice(2).map((entry) => (
              <li key={entry.label}>
                <Link to={entry.to} onClick={close}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </>
  );
}

export default function PublicLayout() {
  return (
    <>
      <SkipLink />
      <BrandBar menu={<PublicMenu />} />
      <Outlet />
      <Footer />
    </>
  );
}
