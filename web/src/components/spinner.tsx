import type { CSSProperties } from "react";
import { t } from "../lib/i18n.ts";

/**
 * A turning ring drawn by CSS (the keyframes live in web/index.html). MUI's CircularProgress
 * would add about 1.5 KB of JavaScript to every first visit for the same picture.
 */
export function ProgressRing({ label, size = 40, style }: { label?: string; size?: number; style?: CSSProperties }) {
  // Without a label the ring only decorates words that already say what is happening.
  const meaning = label ? { role: "progressbar", "aria-label": label } : { "aria-hidden": true };
  return <span className="progress-ring" {...meaning} style={{ width: size, height: size, ...style }} />;
}

export function Spinner({ label = t("Loading") }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ display: "flex", justifyContent: "center", padding: "48px 0" }}>
      <ProgressRing label={label} style={{ color: "var(--accent)" }} />
    </div>
  );
}
