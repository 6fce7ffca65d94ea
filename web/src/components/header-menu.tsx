import CloseIcon from "@mui/icons-material/Close";
import MenuIcon from "@mui/icons-material/Menu";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { useRef, useState } from "react";
import { Link } from "react-router";

export type MenuEntry = { label: string; to: string } | { label: string; onSelect: () => void };

/**
 * The header menu of SPEC §2, for visitors and members alike: a plain disclosure of links that
 * Escape closes, so no page downloads MUI's drawer and popover machinery (some 7 KB gzipped).
 */
export function HeaderMenu({ id, name, entries }: { id: string; name: string; entries: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <IconButton ref={toggle} color="inherit" aria-label={open ? "Close menu" : "Open menu"} aria-expanded={open} aria-controls={id} onClick={() => setOpen((was) => !was)}>
        {open ? <CloseIcon /> : <MenuIcon />}
      </IconButton>
      {open ? (
        <Box
          component="nav"
          id={id}
          aria-label={name}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            close();
            toggle.current?.focus();
          }}
          sx={{ position: "absolute", top: "100%", right: 8, bgcolor: "background.paper", color: "text.primary", borderRadius: 2, boxShadow: 4, py: 1, minWidth: 200, zIndex: 1200 }}
        >
          <Box
            component="ul"
            sx={{
              listStyle: "none",
              m: 0,
              p: 0,
              "& a, & button": { display: "block", width: "100%", textAlign: "left", px: 2, py: 1.25, color: "inherit", textDecoration: "none", font: "inherit", background: "none", border: 0, cursor: "pointer" },
              "& a:hover, & button:hover": { bgcolor: "#f6eeee" },
            }}
          >
            {entries.map((entry) => (
              <li key={entry.label}>
                {"to" in entry ? (
                  <Link to={entry.to} onClick={close}>
                    {entry.label}
                  </Link>
                ) : (
                  <button
                    type="button"
                    onClick={() => {
                      close();
                      entry.onSelect();
                    }}
                  >
                    {entry.label}
                  </button>
                )}
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
    </>
  );
}
