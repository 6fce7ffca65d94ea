import type { ReactNode } from "react";
import { Link } from "react-router";
import { t } from "../lib/i18n.ts";

/**
 * The top bar every screen shares: the name, the beta label, and the screen's own menu. Plain
 * markup styled in web/index.html, which paints the same bar before the scripts arrive.
 */
export function BrandBar({ menu }: { menu: ReactNode }) {
  return (
    <header className="brand-bar">
      <div className="brand-bar-row">
        <Link to="/" className="brand-name">
          Calm Birth Circle
        </Link>
        <span className="beta-label">BETA</span>
        {menu}
      </div>
    </header>
  );
}

export function SkipLink() {
  return (
    <a
      href="#main"
      style={{ position: "absolute", insetInlineStart: -9999, top: 0 }}
      onFocus={(event) =>
        Object.assign(event.currentTarget.style, {
          insetInlineStart: "8px",
          top: "8px",
          zIndex: "2000",
          background: "var(--surface)",
          padding: "8px",
        })
      }
      onBlur={(event) => Object.assign(event.currentTarget.style, { insetInlineStart: "-9999px" })}
    >
      {t("Skip to content")}
    </a>
  );
}
