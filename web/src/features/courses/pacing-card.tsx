import { type FormEvent, Suspense, useState } from "react";
import { Link as RouterLink } from "react-router";
import { type HomeCardProps, useSlots } from "../../lib/slots.tsx";
import { useAppDispatch } from "../../lib/store-hooks.ts";
import { Notice } from "../../components/notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { send } from "../../lib/answers.ts";
import { failureOf } from "../../lib/api.ts";
import { profileChanged, useSession } from "../../lib/session.ts";
import { t } from "./messages.ts";

/**
 * /home's pacing card: asks for a due date (optional), then suggests this week's lessons, and the
 * fourth trimester's once the baby has arrived. Nothing here locks a lesson.
 */
export default function PacingCard({ answer: { pacing } }: HomeCardProps<"progressSummary">) {
  const dispatch = useAppDispatch();
  const user = useSession().user;
  // A capability that records the birth with its day (web/src/lib/slots.tsx, birthActions) takes the button's place.
  const [BirthAction] = useSlots().birthActions;
  const [dueDate, setDueDate] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const savePacing = async (body: { due_date: string | null; baby_arrived: boolean }) => {
    setBusy(true);
    setProblem(null);
    try {
      // The summary it came from is asked again (contract/api.ts: setPacing makes it stale).
      dispatch(profileChanged(await dispatch(send("setPacing", { body }))));
    } catch (error) {
      setProblem(failureOf(error).error ?? t("We could not save this. Please try again."));
    } finally {
      setBusy(false);
    }
  };

  if (pacing.stage === "unknown") {
    return (
      <section aria-labelledby="due-card-heading" className="home-card">
        <h2 id="due-card-heading" className="home-card-title">
          {t("When is your baby due?")}
        </h2>
        <p>{t("If you like, we will suggest the lessons that suit each week. Optional, and you can change or remove it on My account.")}</p>
        <form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void savePacing({ due_date: dueDate, baby_arrived: false });
          }}
          style={{ display: "grid", gap: 12 }}
        >
          <TextField
            label={t("Due date (optional)")}
            name="due_date"
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
          />
          {problem ? (
            <Notice tone="error" role="alert">
              {problem}
            </Notice>
          ) : null}
          <button type="submit" className="button button-contained" disabled={busy}>
            {t("Save due date")}
          </button>
        </form>
      </section>
    );
  }

  const heading =
    pacing.stage === "postpartum"
      ? t("Your fourth trimester: lessons for now")
      : t("You are {week} weeks: this week's lessons", { week: pacing.week });
  return (
    <section aria-labelledby="pacing-heading" className="home-card">
      <h2 id="pacing-heading" className="home-card-title">
        {heading}
      </h2>
      {pacing.lessons.length === 0 ? (
        <p>
          {t(
            "No lessons are suggested for this week; the course page shows what is coming up. Every lesson stays open whenever you want it.",
          )}
        </p>
      ) : (
        <ul style={{ paddingInlineStart: 20, marginTop: 0 }}>
          {pacing.lessons.map((lesson) => (
            <li key={lesson.lesson_id}>
              <RouterLink to={`/lesson?course=${lesson.course_id}&lesson=${lesson.lesson_id}`} style={{ color: "var(--accent)" }}>
                {lesson.lesson_title}
              </RouterLink>{" "}
              <span className="quiet-text" style={{ fontSize: "0.9rem" }}>
                ({lesson.course_title})
              </span>
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <Notice tone="error" role="alert">
          {problem}
        </Notice>
      ) : null}
      {pacing.stage === "pregnant" && BirthAction ? (
        <Suspense fallback={null}>
          <BirthAction />
        </Suspense>
      ) : pacing.stage === "pregnant" ? (
        <button
          type="button"
          className="button button-outlined"
          disabled={busy}
          onClick={() => void savePacing({ due_date: user?.due_date ?? null, baby_arrived: true })}
        >
          {t("My baby has arrived")}
        </button>
      ) : null}
    </section>
  );
}
