import MenuIcon from "@mui/icons-material/Menu";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
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

/** The header menu of SPEC §2 for visitors. */
function PublicMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label="Open menu"
        aria-controls={anchor ? "public-menu" : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MenuIcon />
      </IconButton>
      <Menu id="public-menu" anchorEl={anchor} open={anchor !== null} onClose={close}>
        {publicMenu.slice(0, 2).map((entry) => (
          <MenuItem key={entry.label} component={Link} to={entry.to} onClick={close}>
            {entry.label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          Logout
        </MenuItem>
        {publicMenu.slice(2).map((entry) => (
          <MenuItem key={entry.label} component={Link} to={entry.to} onClick={close}>
            {entry.label}
          </MenuItem>
        ))}
      </Menu>
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
