import "./trash-endpoints.ts";
import Button from "@mui/material/Button";
import { TRASH_KEPT_DAYS } from "../../../../../contract/constants.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";

import { formatDate, formatDateTime, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "../studio-parts.tsx";

const kindLabel = { course: "Course", module: "Module", lesson: "Lesson", file: "File" } as const;

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
      title="Trash"
      intro={`What you deleted in the last ${TRASH_KEPT_DAYS} days. Restoring puts it back in its place, with its lessons, files, and the members' access and progress it carried. After ${TRASH_KEPT_DAYS} days it is gone for good.`}
    >
      <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
      {!answer ? (
        <Loading failure={failure} what="the Trash" />
      ) : answer.items.length === 0 ? (
        <p>The Trash is empty.</p>
      ) : (
        <ScrollingTable label="Deleted courses, modules, lessons and files">
          <table>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">Where it was</th>
                <th scope="col">Deleted</th>
                <th scope="col">Kept until</th>
                <th scope="col">Restore</th>
              </tr>
            </thead>
            <tbody>
              {answer.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">
                    {kindLabel[item.kind]}: {item.title}
                  </th>
                  <td>{item.place}</td>
                  <td>
                    {formatDateTime(item.deleted_at)} by {item.deleted_by}
                  </td>
                  <td>{formatDate(item.kept_until)}</td>
                  <td>
                    <Button
                      variant="outlined"
                      size="small"
                      disabled={busy}
                      onClick={() => void restore(item.id)}
                      aria-label={`Restore ${item.title}`}
                    >
                      Restore
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
