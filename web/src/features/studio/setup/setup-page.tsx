import "./setup-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { passwordRuleText } from "../../../../../contract/constants.ts";
import type { InstructorSetupRequest } from "../../../../../contract/studio/setup.ts";
import { useAppDispatch } from "../../../lib/store-hooks.ts";
import { Notice } from "../../../components/notice.tsx";
import { PageColumn } from "../../../components/page-column.tsx";
import { ProgressRing, Spinner } from "../../../components/spinner.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { type ApiFailure, call, failureOf } from "../../../lib/api.ts";
import { useLinkCheck } from "../../../lib/use-link-check.ts";
import { verifySession } from "../../../lib/session.ts";
import { Themed } from "../themed.tsx";
import { t, tWith } from "../messages.ts";

/** The first instructor's account, from the one-time link printed in the server's start-up log. */
export default function SetupPage() {
  // Outside the studio's frame (no instructor exists yet), so it brings the studio's theme itself.
  return (
    <Themed>
      <SetupForm />
    </Themed>
  );
}

function SetupForm() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [linkProblem, setLinkProblem] = useLinkCheck("checkSetupLink", token);
  const [form, setForm] = useState({ first_name: "", last_name: "", email: "", password: "" });
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [saving, setSaving] = useState(false);

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(failure?.details?.[name]),
    helperText: failure?.details?.[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await call("setUpInstructor", { body: { ...form, token } satisfies InstructorSetupRequest });
      await dispatch(verifySession());
      await navigate("/studio", { replace: true });
    } catch (error) {
      const problem = failureOf(error);
      if (problem.status === 410) setLinkProblem(problem.error ?? t("This setup link cannot be used."));
      else setFailure(problem);
      setSaving(false);
    }
  };

  if (linkProblem === undefined) return <Spinner label={t("Checking the setup link")} />;
  if (linkProblem) {
    return (
      <PageColumn title={t("This setup link cannot be used")}>
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          {linkProblem}
        </Notice>
        <Typography sx={{ mb: 2 }}>
          {tWith(
            "Restarting the server prints a new link while the studio has no instructor. An existing account can also be made an instructor with {code}.",
            { code: <code>{"npm run admin -- user set-role you@example.com admin"}</code> },
          )}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          {t("Go to the sign-in page")}
        </Button>
      </PageColumn>
    );
  }
  return (
    <PageColumn title={t("Set up your studio")}>
      <Typography sx={{ mb: 2 }}>
        {t("Create the instructor's account. From the studio you then build your courses, invite members and answer their messages.")}
      </Typography>
      <Box component="form" method="post" onSubmit={submit} noValidate sx={{ display: "grid", gap: 2 }}>
        <TextField label={t("First name (optional)")} autoComplete="given-name" {...field("first_name")} />
        <TextField label={t("Last name (optional)")} autoComplete="family-name" {...field("last_name")} />
        <TextField label={t("Email")} type="email" autoComplete="email" required {...field("email")} />
        <TextField
          label={t("Password")}
          type="password"
          autoComplete="new-password"
          required
          {...field("password")}
          helperText={failure?.details?.password ?? passwordRuleText}
        />
        {failure ? (
          <Notice tone="error" role="alert">
            {failure.error ?? t("We could not create the account. Please try again.")}
          </Notice>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {saving ? <ProgressRing size={24} label={t("Creating the account")} /> : t("Create the instructor account")}
        </Button>
      </Box>
    </PageColumn>
  );
}
