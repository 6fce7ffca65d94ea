import type { CSSProperties, ReactNode } from "react";

// MUI's standard Alert colours (contrast above 7:1), without its icons and Paper: the sign-in
// screens are first visits, and Alert costs them ~1.7 KB of JavaScript.
const tones = {
  success: { background: "#edf7ed", color: "#1e4620", borderColor: "#2e7d32" },
  error: { background: "#fdeded", color: "#5f2120", borderColor: "#d32f2f" },
  info: { background: "#e5f6fd", color: "#014361", borderColor: "#0288d1" },
} as const;

/** A sentence that reports what happened: role "alert" interrupts a screen reader, "status" waits. */
export function Notice({
  tone,
  role,
  children,
  style,
}: {
  tone: keyof typeof tones;
  role: "alert" | "status";
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { borderColor, ...colours } = tones[tone];
  return (
    <div
      role={role}
      style={{ ...colours, borderLeft: `4px solid ${borderColor}`, borderRadius: 8, padding: "10px 14px", lineHeight: 1.5, ...style }}
    >
      {children}
    </div>
  );
}
