import { type FormEvent, useId, useState } from "react";
import type { CheckForMember, CheckResult } from "../../../../contract/checks.ts";
import { useSend } from "../../lib/answers.ts";
import { t } from "./messages.ts";

// One knowledge check as she answers it (docs/checks.md), under a lesson or at the end of a course's
// page: she sees which answers were right with their explanations, and may try again as often as
// she likes. No red "fail": a question to look at again is said calmly.

function Question({
  question,
  index,
  chosen,
  onChoose,
  result,
}: {
  question: CheckForMember["questions"][number];
  index: number;
  chosen: number[];
  onChoose: (chosen: number[]) => void;
  result: CheckResult["questions"][number] | undefined;
}) {
  const name = useId();
  const several = question.kind === "several";
  return (
    <fieldset className="check-question" aria-describedby={result ? `${name}-result` : undefined}>
      <legend>
        {index + 1}. {question.text}
        {several ? <span className="small-text quiet-text"> {t("(choose every right answer)")}</span> : null}
      </legend>
      {question.options.map((option, optionIndex) => (
        <label key={optionIndex} className="check-option">
          <input
            type={several ? "checkbox" : "radio"}
            name={name}
            checked={chosen.includes(optionIndex)}
            onChange={(event) =>
              onChoose(
                several
                  ? event.target.checked
                    ? [...chosen, optionIndex]
                    : chosen.filter((choice) => choice !== optionIndex)
                  : [optionIndex],
              )
            }
          />
          <span>{option.text}</span>
        </label>
      ))}
      {result ? (
        <div id={`${name}-result`} className={result.right ? "check-result check-right" : "check-result check-again"}>
          <p className="check-verdict">{result.right ? t("Right.") : t("Let's look at this one again.")}</p>
          {result.right ? null : (
            <p>
              {t("The right answer: {answers}", {
                answers: result.right_options.map((optionIndex) => question.options[optionIndex]?.text ?? "").join("; "),
              })}
            </p>
          )}
          <p>{result.explanation}</p>
        </div>
      ) : null}
    </fieldset>
  );
}

export function CheckForm({ check }: { check: CheckForMember }) {
  const send = useSend();
  const headingId = useId();
  const [chosen, setChosen] = useState<number[][]>(() => check.questions.map(() => []));
  const [result, setResult] = useState<CheckResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unanswered = chosen.filter((choice) => choice.length === 0).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unanswered > 0) return setProblem(t("Choose an answer for every question first: {count} to go.", { count: unanswered }));
    setProblem(null);
    setBusy(true);
    try {
      setResult(await send("answerCheck", { params: { id: check.id }, body: { answers: chosen } }));
    } catch {
      setProblem(t("Your answers could not be checked just now. Please try again in a moment."));
    } finally {
      setBusy(false);
    }
  };
  const again = () => {
    setResult(null);
    setChosen(check.questions.map(() => []));
  };

  return (
    <section aria-labelledby={headingId} className="panel check">
      <h2 id={headingId} className="section-title">
        {check.title || t("Check what you learned")}
      </h2>
      <p className="small-text quiet-text">
        {check.best
          ? t("Your best so far: {score} of {outOf}. Try again whenever you like.", { score: check.best.score, outOf: check.best.out_of })
          : t("A few questions, at your pace. Nobody else sees your answers.")}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        {check.questions.map((question, index) => (
          <Question
            key={index}
            question={question}
            index={index}
            chosen={chosen[index]!}
            onChoose={(choice) => {
              if (result) return;
              setChosen(chosen.map((before, at) => (at === index ? choice : before)));
            }}
            result={result?.questions[index]}
          />
        ))}
        {problem ? (
          <p role="alert" className="check-problem">
            {problem}
          </p>
        ) : null}
        <p role="status" className="check-score">
          {result
            ? result.score === result.out_of
              ? t("All {outOf} right. Well done.", { outOf: result.out_of })
              : t("{score} of {outOf} right. The explanations are under each question.", { score: result.score, outOf: result.out_of })
            : ""}
        </p>
        {result ? (
          <button type="button" className="button button-outlined" onClick={again}>
            {t("Try again")}
          </button>
        ) : (
          <button type="submit" className="button button-contained" disabled={busy}>
            {t("Check my answers")}
          </button>
        )}
      </form>
    </section>
  );
}
