import { t } from "../lib/i18n.ts";
import type { ReactNode } from "react";
import { OutcomeNotice } from "./outcome-notice.tsx";
import { PageColumn } from "./page-column.tsx";
import { useAction } from "../lib/use-action.ts";
import { useState } from "react";

/**
 * The page a mail's unsubscribe link opens (/unsubscribe): one press stops that mail, without
 * signing in. It asks for the press rather than acting on opening, since mail scanners open every
 * link. Each list's words and call are its capability's (web/src/feature-slots.ts, unsubscribeLists).
 */
export function OnePressUnsubscribe({
  title,
  question,
  button,
  done,
  token,
  stop,
}: {
  title: string;
  question: ReactNode;
  button: string;
  /** What she reads once it is stopped: where the same things still are. */
  done: ReactNode;
  token: string;
  stop: () => Promise<{ message: string }>;
}) {
  const { outcome, busy, run } = useAction();
  const [stopped, setStopped] = useState(false);
  const press = async () => {
    if (await run(stop, (result) => result.message)) setStopped(true);
  };
  return (
    <PageColumn title={title}>
      <OutcomeNotice outcome={outcome} style={{ marginBottom: 16 }} />
      {stopped ? (
        <p>{done}</p>
      ) : (
        <>
          <p style={{ margin: "0 0 16px" }}>{question}</p>
          <button type="button" className="button button-contained" disabled={busy || token === ""} onClick={() => void press()}>
            {button}
          </button>
          {token === "" ? <p className="small-text">{t("This link is not complete. Please open the whole link from the mail.")}</p> : null}
        </>
      )}
    </PageColumn>
  );
}
