import Button from "@mui/material/Button";
import type { ContactRequest } from "../../../../../contract/journeys.ts";
import { useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDateTime } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

/** "I've called her", the one way a request is marked seen, wherever the studio lists it; its sentence is shown by the list. */
export function useMarkCalled() {
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const mark = (id: number) =>
    void run(
      () => send("markContactRequestSeen", { params: { id } }),
      (marked) => marked.message,
    );
  return { outcome, busy, mark };
}

/** Who called her and when, or the button that says she has been called. */
export function CalledOrButton({ request, busy, mark }: { request: ContactRequest; busy: boolean; mark: (id: number) => void }) {
  if (request.seen_at) return t("Called: {who}, {when}", { who: request.seen_by ?? t("someone"), when: formatDateTime(request.seen_at) });
  return (
    <Button
      size="small"
      variant="contained"
      disabled={busy}
      aria-label={t("I've called {name}", { name: request.name })}
      onClick={() => mark(request.id)}
    >
      {t("I've called her")}
    </Button>
  );
}
