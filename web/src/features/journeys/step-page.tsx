import "./journeys-endpoints.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import type { CheckInAnswered, CheckInQuestion, MyJourneyStep } from "../../../../contract/journeys.ts";
import { Notice } from "../../components/notice.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { TextField } from "../../components/text-field.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { numericIdParams } from "../../lib/first-answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "./messages.ts";

/** /journey/steps/:id: one step of her journey, what its mail and notification open, with its check-in. */
export default function StepPage() {
  const id = useParams().id ?? "";
  const { answer: step, failure } = useAnswer("myJourneyStep", numericIdParams(id));
  const [answered, setAnswered] = useState<CheckInAnswered | null>(null);
  if (answered) return <AfterCheckIn answered={answered} />;
  return (
    <PageColumn title={step?.title ?? t("Your journey")}>
      <p style={{ margin: "0 0 12px" }}>
        <Link to="/journey">{t("Your whole journey")}</Link>
      </p>
      {failure && !step ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("This step could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!step && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {step ? (
        <>
          {step.text.split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} style={{ whiteSpace: "pre-wrap" }}>
              {paragraph}
            </p>
          ))}
          {step.lesson ? (
            <p>
              <Link className="button button-outlined" to={`/lesson?course=${step.lesson.course_id}&lesson=${step.lesson.id}`}>
                {t("Open the lesson: {title}", { title: step.lesson.title })}
              </Link>
            </p>
          ) : null}
          {step.check_in && step.status === "answered" ? (
            <Notice tone="info" role="status">
              {t("You have answered this check-in. Thank you: your doula has your answers.")}
            </Notice>
          ) : null}
          {step.check_in && step.status !== "answered" ? (
            <CheckInForm stepId={step.id} checkIn={step.check_in} onAnswered={setAnswered} />
          ) : null}
        </>
      ) : null}
    </PageColumn>
  );
}

type Answer = number | string | string[] | boolean;

function CheckInForm({
  stepId,
  checkIn,
  onAnswered,
}: {
  stepId: number;
  checkIn: NonNullable<MyJourneyStep["check_in"]>;
  onAnswered: (answered: CheckInAnswered) => void;
}) {
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [consent, setConsent] = useState(false);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const asksConsent = checkIn.questions.some((question) => question.sensitive);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A text left empty is no answer (an optional question may stay so).
    const given = Object.fromEntries(
      Object.entries(answers).filter(([, value]) => value !== "" && !(Array.isArray(value) && value.length === 0)),
    );
    const answered = await run(
      () => send("answerCheckIn", { params: { id: stepId }, body: { consent, answers: given } }),
      (answer) => answer.message,
    );
    if (answered) onAnswered(answered);
  };
  const answer = (id: string, value: Answer) => setAnswers((all) => ({ ...all, [id]: value }));
  return (
    <form onSubmit={submit} noValidate aria-labelledby="check-in-heading" className="stack">
      <h2 id="check-in-heading" className="section-title">
        {t("Your check-in")}
      </h2>
      <p style={{ margin: 0 }}>{checkIn.intro}</p>
      {checkIn.questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={answers[question.id]}
          onChange={(value) => answer(question.id, value)}
          error={outcome?.details?.[question.id]}
        />
      ))}
      {asksConsent ? (
        <label className="checkbox-row">
          <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
          <span>
            {t(
              "I agree that my doula keeps these answers to care for me. Only she reads them; they are in my data download and leave with my account.",
            )}
          </span>
        </label>
      ) : null}
      <OutcomeNotice outcome={outcome?.tone === "error" ? outcome : null} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Send to my doula")}
        </button>
      </div>
    </form>
  );
}

/**
 * One question, drawn by its kind: the wellbeing check-in's scaled choices answer with their value,
 * her doula's own questions as her clients' questionnaires do (the label chosen, the labels, yes or no, text).
 */
function QuestionField({
  question,
  value,
  onChange,
  error,
}: {
  question: CheckInQuestion;
  value: Answer | undefined;
  onChange: (value: Answer) => void;
  error: string | undefined;
}) {
  const errorId = `${question.id}-error`;
  const label = question.optional ? t("{question} (optional)", { question: question.text }) : question.text;
  const errorText = error ? (
    <p id={errorId} className="error-text" style={{ margin: 0 }}>
      {error}
    </p>
  ) : null;
  if (question.kind === "text" || question.kind === "long_text" || question.kind === "date")
    return (
      <TextField
        label={label}
        type={question.kind === "date" ? "date" : "text"}
        multiline={question.kind === "long_text"}
        minRows={3}
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error}
      />
    );
  const choices: { key: string; label: string; chosen: boolean; choose: (on: boolean) => void }[] =
    question.kind === "yes_no"
      ? [
          { key: "yes", label: t("Yes"), chosen: value === true, choose: () => onChange(true) },
          { key: "no", label: t("No"), chosen: value === false, choose: () => onChange(false) },
        ]
      : question.options.map((option) => {
          const asValue = question.scale !== null;
          const chosenList = Array.isArray(value) ? value : [];
          return {
            key: String(option.value),
            label: option.label,
            chosen: question.kind === "choices" ? chosenList.includes(option.label) : value === (asValue ? option.value : option.label),
            choose: (on: boolean) =>
              onChange(
                question.kind === "choices"
                  ? on
                    ? [...chosenList, option.label]
                    : chosenList.filter((each) => each !== option.label)
                  : asValue
                    ? option.value
                    : option.label,
              ),
          };
        });
  return (
    <fieldset className="choices" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      {choices.map((choice) => (
        <label key={choice.key} className="choice" style={{ display: "flex" }}>
          <input
            type={question.kind === "choices" ? "checkbox" : "radio"}
            name={question.id}
            checked={choice.chosen}
            onChange={(event) => choice.choose(event.target.checked)}
          />
          {choice.label}
        </label>
      ))}
      {errorText}
    </fieldset>
  );
}

/** What she reads once she has answered: calm words, whether her doula will reach out, and the lines to call now. */
function AfterCheckIn({ answered }: { answered: CheckInAnswered }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under her: a screen reader starts again from its heading.
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" tabIndex={-1} className="page-column">
      <h1 className="page-title" ref={heading} tabIndex={-1}>
        {answered.doula_will_reach_out ? t("Your doula will reach out") : t("Thank you")}
      </h1>
      <p role="status">{answered.message}</p>
      <h2 className="section-title">{t("If you need to talk to someone now")}</h2>
      <ul className="spaced-list" style={{ paddingInlineStart: 20 }}>
        {answered.crisis_lines.map((line) => (
          <li key={`${line.name} ${line.phone}`}>
            <strong>{line.name}</strong>: <a href={`tel:${line.phone.replace(/[^+0-9]/g, "")}`}>{line.phone}</a>
            {line.note ? <span className="quiet-text"> · {line.note}</span> : null}
          </li>
        ))}
      </ul>
      <p>{t("If you or your baby are in danger, call your local emergency number.")}</p>
      <p>
        <Link to="/home">{t("Back to your home")}</Link>
      </p>
    </main>
  );
}
