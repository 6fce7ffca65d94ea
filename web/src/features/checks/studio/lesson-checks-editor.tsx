import "./checks-studio-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import type { StudioCheck } from "../../../../../contract/checks.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { DeleteWithConfirmation } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

// A lesson's knowledge checks in its editor (docs/checks.md): write the questions, each with its
// explanation for a mother; see, per question, how many answers were right, to know which part of
// the lesson to make clearer.

type Kind = StudioCheck["questions"][number]["kind"];
type DraftQuestion = { kind: Kind; text: string; options: { text: string; right: boolean }[]; explanation: string };

const blankQuestion = (kind: Kind = "one"): DraftQuestion => ({
  kind,
  text: "",
  options:
    kind === "true_false"
      ? [
          { text: t("True"), right: true },
          { text: t("False"), right: false },
        ]
      : [
          { text: "", right: true },
          { text: "", right: false },
        ],
  explanation: "",
});

/** How each question was answered: a bar per question, its share of right answers, and the numbers in words. */
function Results({ check }: { check: StudioCheck }) {
  return (
    <Box component="ol" sx={{ m: 0, paddingInlineStart: "20px", display: "grid", gap: 1.5 }}>
      {check.questions.map((question, index) => {
        const share = question.answered === 0 ? 0 : question.right / question.answered;
        return (
          <li key={index}>
            <div>{question.text}</div>
            <Box
              role="img"
              aria-label={t("{right} of {answered} answers right", { right: question.right, answered: question.answered })}
              sx={{ height: 10, borderRadius: 5, bgcolor: "var(--progress-track)", overflow: "hidden", maxWidth: 360, my: 0.5 }}
            >
              <Box sx={{ height: "100%", width: `${Math.round(share * 100)}%`, bgcolor: "var(--progress)" }} />
            </Box>
            <Box component="span" sx={{ fontSize: "0.9rem", color: "text.secondary" }}>
              {question.answered === 0
                ? t("Not answered yet")
                : t("{right} of {answered} answers right", { right: question.right, answered: question.answered })}
            </Box>
          </li>
        );
      })}
    </Box>
  );
}

function QuestionEditor({
  question,
  index,
  onChange,
  onRemove,
}: {
  question: DraftQuestion;
  index: number;
  onChange: (question: DraftQuestion) => void;
  onRemove: (() => void) | null;
}) {
  const several = question.kind === "several";
  const setOption = (at: number, change: Partial<DraftQuestion["options"][number]>) =>
    onChange({
      ...question,
      options: question.options.map((option, optionIndex) =>
        optionIndex === at
          ? { ...option, ...change }
          : // One right answer: marking one takes the mark off the others.
            !several && change.right
            ? { ...option, right: false }
            : option,
      ),
    });
  return (
    <Box component="fieldset" sx={{ border: "1px solid var(--divider)", borderRadius: 2, p: 2, m: 0, display: "grid", gap: 1.5 }}>
      <legend style={{ fontWeight: 600, padding: "0 4px" }}>{t("Question {number}", { number: index + 1 })}</legend>
      <label style={{ display: "grid", gap: 4 }}>
        <span style={{ fontWeight: 600 }}>{t("Kind")}</span>
        <select
          value={question.kind}
          onChange={(event) =>
            onChange({ ...blankQuestion(event.target.value as Kind), text: question.text, explanation: question.explanation })
          }
          style={{ font: "inherit", minHeight: 44, maxWidth: 320 }}
        >
          <option value="one">{t("One right answer")}</option>
          <option value="several">{t("Several right answers")}</option>
          <option value="true_false">{t("True or false")}</option>
        </select>
      </label>
      <TextField
        label={t("The question")}
        value={question.text}
        onChange={(event) => onChange({ ...question, text: event.target.value })}
      />
      <Box role="group" aria-label={t("Answers to question {number}", { number: index + 1 })} sx={{ display: "grid", gap: 1 }}>
        {question.options.map((option, optionIndex) => (
          <Box key={optionIndex} sx={{ display: "flex", gap: 1, alignItems: "flex-end", flexWrap: "wrap" }}>
            <Box sx={{ flex: "1 1 220px" }}>
              <TextField
                label={t("Answer {letter}", { letter: String.fromCharCode(65 + optionIndex) })}
                value={option.text}
                disabled={question.kind === "true_false"}
                onChange={(event) => setOption(optionIndex, { text: event.target.value })}
              />
            </Box>
            <label style={{ display: "flex", gap: 6, alignItems: "center", minHeight: 44 }}>
              <input
                type={several ? "checkbox" : "radio"}
                name={`right-${index}`}
                checked={option.right}
                onChange={(event) => setOption(optionIndex, { right: event.target.checked })}
                style={{ width: 20, height: 20 }}
              />
              {t("Right")}
            </label>
            {question.kind !== "true_false" && question.options.length > 2 ? (
              <Button
                size="small"
                onClick={() => onChange({ ...question, options: question.options.filter((_, at) => at !== optionIndex) })}
              >
                {t("Remove answer {letter}", { letter: String.fromCharCode(65 + optionIndex) })}
              </Button>
            ) : null}
          </Box>
        ))}
        {question.kind !== "true_false" && question.options.length < 8 ? (
          <div>
            <Button size="small" onClick={() => onChange({ ...question, options: [...question.options, { text: "", right: false }] })}>
              {t("Add an answer")}
            </Button>
          </div>
        ) : null}
      </Box>
      <TextField
        label={t("Explanation, for her to read after answering")}
        multiline
        minRows={2}
        value={question.explanation}
        onChange={(event) => onChange({ ...question, explanation: event.target.value })}
        helperText={t("Why the right answer is right, in words for a mother: it is what she learns from a question she missed.")}
      />
      {onRemove ? (
        <div>
          <Button size="small" onClick={onRemove}>
            {t("Remove question {number}", { number: index + 1 })}
          </Button>
        </div>
      ) : null}
    </Box>
  );
}

export default function LessonChecksEditor({ lessonId }: { lessonId: number }) {
  const { answer } = useAnswer("studioLessonChecks", { params: { lessonId } });
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [title, setTitle] = useState("");
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => [blankQuestion()]);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const added = await run(
      () => send("createCheck", { body: { lesson_id: lessonId, title, questions } }),
      (sent) => sent.message,
    );
    if (added) {
      setTitle("");
      setQuestions([blankQuestion()]);
    }
  };

  return (
    <PageSection title={t("Knowledge checks")} id="checks-heading">
      <p style={{ marginTop: 0 }}>
        {t(
          "A few questions under the lesson, for her to check she understood. She sees which answers were right with your explanations, may try again as often as she likes, and her best result counts.",
        )}
      </p>
      {answer && answer.checks.length === 0 ? <p>{t("No check in this lesson yet.")}</p> : null}
      {answer?.checks.map((check) => (
        <Box key={check.id} component="article" aria-label={check.title || t("Check {id}", { id: check.id })} sx={{ mb: 3 }}>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 1 }}>
            <strong>{check.title || t("Check {id}", { id: check.id })}</strong>
            <DeleteWithConfirmation
              name={check.title || t("Check {id}", { id: check.id })}
              what={t("this check and the answers sent to it")}
              busy={busy}
              onDelete={() =>
                void run(
                  () => send("removeCheck", { params: { id: check.id } }),
                  (sent) => sent.message,
                )
              }
            />
          </Box>
          <Results check={check} />
        </Box>
      ))}
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void add(event)}
        aria-label={t("Add a knowledge check")}
        sx={{ display: "grid", gap: 2, maxWidth: 640, mt: 2 }}
      >
        <TextField label={t("Name of the check (optional)")} value={title} onChange={(event) => setTitle(event.target.value)} />
        {questions.map((question, index) => (
          <QuestionEditor
            key={index}
            question={question}
            index={index}
            onChange={(changed) => setQuestions(questions.map((before, at) => (at === index ? changed : before)))}
            onRemove={questions.length > 1 ? () => setQuestions(questions.filter((_, at) => at !== index)) : null}
          />
        ))}
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button onClick={() => setQuestions([...questions, blankQuestion()])}>{t("Add a question")}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("Add the check")}
          </Button>
        </Box>
      </Box>
      <OutcomeNotice outcome={outcome} style={{ marginTop: 12 }} />
    </PageSection>
  );
}
