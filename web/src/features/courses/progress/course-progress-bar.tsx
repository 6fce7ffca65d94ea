import { t } from "../messages.ts";

/** "40% done" with a bar, for a course she may open. */
export function CourseProgressBar({ completed, total, courseTitle }: { completed: number; total: number; courseTitle: string }) {
  if (total === 0) return null;
  const percent = Math.round((completed / total) * 100);
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 8, paddingInlineStart: 16, paddingInlineEnd: 16, paddingBottom: 12 }}>
      <div
        role="progressbar"
        aria-label={t("Progress in {course}", { course: courseTitle })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{ flexGrow: 1, height: 8, borderRadius: 48, background: "var(--progress-track)", overflow: "hidden" }}
      >
        <div style={{ width: `${percent}%`, height: "100%", background: "var(--accent)" }} />
      </div>
      <span style={{ fontSize: "0.85rem", color: "var(--ink-quiet)", minWidth: 72, textAlign: "end" }}>
        {t("{percent}% done", { percent })}
      </span>
    </div>
  );
}
