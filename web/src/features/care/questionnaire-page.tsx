import "./care-endpoints.ts";
import { useEffect, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import type { Questionnaire } from "../../../../contract/care.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { call, failureOf } from "../../lib/api.ts";
import { t } from "./messages.ts";

type Answers = Questionnaire["answers"];
type Question = Questionnaire["questions"][number];
type SaveState = { kind: "idle" | "saving" | "saved" | "stale" | "failed"; text?: string };

const SAVE_AFTER_MS = 800;

/** A questionnaire her doula sent her: saved as she goes, sent when she says she is done. */
export default function QuestionnairePage() {
  const params = useParams();
  const id = Number(params.id);
  const questionnaireId = Number(params.questionnaireId);
  const { answer, failure } = useAnswer("myCareQuestionnaire", { params: { id, questionnaireId } });
  if (failure) {
    return (
      <PageColumn title={t("Questionnaire")}>
        <Notice tone="error" role="alert">
          {failure.error ?? t("This questionnaire cannot be reached just now. Please try again.")}
        </Notice>
        <p>
          <Link to="/care">{t("Back to your client space")}</Link>
        </p>
      </PageColumn>
    );
  }
  if (!answer) return <Spinner label={t("Opening the questionnaire")} />;
  // The form keeps what she types: the answer asked again after each save does not replace it.
  return <QuestionnaireForm key={answer.id} recordId={id} questionnaire={answer} />;
}

function QuestionnaireForm({ recordId, questionnaire }: { recordId: number; questionnaire: Questionnaire }) {
  const send = useSend();
  const [answers, setAnswers] = useState<Answers>(questionnaire.answers);
  const [consent, setConsent] = useState(questionnaire.consent);
  const [done, setDone] = useState(questionnaire.done);
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const revision = useRef(questionnaire.revision);
  const latest = useRef({ answers, consent });
  latest.current = { answers, consent };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saving = useRef<Promise<unknown> | null>(null);

  const save = async (finish: boolean) => {
    clearTimeout(timer.current);
    if (saving.current) await saving.current;
    setState({ kind: "saving" });
    const work = send("saveCareAnswers", {
      params: { id: recordId, questionnaireId: questionnaire.id },
      body: {
        answers: latest.current.answers,
        consent: latest.current.consent,
        revision: revision.current,
        ...(finish ? { done: true } : {}),
      },
    });
    saving.current = work;
    try {
      const saved = await work;
      revision.current = saved.revision;
      setState({ kind: "saved", text: saved.message });
      if (saved.done) setDone(true);
    } catch (error) {
      const problem = failureOf(error);
      setState({
        kind: problem.status === 409 ? "stale" : "failed",
        text: problem.error ?? t("Your answers were not saved. Please check your connection and try again."),
      });
    } finally {
      saving.current = null;
    }
  };

  useEffect(() => () => clearTimeout(timer.current), []);
  // After a 409 (saved elsewhere, on her other phone), she takes what was saved there and goes on from it.
  const loadLatest = async () => {
    try {
      const latestSaved = await call("myCareQuestionnaire", { params: { id: recordId, questionnaireId: questionnaire.id } });
      revision.current = latestSaved.revision;
      latest.current = { answers: latestSaved.answers, consent: latestSaved.consent };
      setAnswers(latestSaved.answers);
      setConsent(latestSaved.consent);
      setDone(latestSaved.done);
      setState({ kind: "idle" });
    } catch (error) {
      setState({
        kind: "stale",
        text: failureOf(error).error ?? t("Your answers were not saved. Please check your connection and try again."),
      });
    }
  };
  const changed = (next: Answers, nextConsent = consent) => {
    setAnswers(next);
    setConsent(nextConsent);
    latest.current = { answers: next, consent: nextConsent };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(false), SAVE_AFTER_MS);
  };
  const setAnswer = (index: number, value: Answers[string] | undefined) => {
    const next = { ...answers };
    if (value === undefined || value === "") delete next[String(index)];
    else next[String(index)] = value;
    changed(next);
  };

  const firstSensitive = questionnaire.questions.findIndex((question) => question.sensitive);
  const readOnly = done || state.kind === "stale";
  return (
    <PageColumn title={questionnaire.title}>
      <p>
        <Link to="/care">{t("Back to your client space")}</Link>
      </p>
      {done ? (
        <Notice tone="success" role="status">
          {t("Sent to your doula. Thank you: she reads your answers before your next visit.")}
        </Notice>
      ) : (
        <p>{t("Your answers are saved as you write. Questions marked optional you can leave empty.")}</p>
      )}
      <form
        className="stack care-questionnaire"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save(true);
        }}
      >
        {questionnaire.questions.map((question, index) => (
          <div key={index} className="stack">
            {index === firstSensitive ? (
              <div className="care-consent">
                <p>
                  {t(
                    "Some questions ask about your health or an earlier birth. You can skip any of them. If you answer, your doula keeps your answers only to care for you, and you can delete them with your account.",
                  )}
                </p>
                <label className="care-check">
                  <input
                    type="checkbox"
                    checked={consent}
                    disabled={readOnly || questionnaire.consent}
                    onChange={(event) => changed(answers, event.target.checked)}
                  />
                  <span>{t("I agree that my doula keeps these answers to care for me")}</span>
                </label>
              </div>
            ) : null}
            <QuestionField
              question={question}
              index={index}
              value={answers[String(index)]}
              disabled={readOnly || (question.sensitive && !consent)}
              onChange={(value) => setAnswer(index, value)}
            />
          </div>
        ))}
        <div aria-live="polite" className="care-quiet">
          {state.kind === "saving" ? t("Saving…") : null}
          {state.kind === "saved" && !done ? t("Saved.") : null}
        </div>
        {state.kind === "stale" || state.kind === "failed" ? (
          <Notice tone="error" role="alert">
            {state.text}{" "}
            {state.kind === "stale" ? (
              <button type="button" className="button button-outlined" onClick={() => void loadLatest()}>
                {t("Load the latest answers")}
              </button>
            ) : null}
          </Notice>
        ) : null}
        {done ? null : (
          <div className="row">
            <button type="submit" className="button button-contained" disabled={readOnly || state.kind === "saving"}>
              {t("I am done: send to my doula")}
            </button>
          </div>
        )}
      </form>
    </PageColumn>
  );
}

function QuestionLabel({ question }: { question: Question }) {
  return (
    <>
      {question.label}
      {question.optional ? <span className="care-quiet">{` ${t("(optional)")}`}</span> : null}
      {question.sensitive ? <span className="care-quiet">{` ${t("You can skip this.")}`}</span> : null}
    </>
  );
}

function QuestionField({
  question,
  index,
  value,
  disabled,
  onChange,
}: {
  question: Question;
  index: number;
  value: Answers[string] | undefined;
  disabled: boolean;
  onChange: (value: Answers[string] | undefined) => void;
}) {
  const name = `question-${index}`;
  const label = [question.label, question.optional ? t("(optional)") : "", question.sensitive ? t("You can skip this.") : ""]
    .filter(Boolean)
    .join(" ");
  if (question.kind === "text" || question.kind === "long_text" || question.kind === "date") {
    return (
      <TextField
        label={label}
        name={name}
        type={question.kind === "date" ? "date" : "text"}
        multiline={question.kind === "long_text"}
        rows={4}
        disabled={disabled}
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (question.kind === "yes_no") {
    return (
      <fieldset className="care-fieldset" disabled={disabled}>
        <legend>
          <QuestionLabel question={question} />
        </legend>
        <div className="row">
          {[true, false].map((choice) => (
            <label key={String(choice)} className="care-check">
              <input type="radio" name={name} checked={value === choice} onChange={() => onChange(choice)} />
              <span>{choice ? t("Yes") : t("No")}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  const chosen = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  const several = question.kind === "choices";
  return (
    <fieldset className="care-fieldset" disabled={disabled}>
      <legend>
        <QuestionLabel question={question} />
      </legend>
      {question.options.map((option) => (
        <label key={option} className="care-check">
          <input
            type={several ? "checkbox" : "radio"}
            name={name}
            checked={chosen.includes(option)}
            onChange={(event) => {
              if (!several) return onChange(option);
              const next = event.target.checked ? [...chosen, option] : chosen.filter((one) => one !== option);
              onChange(next.length > 0 ? next : undefined);
            }}
          />
          <span>{option}</span>
        </label>
      ))}
    </fieldset>
  );
}
