import type { CSSProperties, ReactNode } from "react";

/**
 * A sentence that reports what happened: role "alert" interrupts a screen reader, "status" waits.
 * Its tones (MUI's standard Alert colours, contrast above 7:1, without its icons and Paper, which
 * would cost the sign-in screens ~1.7 KB of JavaScript) are the site's CSS (.notice, web/index.html).
 */
export function Notice({
  tone,
  role,
  children,
  style,
}: {
  tone: "success" | "error" | "info";
  role: "alert" | "status";
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <div role={role} className={`notice notice-${tone}`} style={style}>
      {children}
    </div>
  );
}
