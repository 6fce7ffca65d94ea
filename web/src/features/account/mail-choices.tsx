import "./account-endpoints.ts";
import { useState } from "react";
import type { MailChoices as Choices } from "../../../../contract/my-account.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";

/**
 * The mail she may turn off on /account, and on again after a one-click unsubscribe: each box is
 * saved as she ticks it. News about her own place or booking always goes.
 */
export function MailChoices({ saved }: { saved: Choices }) {
  const [choices, setChoices] = useState(saved);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const change = async (next: Partial<Choices>) => {
    const before = choices;
    setChoices({ ...choices, ...next });
    const answer = await run(
      () => send("saveMailChoices", { body: next }),
      (result) => result.message,
    );
    if (answer) setChoices({ announcements: answer.announcements, class_reminders: answer.class_reminders });
    else setChoices(before);
  };
  return (
    <div className="stack">
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={choices.announcements}
          disabled={busy}
          onChange={(event) => void change({ announcements: event.target.checked })}
        />{" "}
        Mail me my doula&rsquo;s announcements (they are on your home page either way)
      </label>
      <label className="checkbox-row">
        <input
          type="checkbox"
          checked={choices.class_reminders}
          disabled={busy}
          onChange={(event) => void change({ class_reminders: event.target.checked })}
        />{" "}
        Mail me reminders and replays of the live classes I register for
      </label>
      <p className="small-text quiet-text" style={{ margin: 0 }}>
        Mail about your own bookings, places and account always comes.
      </p>
      <OutcomeNotice outcome={outcome} />
    </div>
  );
}
