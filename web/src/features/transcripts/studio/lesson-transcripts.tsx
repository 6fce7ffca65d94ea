import "./transcripts-studio-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useId, useState } from "react";
import { languages } from "../../../../../contract/languages.ts";
import { FileField } from "../../../components/file-field.tsx";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useFileUpload } from "../../../lib/upload-file.ts";
import { useAction } from "../../../lib/use-action.ts";
import { DeleteWithConfirmation, formatDateTime } from "../../../studio-kit/studio-parts.tsx";
import { pageLocale, t } from "./messages.ts";

// A lesson's transcripts in its editor (docs/transcripts.md): a WebVTT or SRT file, or pasted
// words without times, one per language; the server reads the file and names a line it cannot.

/** Far more than a lesson's captions: the server's limit (contract/transcripts.ts), told before a byte travels. */
const MAX_BYTES = 2 * 1024 * 1024;
const OTHER = "other";

function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([pageLocale()], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export default function LessonTranscripts({ lessonId }: { lessonId: number }) {
  const { answer } = useAnswer("studioTranscripts", { params: { lessonId } });
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [choice, setChoice] = useState<string>(languages[0]);
  const [otherLanguage, setOtherLanguage] = useState("");
  const [how, setHow] = useState<"file" | "text">("file");
  const [text, setText] = useState("");
  const languageId = useId();
  const language = choice === OTHER ? otherLanguage.trim() : choice;
  const upload = useFileUpload({
    maxBytes: MAX_BYTES,
    chooseFirst: t("Choose a WebVTT or SRT file first."),
    tooLarge: (file) => t('"{name}" is larger than 2 MB, more than a lesson\'s captions. Choose the right file.', { name: file.name }),
    unreachable: t("The upload stopped: we could not reach the server. Please check your connection and try again."),
    fields: () => ({ language }),
  });
  const details = outcome?.tone === "error" ? outcome.details : undefined;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (how === "file") {
      await upload.send(run, "addTranscript", { params: { lessonId }, body: undefined });
      return;
    }
    const added = await run(
      () => send("addTranscript", { params: { lessonId }, body: { language, text } }),
      (sent) => sent.message,
    );
    if (added) setText("");
  };

  return (
    <PageSection title={t("Transcripts")} id="transcripts-heading">
      <p style={{ marginTop: 0 }}>
        {t(
          "The video's words, for a mother who cannot listen just now, cannot hear it, or reads in another language. Members read them under the video, follow along as it plays and press a line to go there.",
        )}
      </p>
      {answer && answer.transcripts.length === 0 ? <p>{t("No transcript yet.")}</p> : null}
      {answer && answer.transcripts.length > 0 ? (
        <Box component="ul" aria-label={t("Transcripts of this lesson")} sx={{ m: 0, paddingInlineStart: "20px", display: "grid", gap: 1 }}>
          {answer.transcripts.map((transcript) => (
            <li key={transcript.language}>
              <span lang={transcript.language}>{languageName(transcript.language)}</span>{" "}
              <Box component="span" sx={{ color: "text.secondary" }}>
                (
                {transcript.timed
                  ? t("{count, plural, one {# timed part} other {# timed parts}}", { count: transcript.cue_count })
                  : t("{count, plural, one {# paragraph without times} other {# paragraphs without times}}", {
                      count: transcript.cue_count,
                    })}
                , {formatDateTime(transcript.updated_at)})
              </Box>{" "}
              <DeleteWithConfirmation
                name={languageName(transcript.language)}
                what={t("the {language} transcript", { language: languageName(transcript.language) })}
                busy={busy}
                onDelete={() =>
                  void run(
                    () => send("removeTranscript", { params: { lessonId, language: transcript.language } }),
                    (sent) => sent.message,
                  )
                }
              />
            </li>
          ))}
        </Box>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void add(event)}
        aria-label={t("Add a transcript")}
        sx={{ display: "grid", gap: 1.5, maxWidth: 640, mt: 2 }}
      >
        <Box sx={{ display: "grid", gap: 0.5 }}>
          <label htmlFor={languageId} style={{ fontWeight: 600 }}>
            {t("Language of the transcript")}
          </label>
          <select
            id={languageId}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            style={{ font: "inherit", minHeight: 44, maxWidth: 320 }}
          >
            {languages.map((tag) => (
              <option key={tag} value={tag}>
                {languageName(tag)}
              </option>
            ))}
            <option value={OTHER}>{t("Another language")}</option>
          </select>
        </Box>
        {choice === OTHER ? (
          <TextField
            label={t("Its code, such as fr or pt-BR")}
            value={otherLanguage}
            onChange={(event) => setOtherLanguage(event.target.value)}
            error={Boolean(details?.language)}
            helperText={details?.language}
          />
        ) : null}
        <fieldset style={{ border: 0, margin: 0, padding: 0, display: "grid", gap: 4 }}>
          <legend style={{ fontWeight: 600, marginBottom: 4 }}>{t("The words")}</legend>
          <label>
            <input type="radio" name="how" checked={how === "file"} onChange={() => setHow("file")} />{" "}
            {t("A captions file (WebVTT or SRT), with times")}
          </label>
          <label>
            <input type="radio" name="how" checked={how === "text"} onChange={() => setHow("text")} /> {t("Pasted words, without times")}
          </label>
        </fieldset>
        {how === "file" ? (
          <FileField
            upload={upload}
            label={t("Captions file")}
            accept=".vtt,.srt,text/vtt,application/x-subrip"
            help={t(
              "The captions YouTube or Vimeo lets you download, or your captioner's file: .vtt or .srt, up to 2 MB. A new one replaces the transcript in the same language.",
            )}
            uploading={t("Sending the captions file")}
          />
        ) : (
          <TextField
            label={t("The transcript's words")}
            value={text}
            onChange={(event) => setText(event.target.value)}
            multiline
            minRows={6}
            error={Boolean(details?.text)}
            helperText={details?.text ?? t("A blank line between paragraphs. Members read it under the video, without times.")}
          />
        )}
        <div>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("Add the transcript")}
          </Button>
        </div>
      </Box>
      <OutcomeNotice outcome={outcome} style={{ marginTop: 12 }} />
    </PageSection>
  );
}
