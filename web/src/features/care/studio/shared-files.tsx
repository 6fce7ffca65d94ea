import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import type { FormEvent } from "react";
import type { ClientDetails } from "../../../../../contract/care.ts";
import { CARE_FILE_MAX_MB } from "../../../../../contract/care-fields.ts";
import { fileSizeLabel } from "../../../lib/file-size.ts";
import { FileField } from "../../../components/file-field.tsx";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useSend } from "../../../lib/answers.ts";
import { addressOf } from "../../../lib/api.ts";
import { useAction } from "../../../lib/use-action.ts";
import { DeleteWithConfirmation, formatDateTime } from "../../../studio-kit/studio-parts.tsx";
import { useFileUpload } from "../../../lib/upload-file.ts";
import { t } from "./messages.ts";

// The kinds a lesson's downloads may be (contract/lesson-files.ts), as a file picker groups them;
// the server judges each file by its content all the same. Not imported from there: the studio's
// pages keep that module in their own chunk (web/chunk-groups.ts).
const accepted = "application/pdf,image/png,image/jpeg,image/webp,audio/mpeg,audio/mp4,.m4a,text/plain,.docx";
const MAX_BYTES = CARE_FILE_MAX_MB * 1024 * 1024;

/** Files shared with her (a handout, a list of resources): she downloads them from her client space. */
export function SharedFiles({ client }: { client: ClientDetails }) {
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const upload = useFileUpload({
    maxBytes: MAX_BYTES,
    chooseFirst: t("Choose a file to share."),
    tooLarge: (file) =>
      t('"{name}" is {size}; a shared file can be at most {limit}. Make it smaller, or choose another.', {
        name: file.name,
        size: fileSizeLabel(file.size),
        limit: `${CARE_FILE_MAX_MB} MB`,
      }),
    unreachable: t("The upload stopped: we could not reach the server. Please check your connection and try again."),
  });

  const share = async (event: FormEvent) => {
    event.preventDefault();
    await upload.send(run, "shareCareFile", { params: { id: client.id } });
  };

  return (
    <>
      {client.files.length === 0 ? (
        <p>{t("No files shared with her yet.")}</p>
      ) : (
        <Box component="ul" sx={{ m: 0, paddingInlineStart: "20px", display: "grid", gap: 1 }}>
          {client.files.map((file) => (
            <li key={file.id}>
              <a href={addressOf("careClientFile", { params: { id: client.id, fileId: file.id } })} download>
                {file.filename}
              </a>{" "}
              <Box component="span" sx={{ color: "text.secondary" }}>
                ({fileSizeLabel(file.size)}, {formatDateTime(file.shared_at)})
              </Box>{" "}
              <DeleteWithConfirmation
                name={file.filename}
                what={`"${file.filename}"`}
                busy={busy}
                onDelete={() =>
                  void run(
                    () => send("unshareCareFile", { params: { id: client.id, fileId: file.id } }),
                    (answer) => answer.message,
                  )
                }
              />
            </li>
          ))}
        </Box>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void share(event)}
        aria-label={t("Share a file with her")}
        sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 1, maxWidth: 560, mt: 2 }}
      >
        <FileField
          upload={upload}
          label={t("A file for her")}
          accept={accepted}
          help={t(
            "A PDF, a picture, audio, text or a Word file, up to {limit}. She downloads it from her client space; her partner does not see it.",
            { limit: `${CARE_FILE_MAX_MB} MB` },
          )}
          uploading={upload.chosen ? t("Uploading {name}", { name: upload.chosen.name }) : t("Uploading the file")}
        />
        <div>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("Share the file")}
          </Button>
        </div>
      </Box>
      <OutcomeNotice outcome={outcome} style={{ marginTop: 12 }} />
    </>
  );
}
