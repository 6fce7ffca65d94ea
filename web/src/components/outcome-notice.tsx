import type { CSSProperties } from "react";
import { Notice } from "./notice.tsx";

/** What a form's last call did: the server's sentence, and on a 400 its sentence per field. */
export type Outcome = { tone: "success" | "error"; text: string; details?: Record<string, string>; status?: number } | null;

/** The sentence that reports an Outcome: an error interrupts a screen reader, a success waits its turn. */
export function OutcomeNotice({ outcome, style }: { outcome: Outcome; style?: CSSProperties }) {
  if (!outcome) return null;
  return (
    <Notice tone={outcome.tone} role={outcome.tone === "error" ? "alert" : "status"} style={style}>
      {outcome.text}
    </Notice>
  );
}
