import { Link } from "react-router";
import type { HomeCardProps } from "../../lib/slots.tsx";
import { t } from "./messages.ts";

/** /home's "Saved for later": lessons she kept from a content note's notice, for a better day. */
export default function SavedForLaterCard({ answer: { lessons } }: HomeCardProps<"savedLessons">) {
  if (lessons.length === 0) return null;
  return (
    <section aria-labelledby="saved-for-later-heading" className="home-card">
      <h2 id="saved-for-later-heading" className="home-card-title">
        {t("Saved for later")}
      </h2>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {lessons.map((lesson) => (
          <li key={lesson.lesson_id}>
            <Link to={`/lesson?course=${lesson.course_id}&lesson=${lesson.lesson_id}`}>{lesson.title}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
