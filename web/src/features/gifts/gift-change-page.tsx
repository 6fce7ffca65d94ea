import "./gift-endpoints.ts";
import { type FormEvent, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { failureOf } from "../../lib/api.ts";
import { t } from "./messages.ts";

// The link in the giver's receipt (/gift/change?token=…): until the gift is sent she changes its
// day, the recipient's address or her message. The token travels in a POST body, never an address.

export default function GiftChangePage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { answer: gift, failure } = useAnswer("giftForGiver", { body: { token } }, { skip: !token });
  const send = useSend();
  const [fields, setFields] = useState({ recipient_email: "", message: "", deliver_on: "" });
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string; details?: Record<string, string> } | null>(null);
  useEffect(() => {
    if (gift) setFields({ recipient_email: gift.recipient_email, message: gift.message, deliver_on: gift.deliver_on });
  }, [gift]);

  if (!token || failure)
    return (
      <PageColumn title={t("Your gift")}>
        <Notice tone="error" role="alert">
          {failure?.error ?? t("This link is not complete. Please open the whole link from the mail.")}
        </Notice>
      </PageColumn>
    );
  if (!gift) return <Spinner />;

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSaid(null);
    try {
      setSaid({ ok: true, text: (await send("changeGift", { body: { token, ...fields } })).message });
    } catch (error) {
      const problem = failureOf(error);
      setSaid({
        ok: false,
        text: problem.error ?? t("We could not save your change just now. Please try again."),
        details: problem.details,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageColumn title={t("Your gift for {name}", { name: gift.recipient_name })}>
      <p style={{ margin: "0 0 16px" }}>{gift.plan_name}</p>
      {gift.status !== "paid" ? (
        <Notice tone="info" role="status">
          {gift.status === "refunded" ? t("This gift was refunded.") : t("This gift has been sent, so it can no longer be changed.")}
        </Notice>
      ) : (
        <form method="post" onSubmit={(event) => void submit(event)} className="stack">
          <TextField
            label={t("Her e-mail address")}
            type="email"
            required
            name="recipient_email"
            value={fields.recipient_email}
            onChange={set("recipient_email")}
            error={Boolean(said?.details?.recipient_email)}
            helperText={said?.details?.recipient_email}
          />
          <TextField
            label={t("The day it arrives")}
            type="date"
            required
            name="deliver_on"
            value={fields.deliver_on}
            onChange={set("deliver_on")}
            error={Boolean(said?.details?.deliver_on)}
            helperText={said?.details?.deliver_on}
          />
          <TextField
            label={t("Your message (optional)")}
            multiline
            minRows={3}
            name="message"
            value={fields.message}
            onChange={set("message")}
          />
          {said ? (
            <Notice tone={said.ok ? "success" : "error"} role={said.ok ? "status" : "alert"}>
              {said.text}
            </Notice>
          ) : null}
          <div>
            <button type="submit" className="button button-contained" disabled={busy}>
              {t("Save the changes")}
            </button>
          </div>
        </form>
      )}
    </PageColumn>
  );
}
