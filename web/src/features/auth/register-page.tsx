import { type FormEvent, Suspense, useEffect, useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { useAppDispatch } from "../../lib/store-hooks.ts";
import { LinkTile } from "../../components/link-tile.tsx";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { registrationErrorMessage } from "./registration-errors.ts";
import { useSession } from "../../lib/session.ts";
import { registerInvited, registerMember } from "../../lib/sign-in.ts";
import { attempt, call } from "../../lib/api.ts";
import "./invitation-endpoints.ts";
import { useSlots } from "../../lib/slots.tsx";
import { t } from "./messages.ts";

export default function RegisterPage() {
  const dispatch = useAppDispatch();
  const { registered, loading, error, isAuthenticated } = useSession();
  const hydrated = useHydrated();
  const [form, setForm] = useState({ first_name: "", last_name: "", email: "", password: "", access_code: "" });
  const [submitted, setSubmitted] = useState(false);
  // The instructor's invite link (/register?code=...) brings the code along. Read after the first
  // render: the page is rendered at build time, without the address's query.
  const [params] = useSearchParams();
  const invitedCode = params.get("code")?.trim().toUpperCase() ?? "";
  // A partner's invitation (/register?invitation=...) stands for the access code.
  const invitation = params.get("invitation")?.trim() ?? "";
  // So does a link a capability mails (web/src/feature-slots.ts, invitations), through the login page.
  const invitations = useSlots().invitations;
  const invitedLink = invitations.find((link) => params.get(link.field)?.trim());
  const linkToken = invitedLink ? params.get(invitedLink.field)!.trim() : "";
  // The link in place of the access code, and where it leads once she has registered with it.
  const pass = invitation
    ? { field: "invitation" as const, token: invitation, destination: "/home" }
    : invitedLink
      ? { field: invitedLink.field, token: linkToken, destination: invitedLink.after ?? invitedLink.page }
      : null;
  const passField = pass?.field;
  const passToken = pass?.token;
  const [joined, setJoined] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  useEffect(() => {
    if (invitedCode) setForm((current) => (current.access_code ? current : { ...current, access_code: invitedCode }));
  }, [invitedCode]);
  // What the sender typed (her address, her name) fills the form; a link used or expired says so before she types.
  useEffect(() => {
    if (!passField) return;
    let current = true;
    void attempt(() => call("invitedPerson", { body: { [passField]: passToken } })).then((outcome) => {
      if (!current) return;
      if (!outcome.ok) return setLinkProblem(outcome.failure.error ?? null);
      const person = outcome.value;
      setForm((before) => ({
        ...before,
        email: before.email || person.email,
        first_name: before.first_name || (person.first_name ?? ""),
        last_name: before.last_name || (person.last_name ?? ""),
      }));
    });
    return () => {
      current = false;
    };
  }, [passField, passToken]);

  if (joined && isAuthenticated && pass) return <Navigate to={pass.destination} replace />;
  if (registered) return <Navigate to="/login" replace />;

  const field = (name: keyof typeof form) => ({
    name,
    value: form[name],
    // On a page rendered at build time, typing waits for the app to take it over (see useHydrated).
    disabled: !hydrated,
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
    error: submitted && Boolean(error?.details?.[name]),
    helperText: submitted ? error?.details?.[name] : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { access_code, ...person } = form;
    if (!pass) return void (await dispatch(registerMember({ ...person, access_code })));
    const outcome = await dispatch(registerInvited({ ...person, [pass.field]: pass.token }));
    if (outcome.ok) setJoined(true);
  };

  const message = submitted ? registrationErrorMessage(error) : null;

  return (
    <PageColumn title={t("Register Now!")}>
      <p style={{ margin: "0 0 16px" }}>
        {invitation ? (
          t("You were invited as a partner: create your own account here, with no access code and no credit card.")
        ) : invitedLink ? (
          <Suspense fallback={null}>
            <invitedLink.Words at="register" />
          </Suspense>
        ) : (
          t("Sign-up is free, with no credit card. During the beta you need the access code you were given.")
        )}
      </p>
      {linkProblem ? (
        <Notice tone="error" role="alert" style={{ marginBottom: 16 }}>
          {linkProblem}
        </Notice>
      ) : null}
      <form method="post" onSubmit={submit} className="stack">
        <TextField label={t("First name (optional)")} autoComplete="given-name" {...field("first_name")} />
        <TextField label={t("Last name (optional)")} autoComplete="family-name" {...field("last_name")} />
        <TextField label={t("Email")} type="email" autoComplete="email" required {...field("email")} />
        <TextField
          label={t("Password")}
          type="password"
          autoComplete="new-password"
          required
          {...field("password")}
          helperText={
            (submitted && error?.details?.password) || t("Use 8 or more characters, including a letter, a number and a special character.")
          }
        />
        {invitation || invitedLink ? null : <TextField label={t("Access code")} autoComplete="off" required {...field("access_code")} />}
        {message ? (
          <Notice tone="error" role="alert">
            {message}
          </Notice>
        ) : null}
        <button type="submit" className="button button-contained button-large" disabled={(loading && submitted) || !hydrated}>
          {loading && submitted ? <ProgressRing size={24} label={t("Registering")} /> : t("Register")}
        </button>
      </form>
      <div style={{ marginTop: 24 }}>
        <LinkTile to="/login" title={t("Go to Login Page")}>
          {t("Already registered? Log in here.")}
        </LinkTile>
      </div>
    </PageColumn>
  );
}
