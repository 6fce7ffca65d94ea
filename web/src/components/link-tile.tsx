import type { ReactNode } from "react";
import { Link } from "react-router";

/** A call-to-action tile: one link, its whole surface clickable (styled in web/index.html). */
export function LinkTile({ to, title, children, image }: { to: string; title: string; children?: ReactNode; image?: string }) {
  return (
    <Link to={to} className="panel link-tile">
      {/* Decorative, but often the largest thing on the screen: a page that shows it first names it in
          its route's firstNeeds, and its built page asks for it beside the scripts. */}
      {image ? <img src={image} alt="" width={500} height={160} decoding="async" /> : null}
      <div className="link-tile-text">
        <h2 className="section-title">{title}</h2>
        {children ? <p className="small-text">{children}</p> : null}
      </div>
    </Link>
  );
}
