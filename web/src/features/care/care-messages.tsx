import { type FormEvent, useState } from "react";
import type { CareMessage } from "../../../../contract/care.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { instantLabel } from "./care-dates.ts";
import { t } from "./messages.ts";

/** Her private thread with her doula: what each wrote, oldest first, and a box to write. */
export function CareMessages({ recordId, messages, headingId }: { recordId: number; messages: readonly CareMessage[]; headingId: string }) {
  const send = useSend();
  const writing = useAction();
  const [text, setText] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await writing.run(
      () => send("writeToDoula", { params: { id: recordId }, body: { text } }),
      (answer) => answer.message,
    );
    if (sent) setText("");
  };
  return (
    <section className="care-part" aria-labelledby={headingId}>
      <h3 id={headingId}>{t("Messages with your doula")}</h3>
      {messages.length === 0 ? <p className="care-quiet">{t("Only you and your doula read what you write here.")}</p> : null}
      {messages.length > 0 ? (
        <ol className="care-list care-thread">
          {messages.map((message) => (
            <li key={message.id} className={message.from_doula ? "care-from-doula" : "care-from-me"}>
              <span className="care-quiet">
                {message.from_doula
                  ? t("Your doula, {when}", { when: instantLabel(message.written_at) })
                  : t("You, {when}", { when: instantLabel(message.written_at) })}
              </span>
              <p>{message.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="stack" aria-label={t("Write to your doula")}>
        <TextField
          label={t("Your message")}
          multiline
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(writing.outcome?.details?.text)}
          helperText={writing.outcome?.details?.text}
        />
        <OutcomeNotice outcome={writing.outcome} />
        <div className="row">
          <button type="submit" className="button button-contained" disabled={writing.busy}>
            {t("Send")}
          </button>
        </div>
      </form>
    </section>
  );
}
