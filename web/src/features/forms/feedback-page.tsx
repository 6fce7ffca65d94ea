import "./forms-endpoints.ts";
import { type FormEvent, useId, useState } from "react";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useFormSubmission } from "./use-form-submission.ts";
import { call } from "../../lib/api.ts";
import { t } from "./messages.ts";

const emptyFeedback = { satisfaction: 0, recommend: 3, comments: "", liked_most: "", improve: "" };

function Rating({
  name,
  label,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const legendId = useId();
  const errorId = useId();
  return (
    <fieldset className="choices" aria-describedby={error ? errorId : undefined}>
      <legend id={legendId}>{label}</legend>
      {/* Native radios: one tab stop, arrow keys move the choice, as a radio group should. */}
      <div role="radiogroup" aria-labelledby={legendId}>
        {[1, 2, 3, 4, 5].map((score) => (
          <label key={score} className="choice">
            <input type="radio" name={name} value={score} checked={value === score} onChange={() => onChange(score)} />
            {score}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="small-text error-text" style={{ margin: 0 }}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export default function FeedbackPage() {
  const [feedback, setFeedback] = useState(emptyFeedback);
  const submission = useFormSubmission();
  const details = submission.failure?.details ?? {};
  const set = <K extends keyof typeof emptyFeedback>(key: K, value: (typeof emptyFeedback)[K]) =>
    setFeedback((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await submission.submit(() => call("sendFeedback", { body: feedback }))) setFeedback(emptyFeedback);
  };

  return (
    <PageColumn title={t("Help Us Improve")}>
      <p style={{ margin: "0 0 16px" }}>
        {t("Your honest answers help us make this a calmer, clearer place to learn. It takes about two minutes.")}
      </p>
      <form onSubmit={submit} style={{ display: "grid", gap: 20 }}>
        <Rating
          name="satisfaction"
          label={t("Overall, how satisfied are you? (1 to 5)")}
          value={feedback.satisfaction}
          onChange={(value) => set("satisfaction", value)}
          error={details.satisfaction}
        />
        <Rating
          name="recommend"
          label={t("How likely are you to recommend us to a friend? (1 to 5)")}
          value={feedback.recommend}
          onChange={(value) => set("recommend", value)}
          error={details.recommend}
        />
        <TextField
          label={t("General Comments")}
          placeholder={t("Tell us what you think...")}
          multiline
          minRows={3}
          value={feedback.comments}
          onChange={(event) => set("comments", event.target.value)}
          error={Boolean(details.comments)}
          helperText={details.comments}
        />
        <TextField
          label={t("What did you like most?")}
          multiline
          rows={5}
          value={feedback.liked_most}
          onChange={(event) => set("liked_most", event.target.value)}
          error={Boolean(details.liked_most)}
          helperText={details.liked_most}
        />
        <TextField
          label={t("What could be improved?")}
          multiline
          rows={5}
          value={feedback.improve}
          onChange={(event) => set("improve", event.target.value)}
          error={Boolean(details.improve)}
          helperText={details.improve}
        />
        {submission.failure ? (
          <Notice tone="error" role="alert">
            {submission.failure.error ?? t("Your feedback could not be sent. Please try again.")}
          </Notice>
        ) : null}
        {submission.sent ? (
          <Notice tone="success" role="status">
            {t("Thank you! Your feedback has been saved.")}
          </Notice>
        ) : null}
        <button type="submit" disabled={submission.sending} className="button button-contained button-large">
          {t("Submit Feedback")}
        </button>
      </form>
      <p className="small-text" style={{ margin: "16px 0 0", color: "var(--ink-quiet)" }}>
        {t("Thank you for helping us grow. You may submit this form again whenever something comes to mind.")}
      </p>
    </PageColumn>
  );
}
