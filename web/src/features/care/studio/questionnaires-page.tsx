import "./care-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { fieldsetStyle, LabelledSelect, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";
import { type DraftQuestion, questionnaireTemplates } from "./questionnaire-templates.ts";

type Kind = DraftQuestion["kind"];

const blankQuestion = (): DraftQuestion => ({ kind: "text", label: "", options: "", optional: false, sensitive: false });
const hasOptions = (kind: Kind) => kind === "choice" || kind === "choices";

/** Studio → Clients → Questionnaires: intake and postpartum questionnaires she sends her clients. */
export default function QuestionnairesPage() {
  const { answer, failure } = useAnswer("careQuestionnaires");
  return (
    <StudioPage
      title={t("Questionnaires")}
      intro={t("Send one from a client's page. She fills it in her client space; her answers save as she goes.")}
    >
      <p>
        <Link to="/studio/clients">{t("All clients")}</Link>
      </p>
      {!answer ? (
        <Loading failure={failure} what={t("your questionnaires")} />
      ) : answer.questionnaires.length === 0 ? (
        <p>{t("No questionnaires yet.")}</p>
      ) : (
        <ul>
          {answer.questionnaires.map((questionnaire) => (
            <li key={questionnaire.id}>
              {t("{title}: {count, plural, one {# question} other {# questions}}", {
                title: questionnaire.title,
                count: questionnaire.questions,
              })}
            </li>
          ))}
        </ul>
      )}
      <NewQuestionnaire />
    </StudioPage>
  );
}

function NewQuestionnaire() {
  const send = useSend();
  const saving = useAction();
  const [title, setTitle] = useState("");
  const [questions, setQuestions] = useState<DraftQuestion[]>([blankQuestion()]);
  const templates = questionnaireTemplates();
  const [template, setTemplate] = useState("0");
  const [filled, setFilled] = useState<string | null>(null);
  const fillFrom = () => {
    const chosen = templates[Number(template)]!;
    setTitle(chosen.title);
    setQuestions(chosen.questions.map((question) => ({ ...question })));
    setFilled(chosen.name);
  };
  const change = (index: number, changes: Partial<DraftQuestion>) =>
    setQuestions((current) => current.map((question, at) => (at === index ? { ...question, ...changes } : question)));
  const kinds: { value: Kind; label: string }[] = [
    { value: "text", label: t("Short text") },
    { value: "long_text", label: t("Long text") },
    { value: "choice", label: t("One choice") },
    { value: "choices", label: t("Several choices") },
    { value: "date", label: t("Date") },
    { value: "yes_no", label: t("Yes or no") },
  ];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await saving.run(
      () =>
        send("createCareQuestionnaire", {
          body: {
            title,
            questions: questions.map((question) => ({
              kind: question.kind,
              label: question.label,
              options: hasOptions(question.kind)
                ? question.options
                    .split("\n")
                    .map((option) => option.trim())
                    .filter(Boolean)
                : [],
              optional: question.optional,
              sensitive: question.sensitive,
            })),
          },
        }),
      (answer) => answer.message,
    );
    if (created) {
      setTitle("");
      setQuestions([blankQuestion()]);
    }
  };
  const details = saving.outcome?.details;
  return (
    <Box component="section" aria-labelledby="new-questionnaire-heading" sx={{ mt: 4, maxWidth: 720 }}>
      <h2 id="new-questionnaire-heading">{t("New questionnaire")}</h2>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "flex-end", mb: 2 }}>
        <LabelledSelect
          label={t("Start from a template")}
          value={template}
          onChange={setTemplate}
          options={templates.map((each, index) => ({ value: String(index), label: each.name }))}
        />
        <Button variant="outlined" onClick={fillFrom}>
          {t("Fill the form from it")}
        </Button>
      </Box>
      <p role="status" style={{ marginTop: 0 }}>
        {filled ? t("Filled from “{template}”: change anything before you create it.", { template: filled }) : ""}
      </p>
      <Box component="form" noValidate onSubmit={(event: FormEvent) => void submit(event)} sx={{ display: "grid", gap: 2 }}>
        <TextField
          label={t("Title")}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(details?.title)}
          helperText={details?.title ?? t("Intake, Postpartum check-in…")}
        />
        {questions.map((question, index) => (
          <Box component="fieldset" key={index} sx={{ ...fieldsetStyle, display: "grid", gap: 1.5 }}>
            <legend>{t("Question {number}", { number: index + 1 })}</legend>
            <LabelledSelect
              label={t("Kind")}
              value={question.kind}
              onChange={(value) => change(index, { kind: value as Kind })}
              options={kinds}
            />
            <TextField
              label={t("Question")}
              value={question.label}
              onChange={(event) => change(index, { label: event.target.value })}
              error={Boolean(details?.[`questions.${index}.label`])}
              helperText={details?.[`questions.${index}.label`]}
            />
            {hasOptions(question.kind) ? (
              <TextField
                label={t("Options, one per line")}
                multiline
                rows={4}
                value={question.options}
                onChange={(event) => change(index, { options: event.target.value })}
                error={Boolean(details?.[`questions.${index}.options`])}
                helperText={details?.[`questions.${index}.options`]}
              />
            ) : null}
            <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center", minHeight: 36 }}>
              <input
                type="checkbox"
                checked={question.optional}
                onChange={(event) => change(index, { optional: event.target.checked })}
                style={{ width: 20, height: 20 }}
              />
              {t("Optional")}
            </Box>
            <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center", minHeight: 36 }}>
              <input
                type="checkbox"
                checked={question.sensitive}
                onChange={(event) => change(index, { sensitive: event.target.checked })}
                style={{ width: 20, height: 20 }}
              />
              {t('Sensitive (health, an earlier birth): she is told "you can skip this" and agrees before answering')}
            </Box>
            {questions.length > 1 ? (
              <div>
                <Button size="small" variant="text" onClick={() => setQuestions((current) => current.filter((_, at) => at !== index))}>
                  {t("Remove question {number}", { number: index + 1 })}
                </Button>
              </div>
            ) : null}
          </Box>
        ))}
        <div>
          <Button variant="outlined" onClick={() => setQuestions((current) => [...current, blankQuestion()])}>
            {t("Add a question")}
          </Button>
        </div>
        <OutcomeNotice outcome={saving.outcome} />
        <div>
          <Button type="submit" variant="contained" disabled={saving.busy}>
            {t("Create the questionnaire")}
          </Button>
        </div>
      </Box>
    </Box>
  );
}
