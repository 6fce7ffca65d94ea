import { useEffect, useState } from "react";
import { useSession } from "../../../lib/session.ts";
import { useSlots } from "../../../lib/slots.tsx";
import type { OpenLesson } from "../../../../../contract/catalogue.ts";
import { ProgressRing } from "../../../components/spinner.tsx";
import { canSaveForOffline, removeSavedLesson, saveLessonForOffline, savedLesson } from "../../../lib/saved-lessons.ts";
import { t } from "../messages.ts";
import { sentence } from "../../../../../contract/languages.ts";

type SaveState = "checking" | "not-saved" | "saving" | "saved" | "failed";

const messages: Partial<Record<SaveState, string>> = {
  saved: sentence("Saved on this phone: the notes, the summary and the downloads open without a signal. Videos need a connection."),
  failed: sentence("This lesson could not be saved just now. Please try again when the connection is better."),
};

/** Save for offline / Remove on a lesson page. */
export function SaveForOffline({
  courseId,
  courseTitle,
  moduleTitle,
  lesson,
}: {
  courseId: number;
  courseTitle: string;
  moduleTitle: string;
  lesson: OpenLesson;
}) {
  const member = useSession().user;
  const { savedWithLesson } = useSlots();
  const [state, setState] = useState<SaveState>("checking");
  useEffect(() => {
    if (!member || !canSaveForOffline()) return;
    let current = true;
    void savedLesson(member.id, courseId, lesson.id).then((saved) => current && setState(saved ? "saved" : "not-saved"));
    return () => {
      current = false;
    };
  }, [member, courseId, lesson.id]);
  if (!member || !canSaveForOffline()) return null;

  const save = async () => {
    setState("saving");
    try {
      const companions = (await Promise.all(savedWithLesson.map((addressesOf) => addressesOf(lesson.id)))).flat();
      await saveLessonForOffline(member, { courseId, courseTitle, moduleTitle, lesson, companions });
      setState("saved");
    } catch (error) {
      console.error("Saving the lesson for offline failed", error);
      setState("failed");
    }
  };
  const remove = async () => {
    await removeSavedLesson(member.id, courseId, lesson.id);
    setState("not-saved");
  };
  return (
    <div style={{ margin: "16px 0" }}>
      {state === "saved" ? (
        <button type="button" className="button button-outlined" onClick={() => void remove()}>
          {t("Remove from this phone")}
        </button>
      ) : (
        // While it checks, the button is already in place (disabled), so nothing below it moves.
        <button
          type="button"
          className="button button-outlined"
          disabled={state === "checking" || state === "saving"}
          onClick={() => void save()}
        >
          {state === "saving" ? <ProgressRing size={16} /> : null}
          {t("Save for offline")}
        </button>
      )}
      <p
        role="status"
        className="small-text"
        style={{ margin: "8px 0 0", color: state === "failed" ? "var(--error)" : "var(--ink-quiet)" }}
      >
        {messages[state] ? t(messages[state]) : ""}
      </p>
    </div>
  );
}
