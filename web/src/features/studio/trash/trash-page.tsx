import "./trash-endpoints.ts";
import Button from "@mui/material/Button";
import { TRASH_KEPT_DAYS } from "../../../../../contract/constants.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";

import { formatDate, formatDateTime, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { t } from "../messages.ts";

const kindLabel = () => ({ course: t("Course"), module: t("Module"), lesson: t("Lesson"), file: t("File") }) as const;

export default function TrashPage() {
  const { answer, failure, refresh } = useAnswer("studioTrash");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const restore = async (id: number) => {
    await run(
      () => send("restoreFromTrash", { params: { id }, body: {} }),
      (restored) => restored.message,
    );
    // Read again either way: a refusal may mean someone restored it meanwhile.
    refresh();
  };
  return (
    <StudioPage
      title={t("Trash")}
      intro={t(
        "What you deleted in the last {days} days. Restoring puts it back in its place, with its lessons, files, and the members' access and progress it carried. After {days} days it is gone for good.",
        { days: TRASH_KEPT_DAYS },
      )}
    >
      <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
      {!answer ? (
        <Loading failure={failure} what={t("the Trash")} />
      ) : answer.items.length === 0 ? (
        <p>{t("The Trash is empty.")}</p>
      ) : (
        <ScrollingTable label={t("Deleted courses, modules, lessons and files")}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("What")}</th>
                <th scope="col">{t("Where it was")}</th>
                <th scope="col">{t("Deleted")}</th>
                <th scope="col">{t("Kept until")}</th>
                <th scope="col">{t("Restore")}</th>
              </tr>
            </thead>
            <tbody>
              {answer.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    {kindLabel()[item.kind]}: {item.title}
                  </th>
                  <td>{item.place}</td>
                  <td>{t("{deleted_at} by {deleted_by}", { deleted_at: formatDateTime(item.deleted_at), deleted_by: item.deleted_by })}</td>
                  <td>{formatDate(item.kept_until)}</td>
                  <td>
                    <Button
                      variant="outlined"
                      size="small"
                      disabled={busy}
                      onClick={() => void restore(item.id)}
                      aria-label={t("Restore {title}", { title: item.title })}
                    >
                      {t("Restore")}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </StudioPage>
  );
}
