import { Suspense, useCallback, useEffect, useState } from "react";
import type { CourseModule, OpenLesson } from "../../../../../contract/catalogue.ts";
import { ProgressRing } from "../../../components/spinner.tsx";
import { useSession } from "../../../lib/session.ts";
import { useSlots } from "../../../lib/slots.tsx";
import { useOnline } from "../../../lib/use-online.ts";
import {
  askToKeepSavedLessons,
  canSaveForOffline,
  freeSpace,
  removeSavedCourse,
  removeSavedLesson,
  saveLessonForOffline,
  savedLessons,
} from "../../../lib/saved-lessons.ts";
import { megabytes, useCompanionsOf } from "./save-for-offline.tsx";
import { t } from "../messages.ts";

type CourseSave =
  { kind: "idle" } | { kind: "saving"; done: number; bytes: number; cancel: AbortController } | { kind: "cancelled" } | { kind: "failed" };

/** The lessons she may open, each with its module's title, in the course's order. */
function openLessons(modules: readonly CourseModule[]): { lesson: OpenLesson; moduleTitle: string }[] {
  return modules.flatMap((module) =>
    module.lessons.flatMap((lesson) => (lesson.locked ? [] : [{ lesson, moduleTitle: module.module_title }])),
  );
}

/**
 * "Save this course" on a course she may open: every lesson she may open, one after the other (each
 * whole or not at all), with how far it is, a Cancel, what it takes of the phone, and Remove. A
 * lesson she can no longer open (her plan ended, the lesson was taken out) leaves the phone.
 */
export function SaveCourseForOffline({
  courseId,
  courseTitle,
  modules,
  access,
}: {
  courseId: number;
  courseTitle: string;
  modules: readonly CourseModule[];
  access: boolean;
}) {
  const member = useSession().user;
  const online = useOnline();
  const { saveChoices } = useSlots();
  const companionsOf = useCompanionsOf();
  const [save, setSave] = useState<CourseSave>({ kind: "idle" });
  const [savedHere, setSavedHere] = useState<{ lessons: Set<number>; bytes: number } | null>(null);
  const [free, setFree] = useState<number | null>(null);
  const lessons = openLessons(modules);

  const look = useCallback(async () => {
    if (!member) return;
    let saved = (await savedLessons(member.id)).filter((entry) => entry.courseId === courseId);
    // The modules answer came from the server just now: a saved lesson it locks or leaves out is hers no more.
    const mayOpen = new Set(openLessons(modules).map(({ lesson }) => lesson.id));
    const ended = saved.filter((entry) => !mayOpen.has(entry.lesson.id));
    for (const entry of ended) await removeSavedLesson(member.id, courseId, entry.lesson.id);
    if (ended.length > 0) saved = saved.filter((entry) => mayOpen.has(entry.lesson.id));
    setSavedHere({
      lessons: new Set(saved.map((entry) => entry.lesson.id)),
      bytes: saved.reduce((sum, entry) => sum + (entry.bytes ?? 0), 0),
    });
    setFree(await freeSpace());
  }, [member, courseId, modules]);
  useEffect(() => {
    if (member && canSaveForOffline()) void look();
  }, [member, look]);
  if (!member || !canSaveForOffline() || !access || lessons.length === 0 || !savedHere) return null;

  const saveAll = async () => {
    const cancel = new AbortController();
    let done = 0;
    let bytesBefore = 0;
    setSave({ kind: "saving", done, bytes: 0, cancel });
    try {
      await askToKeepSavedLessons();
      for (const { lesson, moduleTitle } of lessons) {
        if (!savedHere.lessons.has(lesson.id)) {
          const companions = await companionsOf(lesson.id);
          bytesBefore += await saveLessonForOffline(
            member,
            { courseId, courseTitle, moduleTitle, lesson, companions },
            { signal: cancel.signal, onBytes: (bytes) => setSave({ kind: "saving", done, bytes: bytesBefore + bytes, cancel }) },
          );
        }
        done += 1;
        setSave({ kind: "saving", done, bytes: bytesBefore, cancel });
      }
      setSave({ kind: "idle" });
    } catch (error) {
      if (cancel.signal.aborted) setSave({ kind: "cancelled" });
      else {
        console.error("Saving the course for offline failed", error);
        setSave({ kind: "failed" });
      }
    }
    await look();
  };
  const removeAll = async () => {
    await removeSavedCourse(member.id, courseId);
    setSave({ kind: "idle" });
    await look();
  };

  const all = lessons.every(({ lesson }) => savedHere.lessons.has(lesson.id));
  const some = savedHere.lessons.size > 0;
  const status =
    save.kind === "saving"
      ? t("Saving the course for offline: {done} of {total} lessons.", { done: save.done, total: lessons.length })
      : save.kind === "cancelled"
        ? t("Stopped. The lessons saved before you pressed Cancel stay on this phone.")
        : save.kind === "failed"
          ? t("Some lessons could not be saved just now. Please try again when the connection is better.")
          : all
            ? t("This course is saved on this phone: its lessons open without a signal.")
            : "";
  return (
    <section aria-labelledby="save-course-heading" style={{ margin: "16px 0", padding: 16, background: "var(--note)", borderRadius: 24 }}>
      <h2 id="save-course-heading" className="section-title" style={{ marginBottom: 8 }}>
        {t("On this phone")}
      </h2>
      {save.kind !== "saving" && !all
        ? saveChoices.map((Choice, index) => (
            <Suspense key={index} fallback={null}>
              <Choice lessonId={null} />
            </Suspense>
          ))
        : null}
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        {save.kind === "saving" ? (
          <>
            <button type="button" className="button button-outlined" disabled>
              <ProgressRing size={16} />
              {t("Save this course")}
            </button>
            <button type="button" className="button" onClick={() => save.cancel.abort()}>
              {t("Cancel")}
            </button>
          </>
        ) : (
          <>
            {!all ? (
              <button type="button" className="button button-outlined" disabled={!online} onClick={() => void saveAll()}>
                {t("Save this course")}
              </button>
            ) : null}
            {some ? (
              <button type="button" className="button" onClick={() => void removeAll()}>
                {t("Remove this course from this phone")}
              </button>
            ) : null}
          </>
        )}
      </div>
      {save.kind === "saving" ? (
        <progress
          aria-label={t("Saving the course for offline")}
          max={lessons.length}
          value={save.done}
          style={{ display: "block", width: "100%", marginTop: 8 }}
        />
      ) : null}
      <p role="status" className="small-text" style={{ margin: "8px 0 0", color: save.kind === "failed" ? "var(--error)" : undefined }}>
        {status}
      </p>
      {/* Outside the status: a figure that changes with every file would be read out each time. */}
      <p className="small-text quiet-text" style={{ margin: "4px 0 0" }}>
        {save.kind === "saving"
          ? t("{size} so far", { size: megabytes(save.bytes) })
          : some
            ? free !== null
              ? t("This course takes {size} of this phone; {free} are free.", {
                  size: megabytes(savedHere.bytes),
                  free: megabytes(free),
                })
              : t("This course takes {size} of this phone.", { size: megabytes(savedHere.bytes) })
            : null}
      </p>
    </section>
  );
}
