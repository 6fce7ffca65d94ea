import "./link-endpoints.ts";
import { useEffect, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import type { Profile } from "../../../../contract/sign-in.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { call, failureOf } from "../../lib/api.ts";
import { t } from "./messages.ts";

// One confirmation per link and page load: React may run an effect twice (StrictMode in development),
// and the second use of a link would only be told it was used.
const confirmations = new Map<string, Promise<Profile>>();
const confirm = (token: string) => {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = call("confirmEmail", { body: { token } });
    confirmations.set(token, confirmation);
  }
  return confirmation;
};

/** Opened from the confirmation mail: confirms the new address at once (a POST, so a mail scanner's visit changes nothing). */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<{ tone: "success" | "info"; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    confirm(token)
      .then(
        (profile) =>
          current &&
          setOutcome({
            tone: "success",
            text: t("Thank you: {email} is confirmed as your account's e-mail address.", { email: profile.email }),
          }),
      )
      .catch((error: unknown) => current && setOutcome({ tone: "info", text: failureOf(error).error ?? t("This link cannot be used.") }));
    return () => {
      current = false;
    };
  }, [token]);

  if (!outcome) return <Spinner />;
  return (
    <PageColumn title={outcome.tone === "success" ? t("E-mail address confirmed") : t("This link cannot be used")}>
      <Notice tone={outcome.tone} role="status" style={{ marginBottom: 16 }}>
        {outcome.text}
      </Notice>
      <RouterLink to={outcome.tone === "success" ? "/home" : "/account"} className="button button-contained button-large">
        {outcome.tone === "success" ? t("Continue") : t("Open my account")}
      </RouterLink>
    </PageColumn>
  );
}
