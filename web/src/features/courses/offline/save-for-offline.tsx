import { Suspense, useEffect, useState } from "react";
import { useSession } from "../../../lib/session.ts";
import { type SavedCompanions, useSlots } from "../../../lib/slots.tsx";
import { pageLanguage } from "../../../lib/i18n.ts";
import type { OpenLesson } from "../../../../../contract/catalogue.ts";
import { ProgressRing } from "../../../components/spinner.tsx";
import {
  askToKeepSavedLessons,
  canSaveForOffline,
  removeSavedLesson,
  saveLessonForOffline,
  savedLesson,
} from "../../../lib/saved-lessons.ts";
import { t } from "../messages.ts";
import { sentence } from "../../../../../contract/languages.ts";

type SaveState = "checking" | "not-saved" | "saving" | "saved" | "saved-with-video" | "failed";

const messages: Partial<Record<SaveState, string>> = {
  saved: sentence("Saved on this phone: the notes, the summary and the downloads open without a signal. Videos need a connection."),
  "saved-with-video": sentence("Saved on this phone: the video, the notes, the summary and the downloads open without a signal."),
  failed: sentence("This lesson could not be saved just now. Please try again when the connection is better."),
};

/** What each capability keeps beside the lesson (its transcript, its own video: the `savedWithLesson` slot). */
export function useCompanionsOf(): (lessonId: number) => Promise<SavedCompanions[]> {
  const { savedWithLesson } = useSlots();
  return (lessonId) => Promise.all(savedWithLesson.map((companionsOf) => companionsOf(lessonId)));
}

/** A size on the phone, in her language: "340 kB", "12.5 MB", "10.7 GB". */
export function megabytes(bytes: number): string {
  const [unit, size, digits] =
    bytes < 1e6
      ? (["kilobyte", Math.max(1, bytes / 1e3), 0] as const)
      : bytes < 1e9
        ? (["megabyte", bytes / 1e6, 1] as const)
        : (["gigabyte", bytes / 1e9, 1] as const);
  return new Intl.NumberFormat(pageLanguage(), { style: "unit", unit, maximumFractionDigits: digits }).format(size);
}

/** Save for offline / Remove on a lesson page, with her choices (a video's picture size) and a Cancel while it saves. */
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
  const { saveChoices } = useSlots();
  const companionsOf = useCompanionsOf();
  const [state, setState] = useState<SaveState>("checking");
  const [bytes, setBytes] = useState(0);
  const [saving, setSaving] = useState<AbortController | null>(null);
  useEffect(() => {
    if (!member || !canSaveForOffline()) return;
    let current = true;
    void savedLesson(member.id, courseId, lesson.id).then(
      (saved) => current && setState(saved ? (saved.video ? "saved-with-video" : "saved") : "not-saved"),
    );
    return () => {
      current = false;
    };
  }, [member, courseId, lesson.id]);
  if (!member || !canSaveForOffline()) return null;

  const save = async () => {
    const cancel = new AbortController();
    setSaving(cancel);
    setBytes(0);
    setState("saving");
    try {
      await askToKeepSavedLessons();
      const companions = await companionsOf(lesson.id);
      await saveLessonForOffline(
        member,
        { courseId, courseTitle, moduleTitle, lesson, companions },
        { signal: cancel.signal, onBytes: setBytes },
      );
      setState(companions.some((companion) => companion.video) ? "saved-with-video" : "saved");
    } catch (error) {
      if (cancel.signal.aborted) setState("not-saved");
      else {
        console.error("Saving the lesson for offline failed", error);
        setState("failed");
      }
    } finally {
      setSaving(null);
    }
  };
  const remove = async () => {
    await removeSavedLesson(member.id, courseId, lesson.id);
    setState("not-saved");
  };
  const saved = state === "saved" || state === "saved-with-video";
  return (
    <div style={{ margin: "16px 0" }}>
      {!saved
        ? saveChoices.map((Choice, index) => (
            <Suspense key={index} fallback={null}>
              <Choice lessonId={lesson.id} />
            </Suspense>
          ))
        : null}
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        {saved ? (
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
        {saving ? (
          <button type="button" className="button" onClick={() => saving.abort()}>
            {t("Cancel")}
          </button>
        ) : null}
      </div>
      <p
        role="status"
        className="small-text"
        style={{ margin: "8px 0 0", color: state === "failed" ? "var(--error)" : "var(--ink-quiet)" }}
      >
        {state === "saving" ? t("Saving for offline…") : messages[state] ? t(messages[state]) : ""}
      </p>
      {/* Outside the status: a figure that changes with every file would be read out each time. */}
      {state === "saving" ? (
        <p className="small-text quiet-text" style={{ margin: "4px 0 0" }}>
          {t("{size} so far", { size: megabytes(bytes) })}
        </p>
      ) : null}
    </div>
  );
}
