import "./journeys-studio-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useId, useMemo, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type { JourneyAudience, JourneyPreview, JourneySave, StudioJourney } from "../../../../../contract/journeys.ts";
import { Notice } from "../../../components/notice.tsx";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { ApiError } from "../../../lib/api.ts";
import { useAction } from "../../../lib/use-action.ts";
import { useLeaveWarning } from "../../../studio-kit/use-leave-warning.ts";
import { DeleteWithConfirmation, formatDateTime, LabelledSelect, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { momentLabel } from "./journey-labels.ts";
import { t } from "./messages.ts";

type Channel = "app" | "mail" | "push";
type StepDraft = {
  /** Kept through edits, so React keeps each step's fields with it when one above is removed. */
  key: string;
  when: "pregnancy" | "after_birth";
  week: string;
  day: string;
  days: string;
  hour: string;
  channels: Channel[];
  titleEn: string;
  titleEs: string;
  textEn: string;
  textEs: string;
  lesson: string;
  /** "", "wellbeing", or one of her questionnaires' ids. */
  checkIn: string;
};
type Library = {
  courses: { id: number; title: string }[];
  lessons: { id: number; title: string; course_title: string }[];
  questionnaires: { id: number; title: string }[];
};

let keys = 0;
const newKey = () => `step-${(keys += 1)}`;

const blankStep = (): StepDraft => ({
  key: newKey(),
  when: "pregnancy",
  week: "",
  day: "0",
  days: "",
  hour: "09:00",
  channels: ["app"],
  titleEn: "",
  titleEs: "",
  textEn: "",
  textEs: "",
  lesson: "",
  checkIn: "",
});

const lessonName = (lesson: Library["lessons"][number]) => `${lesson.title} · ${lesson.course_title}`;

const draftOf = (journey: StudioJourney, library: Library): StepDraft[] =>
  journey.steps.map((step) => {
    const lesson = library.lessons.find((each) => each.id === step.lesson_id);
    return {
      key: newKey(),
      when: "week" in step.at ? "pregnancy" : "after_birth",
      week: "week" in step.at ? String(step.at.week) : "",
      day: "week" in step.at ? String(step.at.day) : "0",
      days: "after_birth_days" in step.at ? String(step.at.after_birth_days) : "",
      hour: step.hour,
      channels: step.channels,
      titleEn: step.title.en,
      titleEs: step.title.es,
      textEn: step.text.en,
      textEs: step.text.es,
      lesson: lesson ? lessonName(lesson) : "",
      checkIn: step.check_in === null ? "" : String(step.check_in),
    };
  });

const audienceValue = (audience: JourneyAudience) => (typeof audience === "object" ? `course:${audience.course_id}` : audience);
const audienceOf = (value: string): JourneyAudience =>
  value.startsWith("course:") ? { course_id: Number(value.slice("course:".length)) } : (value as "due_date" | "clients");

/** A number typed in a field, or what the server refuses with its own sentence (never a silent 0). */
const typedNumber = (typed: string) => (typed.trim() === "" ? Number.NaN : Number(typed));

/** Studio → Journeys → a journey: its name, who it is for, its steps in both languages, and the dates they would reach. */
export default function JourneyEditorPage() {
  const id = useParams().id ?? "new";
  const { answer, failure } = useAnswer("studioJourneys");
  // A journey just created comes here with the sentence that says so, while the list is asked again.
  const created = (useLocation().state as { created?: string } | null)?.created;
  const journey = answer?.journeys.find((each) => String(each.id) === id);
  const title = id === "new" ? t("New journey") : (journey?.name ?? t("Journey"));
  return (
    <StudioPage
      title={title}
      intro={t(
        "Each step reaches a member once, at its hour of her day: at a week of her pregnancy, or days after her baby's birth. A step whose moment passed before she joined is not sent.",
      )}
    >
      <p>
        <Link to="/studio/journeys">{t("All journeys")}</Link>
      </p>
      {created && journey ? (
        <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
          {created}
        </Notice>
      ) : null}
      {!answer || (created && !journey) ? (
        <Loading failure={failure} what={t("the journey")} />
      ) : id !== "new" && !journey ? (
        <Notice tone="error" role="alert">
          {t("There is no such journey. It may have been deleted.")}
        </Notice>
      ) : (
        <>
          <JourneyForm key={journey?.id ?? "new"} journey={journey ?? null} library={answer} />
          {journey ? <Preview journey={journey} /> : null}
        </>
      )}
    </StudioPage>
  );
}

function JourneyForm({ journey, library }: { journey: StudioJourney | null; library: Library }) {
  const lessonListId = useId();
  const idOfLesson = useMemo(() => new Map(library.lessons.map((lesson) => [lessonName(lesson), lesson.id])), [library.lessons]);
  const [name, setName] = useState(journey?.name ?? "");
  const [audience, setAudience] = useState(journey ? audienceValue(journey.for) : "due_date");
  const [steps, setSteps] = useState<StepDraft[]>(() => (journey ? draftOf(journey, library) : [blankStep()]));
  const current = JSON.stringify([name, audience, steps.map(({ key: _key, ...step }) => step)]);
  const [savedAs, setSavedAs] = useState(journey ? current : "");
  useLeaveWarning(current !== savedAs, t("This journey"));
  const { outcome, busy, run } = useAction();
  const remove = useAction();
  const send = useSend();
  const navigate = useNavigate();
  const change = (index: number, changes: Partial<StepDraft>) =>
    setSteps((all) => all.map((step, at) => (at === index ? { ...step, ...changes } : step)));
  const error = (field: string) => outcome?.details?.[field];

  const body = (): JourneySave => {
    const unknown: Record<string, string> = {};
    const saved = {
      name,
      for: audienceOf(audience),
      steps: steps.map((step, index) => {
        const lesson = step.lesson.trim();
        const lessonId = lesson === "" ? null : (idOfLesson.get(lesson) ?? null);
        if (lesson !== "" && lessonId === null)
          unknown[`steps.${index}.lesson_id`] = t("Choose a lesson from the list, or leave this empty.");
        return {
          at:
            step.when === "pregnancy"
              ? { week: typedNumber(step.week), day: typedNumber(step.day) }
              : { after_birth_days: typedNumber(step.days) },
          hour: step.hour,
          channels: step.channels,
          title: { en: step.titleEn, es: step.titleEs },
          text: { en: step.textEn, es: step.textEs },
          lesson_id: lessonId,
          check_in: step.checkIn === "" ? null : step.checkIn === "wellbeing" ? ("wellbeing" as const) : Number(step.checkIn),
        };
      }),
    };
    if (Object.keys(unknown).length > 0)
      throw new ApiError({ status: 400, error: t("A lesson's name does not match any lesson; nothing was saved."), details: unknown });
    return saved;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (journey) {
      const saved = await run(
        async () => send("saveJourney", { params: { id: journey.id }, body: body() }),
        (answer) => answer.message,
      );
      if (saved) {
        setSavedAs(current);
        // The sentence of its creation gives way to this save's.
        void navigate(`/studio/journeys/${journey.id}`, { replace: true, state: null });
      }
      return;
    }
    const created = await run(
      async () => send("createJourney", { body: body() }),
      (answer) => answer.message,
    );
    if (created) {
      setSavedAs(current);
      void navigate(`/studio/journeys/${created.id}`, { replace: true, state: { created: created.message } });
    }
  };

  return (
    <Box component="form" onSubmit={save} noValidate aria-label={t("Journey")} sx={{ display: "grid", gap: 2, maxWidth: 900 }}>
      <datalist id={lessonListId}>
        {library.lessons.map((lesson) => (
          <option key={lesson.id} value={lessonName(lesson)} />
        ))}
      </datalist>
      <TextField
        label={t("Name")}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(error("name"))}
        helperText={error("name")}
      />
      <LabelledSelect
        label={t("Who it is for")}
        value={audience}
        onChange={setAudience}
        options={[
          { value: "due_date", label: t("Every member with a due date") },
          { value: "clients", label: t("My birth clients") },
          ...library.courses.map((course) => ({ value: `course:${course.id}`, label: t("Members of {course}", { course: course.title }) })),
        ]}
      />
      {steps.map((step, index) => (
        <Box
          key={step.key}
          component="fieldset"
          sx={{ border: "1px solid var(--border)", borderRadius: 2, display: "grid", gap: 1.5, p: 1.5, m: 0, minWidth: 0 }}
        >
          <legend>{t("Step {number}", { number: index + 1 })}</legend>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: "flex", gap: 2, flexWrap: "wrap" }}>
            <legend>{t("When")}</legend>
            <label style={{ display: "inline-flex", gap: 8, alignItems: "center", minHeight: 36 }}>
              <input
                type="radio"
                name={`${step.key}-when`}
                checked={step.when === "pregnancy"}
                onChange={() => change(index, { when: "pregnancy" })}
              />
              {t("A week of her pregnancy")}
            </label>
            <label style={{ display: "inline-flex", gap: 8, alignItems: "center", minHeight: 36 }}>
              <input
                type="radio"
                name={`${step.key}-when`}
                checked={step.when === "after_birth"}
                onChange={() => change(index, { when: "after_birth" })}
              />
              {t("Days after the birth")}
            </label>
          </Box>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(3, minmax(0, 180px))" }, gap: 1 }}>
            {step.when === "pregnancy" ? (
              <>
                <TextField
                  label={t("Week")}
                  type="number"
                  min="4"
                  max="42"
                  value={step.week}
                  onChange={(event) => change(index, { week: event.target.value })}
                  error={Boolean(error(`steps.${index}.at.week`) ?? error(`steps.${index}.at`))}
                  helperText={error(`steps.${index}.at.week`) ?? error(`steps.${index}.at`)}
                />
                <TextField
                  label={t("Day")}
                  type="number"
                  min="0"
                  max="6"
                  value={step.day}
                  onChange={(event) => change(index, { day: event.target.value })}
                  error={Boolean(error(`steps.${index}.at.day`))}
                  helperText={error(`steps.${index}.at.day`)}
                />
              </>
            ) : (
              <TextField
                label={t("Days after the birth")}
                type="number"
                min="0"
                max="365"
                value={step.days}
                onChange={(event) => change(index, { days: event.target.value })}
                error={Boolean(error(`steps.${index}.at.after_birth_days`) ?? error(`steps.${index}.at`))}
                helperText={error(`steps.${index}.at.after_birth_days`) ?? error(`steps.${index}.at`)}
              />
            )}
            <TextField
              label={t("Hour of her day")}
              type="time"
              value={step.hour}
              onChange={(event) => change(index, { hour: event.target.value })}
              error={Boolean(error(`steps.${index}.hour`))}
              helperText={error(`steps.${index}.hour`)}
            />
          </Box>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: "flex", gap: 2, flexWrap: "wrap" }}>
            <legend>{t("How it reaches her")}</legend>
            {(
              [
                ["app", t("In the app")],
                ["mail", t("By e-mail")],
                ["push", t("As a notification")],
              ] as const
            ).map(([channel, label]) => (
              <label key={channel} style={{ display: "inline-flex", gap: 8, alignItems: "center", minHeight: 36 }}>
                <input
                  type="checkbox"
                  checked={step.channels.includes(channel)}
                  onChange={(event) =>
                    change(index, {
                      channels: event.target.checked ? [...step.channels, channel] : step.channels.filter((each) => each !== channel),
                    })
                  }
                />
                {label}
              </label>
            ))}
            {error(`steps.${index}.channels`) ? (
              <Box component="span" sx={{ color: "var(--error-ink)", flexBasis: "100%" }}>
                {error(`steps.${index}.channels`)}
              </Box>
            ) : null}
          </Box>
          <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: 1 }}>
            <TextField
              label={t("Title in English")}
              value={step.titleEn}
              onChange={(event) => change(index, { titleEn: event.target.value })}
              error={Boolean(error(`steps.${index}.title.en`))}
              helperText={error(`steps.${index}.title.en`)}
            />
            <TextField
              label={t("Title in Spanish")}
              value={step.titleEs}
              onChange={(event) => change(index, { titleEs: event.target.value })}
              error={Boolean(error(`steps.${index}.title.es`))}
              helperText={error(`steps.${index}.title.es`) ?? t("Left empty, Spanish readers read the English.")}
            />
            <TextField
              label={t("Text in English")}
              multiline
              minRows={4}
              value={step.textEn}
              onChange={(event) => change(index, { textEn: event.target.value })}
              error={Boolean(error(`steps.${index}.text.en`))}
              helperText={error(`steps.${index}.text.en`)}
            />
            <TextField
              label={t("Text in Spanish")}
              multiline
              minRows={4}
              value={step.textEs}
              onChange={(event) => change(index, { textEs: event.target.value })}
              error={Boolean(error(`steps.${index}.text.es`))}
              helperText={error(`steps.${index}.text.es`)}
            />
          </Box>
          <TextField
            label={t("A lesson to open (optional)")}
            list={lessonListId}
            value={step.lesson}
            onChange={(event) => change(index, { lesson: event.target.value })}
            error={Boolean(error(`steps.${index}.lesson_id`))}
            helperText={error(`steps.${index}.lesson_id`)}
          />
          <LabelledSelect
            label={t("A check-in at its end")}
            value={step.checkIn}
            onChange={(checkIn) => change(index, { checkIn })}
            options={[
              { value: "", label: t("None") },
              { value: "wellbeing", label: t("Wellbeing: the PHQ-2 and GAD-2 questions, and whether she would like you to contact her") },
              ...library.questionnaires.map((questionnaire) => ({
                value: String(questionnaire.id),
                label: t("Your questionnaire: {title}", { title: questionnaire.title }),
              })),
            ]}
          />
          <Box>
            <Button
              type="button"
              color="error"
              disabled={steps.length === 1}
              onClick={() => setSteps((all) => all.filter((_, at) => at !== index))}
            >
              {t("Remove step {number}", { number: index + 1 })}
            </Button>
          </Box>
        </Box>
      ))}
      <OutcomeNotice outcome={outcome ?? remove.outcome} />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
        <Button type="button" variant="outlined" onClick={() => setSteps((all) => [...all, blankStep()])}>
          {t("Add a step")}
        </Button>
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Save the journey")}
        </button>
        {journey ? (
          <DeleteWithConfirmation
            name={journey.name}
            what={t("this journey")}
            busy={remove.busy}
            onDelete={async () => {
              const deleted = await remove.run(
                () => send("deleteJourney", { params: { id: journey.id } }),
                (answer) => answer.message,
              );
              if (deleted) {
                setSavedAs(current);
                void navigate("/studio/journeys");
              }
            }}
          />
        ) : null}
      </Box>
    </Box>
  );
}

/** The dates each step would reach a member due on a sample date (after-birth steps counted from a birth that day). */
function Preview({ journey }: { journey: StudioJourney }) {
  const [dueDate, setDueDate] = useState("");
  const [preview, setPreview] = useState<JourneyPreview | null>(null);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const show = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(
      () => send("previewJourney", { params: { id: journey.id }, query: { due_date: dueDate } }),
      () => "",
    );
    setPreview(answer ?? null);
  };
  return (
    <section aria-labelledby="preview-heading" style={{ marginTop: 32 }}>
      <h2 id="preview-heading">{t("When each step would come")}</h2>
      <Box component="form" onSubmit={show} noValidate sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap", mb: 2 }}>
        <Box sx={{ flex: "0 1 220px" }}>
          <TextField label={t("A sample due date")} type="date" value={dueDate} onChange={(event) => setDueDate(event.target.value)} />
        </Box>
        <Button type="submit" variant="outlined" disabled={busy}>
          {t("Show the dates")}
        </Button>
      </Box>
      <OutcomeNotice outcome={outcome?.tone === "error" ? outcome : null} />
      {preview ? (
        <ol style={{ paddingInlineStart: 20 }}>
          {preview.steps.map((moment) => {
            const step = journey.steps.find((each) => each.id === moment.id);
            return (
              <li key={moment.id}>
                {step ? `${momentLabel(step.at)} · ${step.title.en}: ` : ""}
                {formatDateTime(moment.at_iso)}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
