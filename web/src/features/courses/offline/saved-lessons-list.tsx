import { useSession } from "../../../lib/session.ts";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { removeSavedLesson, type SavedLesson, savedLessons } from "../../../lib/saved-lessons.ts";
import { t } from "../messages.ts";
import { megabytes } from "./save-for-offline.tsx";

/** The library's list of lessons saved on this phone, each with Remove. */
export function SavedLessonsList() {
  const member = useSession().user;
  const [lessons, setLessons] = useState<SavedLesson[]>([]);
  const refresh = useCallback(async () => {
    if (member) setLessons(await savedLessons(member.id));
  }, [member]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  if (!member || lessons.length === 0) return null;
  return (
    <section aria-labelledby="saved-lessons-heading" style={{ marginBottom: 24, padding: 16, background: "var(--note)", borderRadius: 36 }}>
      <h2 id="saved-lessons-heading" className="section-title" style={{ marginBottom: 8 }}>
        {t("Saved for offline")}
      </h2>
      <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {lessons.map((saved) => (
          <li
            key={`${saved.courseId}-${saved.lesson.id}`}
            style={{ display: "flex", alignItems: "center", gap: 8, paddingTop: 4, paddingBottom: 4, flexWrap: "wrap" }}
          >
            <div style={{ flex: 1, minWidth: 180 }}>
              <Link to={`/lesson?course=${saved.courseId}&lesson=${saved.lesson.id}`}>{saved.lesson.lesson_title}</Link>
              <p className="small-text" style={{ margin: 0, color: "var(--ink-quiet)" }}>
                {saved.courseTitle}
                {saved.bytes ? ` · ${megabytes(saved.bytes)}` : null}
              </p>
            </div>
            <button
              aria-label={t("Remove {lesson} from this phone", { lesson: saved.lesson.lesson_title })}
              onClick={() => void removeSavedLesson(member.id, saved.courseId, saved.lesson.id).then(refresh)}
              type="button"
              className="button button-small"
            >
              {t("Remove")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
