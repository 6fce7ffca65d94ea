import "./account-endpoints.ts";
import { useState } from "react";
import type { MailChoices as Choices } from "../../../../contract/my-account.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { sentence } from "../../../../contract/languages.ts";
import { t } from "./messages.ts";

const choiceLabels: [keyof Choices, string][] = [
  ["announcements", sentence("Mail me my doula’s announcements (they are on your home page either way)")],
  ["class_reminders", sentence("Mail me reminders and replays of the live classes I register for")],
];

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
      {choiceLabels.map(([name, label]) => (
        <label key={name} className="checkbox-row">
          <input
            type="checkbox"
            checked={choices[name]}
            disabled={busy}
            onChange={(event) => void change({ [name]: event.target.checked })}
          />{" "}
          {t(label)}
        </label>
      ))}
      <p className="small-text quiet-text" style={{ margin: 0 }}>
        {t("Mail about your own bookings, places and account always comes.")}
      </p>
      <OutcomeNotice outcome={outcome} />
    </div>
  );
}
