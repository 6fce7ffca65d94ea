import "./gift-endpoints.ts";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { useSend } from "../../lib/answers.ts";
import { failureOf } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { pageLocale, t } from "./messages.ts";

// The link a gift's mail brings (/gift/redeem?token=…): signed in, one press opens it on her
// account; otherwise she signs in, or creates her account with it and no access code.

type Outcome = { kind: "opened"; text: string; until: string | null } | { kind: "refused"; text: string };

export default function GiftRedeemPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const hydrated = useHydrated();
  const { user, loading } = useSession();
  const send = useSend();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => said.current?.focus(), [outcome]);

  const open = async () => {
    setBusy(true);
    try {
      const opened = await send("redeemGift", { body: { token } });
      setOutcome({ kind: "opened", text: opened.message, until: opened.open_until });
    } catch (error) {
      setOutcome({ kind: "refused", text: failureOf(error).error ?? t("We could not open your gift just now. Please try again.") });
    } finally {
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <PageColumn title={t("A gift for you")}>
        <p>{t("This link is not complete. Please open the whole link from the mail.")}</p>
      </PageColumn>
    );
  }

  return (
    <PageColumn title={t("A gift for you")}>
      {outcome ? (
        <div ref={said} tabIndex={-1} style={{ outline: "none" }}>
          <Notice tone={outcome.kind === "opened" ? "success" : "error"} role={outcome.kind === "opened" ? "status" : "alert"}>
            {outcome.text}{" "}
            {outcome.kind === "opened" && outcome.until
              ? t("It stays open until {day}.", {
                  day: new Intl.DateTimeFormat(pageLocale(), { day: "numeric", month: "long", year: "numeric" }).format(
                    new Date(outcome.until),
                  ),
                })
              : null}
          </Notice>
          {outcome.kind === "opened" ? (
            <p>
              <Link to="/library" className="button button-contained">
                {t("Go to your library")}
              </Link>
            </p>
          ) : null}
        </div>
      ) : user ? (
        <>
          <p>{t("Someone has given you a course. Open it on your account ({email}): the link works once.", { email: user.email })}</p>
          <button type="button" className="button button-contained" disabled={!hydrated || busy} onClick={() => void open()}>
            {busy ? t("Opening…") : t("Open my gift")}
          </button>
        </>
      ) : loading ? null : (
        <>
          <p>
            {t(
              "Someone has given you a course. Create your account with the address the mail came to (no access code needed), or log in if you have one: the gift opens on it.",
            )}
          </p>
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
            <Link className="button button-contained" to={`/register?${new URLSearchParams({ gift_token: token }).toString()}`}>
              {t("Create your account")}
            </Link>
            <Link
              className="button button-outlined"
              to="/login"
              state={{ from: `/gift/redeem?${new URLSearchParams({ token }).toString()}` }}
            >
              {t("Log in")}
            </Link>
          </div>
        </>
      )}
    </PageColumn>
  );
}
