import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { lessonFileTypes, readableFileSize } from "../../../../../contract/lesson-files.ts";
import type { StudioFile, StudioLessonPage } from "../../../../../contract/studio/courses.ts";
import type { StudioOutcome } from "../../../../../contract/studio/studio-shared.ts";
import { FileField } from "../../../components/file-field.tsx";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { useSend } from "../../../lib/answers.ts";
import { ButtonRow, DeleteWithConfirmation } from "../../../studio-kit/studio-parts.tsx";
import { useFileUpload } from "../../../lib/upload-file.ts";
import { pageLocale, t } from "./messages.ts";

const accepted = lessonFileTypes.flatMap((type) => type.extensions).join(",");
const kindOf = (contentType: string) => lessonFileTypes.find((type) => type.contentType === contentType)?.label ?? contentType;

function RenameForm({ file, onRenamed, onCancel }: { file: StudioFile; onRenamed: (message: string) => void; onCancel: () => void }) {
  const [filename, setFilename] = useState(file.filename);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () => send("renameFile", { params: { fileId: file.id }, body: { filename, revision: file.revision } }),
      (answer) => answer.message,
    );
    if (saved) onRenamed(saved.message);
  };
  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      aria-label={t("Rename {filename}", { filename: file.filename })}
      sx={{ display: "grid", gap: 1, my: 1, maxWidth: 480 }}
    >
      <TextField
        label={t("File name members see")}
        name="filename"
        required
        value={filename}
        onChange={(event) => setFilename(event.target.value)}
        error={Boolean(details?.filename)}
        helperText={details?.filename}
      />
      <OutcomeNotice outcome={outcome} />
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button type="submit" variant="contained" size="small" disabled={busy}>
          {t("Save name")}
        </Button>
        <Button size="small" onClick={onCancel}>
          {t("Cancel")}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The lesson's downloads: upload (with how far it has got), rename, put in order, delete to the
 * Trash. Each change reloads the lesson (`onChanged`), leaving the lesson form above as she left it.
 */
export function LessonFiles({ lesson, onChanged }: { lesson: StudioLessonPage; onChanged: () => void }) {
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [renaming, setRenaming] = useState<number | null>(null);
  // A rename reports in its own form, which closes on success; its sentence then shows here.
  const [renamedNotice, setRenamedNotice] = useState<string | null>(null);
  const limit = readableFileSize(lesson.upload_max_bytes);
  const files = useFileUpload({
    maxBytes: lesson.upload_max_bytes,
    chooseFirst: t("Choose a file first."),
    tooLarge: (file) =>
      t('"{name}" is {size}; one download can be at most {limit}. Make it smaller, or choose another.', {
        name: file.name,
        size: readableFileSize(file.size),
        limit: limit,
      }),
    unreachable: t("The upload stopped: we could not reach the server. Please check your connection and try again."),
  });

  const act = async <T extends StudioOutcome>(call: () => Promise<T>) => {
    setRenamedNotice(null);
    if (await run(call, (answer) => answer.message)) onChanged();
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    setRenamedNotice(null);
    if (await files.send(run, "uploadLessonFile", { params: { lessonId: lesson.id } })) onChanged();
  };

  return (
    <PageSection title={t("Downloads")} id="downloads-heading">
      {lesson.files.length === 0 ? (
        <p>{t("No downloads yet.")}</p>
      ) : (
        <ol aria-label={t("Downloads of this lesson")} style={{ paddingInlineStart: 24 }}>
          {lesson.files.map((file, index) => (
            <li key={file.id} style={{ marginBottom: 8 }}>
              <span>
                {file.filename}{" "}
                <span style={{ color: "var(--ink-soft)" }}>
                  ({kindOf(file.content_type)}, {readableFileSize(file.size)})
                </span>
              </span>
              <ButtonRow>
                {(["up", "down"] as const).map((direction) => (
                  <Button
                    key={direction}
                    size="small"
                    disabled={busy || (direction === "up" ? index === 0 : index === lesson.files.length - 1)}
                    aria-label={
                      direction === "up" ? t("Move {name} up", { name: file.filename }) : t("Move {name} down", { name: file.filename })
                    }
                    onClick={() =>
                      act(() => send("moveFile", { params: { fileId: file.id }, body: { direction, revision: file.revision } }))
                    }
                  >
                    {direction === "up" ? t("Move up") : t("Move down")}
                  </Button>
                ))}
                <Button
                  size="small"
                  aria-label={t("Rename {filename}", { filename: file.filename })}
                  aria-expanded={renaming === file.id}
                  onClick={() => setRenaming(renaming === file.id ? null : file.id)}
                >
                  {t("Rename")}
                </Button>
                <DeleteWithConfirmation
                  name={file.filename}
                  what={`"${file.filename}"`}
                  busy={busy}
                  onDelete={() => act(() => send("deleteFile", { params: { fileId: file.id }, body: { revision: file.revision } }))}
                />
              </ButtonRow>
              {renaming === file.id ? (
                <RenameForm
                  file={file}
                  onCancel={() => setRenaming(null)}
                  onRenamed={(message) => {
                    setRenaming(null);
                    setRenamedNotice(message);
                    onChanged();
                  }}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Box
        component="form"
        onSubmit={upload}
        noValidate
        aria-label={t("Upload a download")}
        sx={{ display: "grid", gap: 1, maxWidth: 560, mt: 2 }}
      >
        <FileField
          upload={files}
          label={t("Add a file")}
          accept={accepted}
          help={t("A lesson's downloads can be {kinds} files. Up to {limit} each. Members download them from the lesson, in this order.", {
            kinds: new Intl.ListFormat(pageLocale(), { type: "disjunction" }).format(
              lessonFileTypes.map((type) => (type.label === "plain text" ? t("plain text") : type.label)),
            ),
            limit,
          })}
          uploading={files.chosen ? t("Uploading {name}", { name: files.chosen.name }) : t("Uploading the file")}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("Upload")}
          </Button>
        </Box>
      </Box>
      <OutcomeNotice outcome={renamedNotice ? { tone: "success", text: renamedNotice } : outcome} style={{ marginTop: 12 }} />
    </PageSection>
  );
}
