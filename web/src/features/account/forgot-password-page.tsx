import "./link-endpoints.ts";
import { type FormEvent, useState } from "react";
import { Link as RouterLink } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { call, failureOf } from "../../lib/api.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { t } from "./messages.ts";

export default function ForgotPasswordPage() {
  const hydrated = useHydrated();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setAnswer(null);
    try {
      const { message } = await call("forgotPassword", { body: { email } });
      setAnswer({ tone: "success", text: message });
    } catch (error) {
      setAnswer({ tone: "error", text: failureOf(error).error ?? t("We could not send the link. Please try again.") });
    } finally {
      setSending(false);
    }
  };

  return (
    <PageColumn title={t("Forgot your password?")}>
      <p style={{ margin: "0 0 16px" }}>
        {t("It happens to everyone. Enter the e-mail address you registered with, and we will send you a link to choose a new password.")}
      </p>
      <form method="post" onSubmit={submit} style={{ display: "grid", gap: 16 }}>
        <TextField
          label={t("Email")}
          name="email"
          type="email"
          autoComplete="email"
          required
          disabled={!hydrated}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {answer ? (
          <Notice tone={answer.tone} role={answer.tone === "error" ? "alert" : "status"}>
            {answer.text}
          </Notice>
        ) : null}
        <button type="submit" disabled={sending || !hydrated} className="button button-contained button-large">
          {sending ? <ProgressRing size={24} label={t("Sending")} /> : t("Send me a link")}
        </button>
        <RouterLink to="/login" style={{ justifySelf: "start", color: "var(--accent)" }}>
          {t("Back to Log in")}
        </RouterLink>
      </form>
    </PageColumn>
  );
}
