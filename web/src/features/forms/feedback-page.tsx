import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useFormSubmission } from "./use-form-submission.ts";
import { call } from "../../lib/api.ts";

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
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ color: "text.primary", fontWeight: 600 }}>
        {label}
      </FormLabel>
      <RadioGroup row name={name} value={value ? String(value) : ""} onChange={(event) => onChange(Number(event.target.value))}>
        {[1, 2, 3, 4, 5].map((score) => (
          <FormControlLabel key={score} value={String(score)} control={<Radio />} label={String(score)} />
        ))}
      </RadioGroup>
      {error ? (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      ) : null}
    </FormControl>
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
    <PageColumn title="Help Us Improve">
      <Typography sx={{ mb: 2 }}>
        Your honest answers help us make this a calmer, clearer place to learn. It takes about two minutes.
      </Typography>
      <Box component="form" onSubmit={submit} sx={{ display: "grid", gap: 2.5 }}>
        <Rating
          name="satisfaction"
          label="Overall, how satisfied are you? (1 to 5)"
          value={feedback.satisfaction}
          onChange={(value) => set("satisfaction", value)}
          error={details.satisfaction}
        />
        <Rating
          name="recommend"
          label="How likely are you to recommend us to a friend? (1 to 5)"
          value={feedback.recommend}
          onChange={(value) => set("recommend", value)}
          error={details.recommend}
        />
        <TextField
          label="General Comments"
          placeholder="Tell us what you think..."
          multiline
          minRows={3}
          value={feedback.comments}
          onChange={(event) => set("comments", event.target.value)}
          error={Boolean(details.comments)}
          helperText={details.comments}
        />
        <TextField
          label="What did you like most?"
          multiline
          rows={5}
          value={feedback.liked_most}
          onChange={(event) => set("liked_most", event.target.value)}
          error={Boolean(details.liked_most)}
          helperText={details.liked_most}
        />
        <TextField
          label="What could be improved?"
          multiline
          rows={5}
          value={feedback.improve}
          onChange={(event) => set("improve", event.target.value)}
          error={Boolean(details.improve)}
          helperText={details.improve}
        />
        {submission.failure ? (
          <Notice tone="error" role="alert">
            {submission.failure.error ?? "Your feedback could not be sent. Please try again."}
          </Notice>
        ) : null}
        {submission.sent ? (
          <Notice tone="success" role="status">
            Thank you! Your feedback has been saved.
          </Notice>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={submission.sending}>
          Submit Feedback
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 2, color: "text.secondary" }}>
        Thank you for helping us grow. You may submit this form again whenever something comes to mind.
      </Typography>
    </PageColumn>
  );
}
