import type { ReactNode } from "react";

/**
 * The few Material icons (Apache 2.0, the outlines of @mui/icons-material) that the site shows, as
 * plain SVG: MUI's SvgIcon is a styled component, and the bottom bar and the lesson page render a
 * dozen of them, each computing its styles again on every render.
 */
/** A Material icon drawn from its SVG paths; every caller gives its own paths, so no icon costs a page that does not show it. */
export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** An icon of one path. Called `/* @__PURE__ *\/`, so a build leaves out the icons nobody draws. */
export const drawnIcon = (d: string) => () => (
  <Icon>
    <path d={d} />
  </Icon>
);
