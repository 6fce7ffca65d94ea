import "./link-endpoints.ts";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing, Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { call, failureOf } from "../../lib/api.ts";
import { useLinkCheck } from "../../lib/use-link-check.ts";
import { t } from "./messages.ts";

/** What the login page shows after a reset (web/src/features/auth/login-page.tsx reads it). */
export type LoginNotice = { notice: string };

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const [linkProblem, setLinkProblem] = useLinkCheck("checkResetLink", token);
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      const { message } = await call("resetPassword", { body: { token, password } });
      await navigate("/login", { replace: true, state: { notice: message } satisfies LoginNotice });
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 410) setLinkProblem(failure.error ?? t("This link cannot be used."));
      else setProblem(failure.error ?? t("We could not change your password. Please try again."));
      setSaving(false);
    }
  };

  if (linkProblem === undefined) return <Spinner />;
  if (linkProblem) {
    return (
      <PageColumn title={t("This link cannot be used")}>
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          {linkProblem}
        </Notice>
        <p style={{ margin: "0 0 16px" }}>{t("You can ask for a new link: it takes a moment, and your account is safe meanwhile.")}</p>
        <RouterLink to="/forgot-password" className="button button-contained button-large">
          {t("Send me a new link")}
        </RouterLink>
      </PageColumn>
    );
  }
  return (
    <PageColumn title={t("Choose a new password")}>
      <form method="post" onSubmit={submit} style={{ display: "grid", gap: 16 }}>
        <TextField
          label={t("New password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          helperText={t("Use 8 or more characters, including a letter, a number and a special character.")}
        />
        {problem ? (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        ) : null}
        <button type="submit" disabled={saving} className="button button-contained button-large">
          {saving ? <ProgressRing size={24} label={t("Saving")} /> : t("Save my new password")}
        </button>
      </form>
    </PageColumn>
  );
}
