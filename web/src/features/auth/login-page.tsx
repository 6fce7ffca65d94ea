import { type FormEvent, Suspense, useEffect, useState } from "react";
import { Navigate, Link as RouterLink, useLocation } from "react-router";
import { useAppDispatch } from "../../lib/store-hooks.ts";
import { LinkTile } from "../../components/link-tile.tsx";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSession } from "../../lib/session.ts";
import { loginMember, registrationAcknowledged } from "../../lib/sign-in.ts";
import { type InvitationLink, useSlots } from "../../lib/slots.tsx";
import { t } from "./messages.ts";

/** The invitation the address she came from carries, if it is one a capability mails. */
function invitedBy(links: readonly InvitationLink[], from: string): { link: InvitationLink; token: string } | null {
  const [page, query = ""] = from.split("?");
  const link = links.find((candidate) => candidate.page === page);
  const token = link ? new URLSearchParams(query).get(link.parameter ?? "invitation") : null;
  return link && token ? { link, token } : null;
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const { isAuthenticated, loading, registered } = useSession();
  // On a page rendered at build time, the form opens once the app has taken it over (see useHydrated).
  const hydrated = useHydrated();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? "/home";
  // After a password reset (reset-password-page.tsx), a sentence saying what happened.
  const resetNotice = (location.state as { notice?: string } | null)?.notice;
  // A link a capability mails to someone without an account (<page>?invitation=…, web/src/feature-slots.ts)
  // registers her without an access code.
  const invited = invitedBy(useSlots().invitations, from);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [justRegistered, setJustRegistered] = useState(false);

  // After a registration (docs/product.md, States) the login screen acknowledges it (and greets the new member).
  useEffect(() => {
    if (registered) {
      setJustRegistered(true);
      dispatch(registrationAcknowledged());
    }
  }, [registered, dispatch]);

  if (isAuthenticated) return <Navigate to={from} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const outcome = await dispatch(loginMember({ email, password }));
    if (!outcome.ok) setProblem(outcome.failure.error ?? t("We could not sign you in. Please try again."));
  };

  return (
    <PageColumn title={t("Log in")}>
      {justRegistered ? (
        <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
          {t("Your account is ready. Please log in.")}
        </Notice>
      ) : null}
      {resetNotice ? (
        <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
          {resetNotice}
        </Notice>
      ) : null}
      {invited ? (
        <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
          <Suspense fallback={null}>
            <invited.link.Words at="login" />
          </Suspense>
        </Notice>
      ) : null}
      <form method="post" onSubmit={submit} className="stack">
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
        <TextField
          label={t("Password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          disabled={!hydrated}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {problem ? (
          <Notice tone="error" role="alert">
            {problem}
          </Notice>
        ) : null}
        <button type="submit" className="button button-contained button-large" disabled={loading || !hydrated}>
          {loading ? <ProgressRing size={24} label={t("Signing in")} /> : t("Submit")}
        </button>
        <RouterLink to="/forgot-password" style={{ justifySelf: "start", color: "var(--accent)" }}>
          {t("Forgot Password?")}
        </RouterLink>
      </form>
      <div style={{ marginTop: 24 }}>
        <LinkTile
          to={invited ? `/register?${new URLSearchParams({ [invited.link.field]: invited.token }).toString()}` : "/register"}
          title={invited ? t("Create your account") : t("Need an account? Sign Up Now!")}
        >
          {t("Free to join, no credit card.")}
        </LinkTile>
      </div>
    </PageColumn>
  );
}
