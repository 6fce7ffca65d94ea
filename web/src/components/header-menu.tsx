import { useRef, useState } from "react";
import { Link } from "react-router";
import { drawnIcon } from "./icon.tsx";
import { t } from "../lib/i18n.ts";

const MenuIcon = drawnIcon("M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z");
const CloseIcon = drawnIcon("M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z");

export type MenuEntry = { label: string; to: string } | { label: string; onSelect: () => void };

/**
 * The header menu, for visitors and members alike (docs/product.md, Screens): a plain disclosure of links that
 * Escape closes, so no page downloads MUI's drawer and popover machinery (some 7 KB gzipped).
 */
export function HeaderMenu({ id, name, entries }: { id: string; name: string; entries: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="icon-button"
        aria-label={open ? t("Close menu") : t("Open menu")}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <CloseIcon /> : <MenuIcon />}
      </button>
      {open ? (
        <nav
          id={id}
          aria-label={name}
          className="header-menu"
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            close();
            toggle.current?.focus();
          }}
        >
          <ul>
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
          </ul>
        </nav>
      ) : null}
    </>
  );
}
