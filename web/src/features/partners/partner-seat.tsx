import "./partner-endpoints.ts";
import { type FormEvent, useState } from "react";
import type { PartnerLink } from "../../../../contract/partners.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { pageLocale } from "../../lib/i18n.ts";
import { t, tWith } from "./messages.ts";

const nameOf = (person: { first_name: string | null; last_name: string | null; email: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(" ") || person.email;

const dayOf = (instant: string) => new Date(instant).toLocaleDateString(pageLocale(), { day: "numeric", month: "long" });

/** On /account: her partner seat (invite, share, remove), or, on his account, whose partner he is. */
export default function PartnerSeat() {
  const { answer } = useAnswer("partner");
  if (!answer) return null;
  return answer.joined_as === "partner" ? <PartnerSide link={answer} /> : <MemberSide link={answer} />;
}

function MemberSide({ link }: { link: PartnerLink }) {
  const send = useSend();
  const [email, setEmail] = useState("");
  const invite = useAction();
  const removal = useAction();
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void invite.run(
      () => send("invitePartner", { body: { email } }),
      (answer) => answer.message,
    );
  };
  if (link.partner) {
    const partner = link.partner;
    return (
      <div className="stack">
        <p style={{ margin: 0 }}>
          {tWith(
            "{strong} ({email}) is linked as your partner. He sees the courses for partners and where you are in your pregnancy; never your account, purchases, bookings or community posts.",
            { email: partner.email, strong: <strong>{nameOf(partner)}</strong> },
          )}
        </p>
        <SharingChoices partner={partner} />
        <OutcomeNotice outcome={removal.outcome} />
        {confirming ? (
          <div className="row" role="group" aria-label={t("Remove your partner?")}>
            <span>{t("He loses what came through you at once.")}</span>
            <button
              type="button"
              className="button button-contained"
              disabled={removal.busy}
              onClick={() =>
                void removal.run(
                  () => send("removePartner", {}),
                  (answer) => answer.message,
                )
              }
            >
              {t("Yes, remove him")}
            </button>
            <button type="button" className="button button-outlined" onClick={() => setConfirming(false)}>
              {t("Keep him")}
            </button>
          </div>
        ) : (
          <div className="row">
            <button type="button" className="button button-outlined" onClick={() => setConfirming(true)}>
              {t("Remove partner")}
            </button>
          </div>
        )}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t("Invite your partner")}>
      <p style={{ margin: 0 }}>
        {t(
          "Your partner can have his own account, with no access code: the courses for partners, where you are in your pregnancy, and only what you choose to share. The link we mail him works once, for 7 days.",
        )}
      </p>
      {link.invitation ? (
        <p style={{ margin: 0 }}>
          {t("An invitation is waiting for {email} until {expires_at}. Sending a new one replaces it.", {
            email: link.invitation.email,
            expires_at: dayOf(link.invitation.expires_at),
          })}
        </p>
      ) : null}
      <TextField
        label={t("Your partner's e-mail")}
        name="partner_email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(invite.outcome?.tone === "error" && invite.outcome.details?.email)}
        helperText={invite.outcome?.tone === "error" ? invite.outcome.details?.email : undefined}
      />
      <OutcomeNotice outcome={removal.outcome ?? invite.outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={invite.busy}>
          {t("Invite your partner")}
        </button>
      </div>
    </form>
  );
}

/** What she shares with him, switched at once (the page shows her choice while it is saved). */
function SharingChoices({ partner }: { partner: NonNullable<PartnerLink["partner"]> }) {
  const send = useSend();
  const sharing = useAction();
  const [shares, setShares] = useState({ birth_plan: partner.shares_birth_plan, timer: partner.shares_timer });
  const share = async (change: { birth_plan?: boolean; timer?: boolean }) => {
    const before = shares;
    setShares({ ...shares, ...change });
    const answer = await sharing.run(
      () => send("sharePartner", { body: change }),
      (saved) => saved.message,
    );
    if (!answer) setShares(before);
  };
  return (
    <>
      <label style={{ display: "flex", gap: 8, alignItems: "center", minHeight: 44 }}>
        <input
          type="checkbox"
          checked={shares.birth_plan}
          disabled={sharing.busy}
          onChange={(event) => void share({ birth_plan: event.target.checked })}
          style={{ width: 22, height: 22 }}
        />
        {t("Share my birth preferences with him (read only)")}
      </label>
      <label style={{ display: "flex", gap: 8, alignItems: "center", minHeight: 44 }}>
        <input
          type="checkbox"
          checked={shares.timer}
          disabled={sharing.busy}
          onChange={(event) => void share({ timer: event.target.checked })}
          style={{ width: 22, height: 22 }}
        />
        {t("Share my contraction timer with him, live")}
      </label>
      <OutcomeNotice outcome={sharing.outcome} />
    </>
  );
}

function PartnerSide({ link }: { link: PartnerLink }) {
  const send = useSend();
  const leave = useAction();
  if (!link.member) {
    return (
      <div className="stack">
        <p style={{ margin: 0 }}>{t("Your account is not linked to anyone now. She can invite you again from her account.")}</p>
        <OutcomeNotice outcome={leave.outcome} />
      </div>
    );
  }
  return (
    <div className="stack">
      <p style={{ margin: 0 }}>
        {tWith("You are {strong}’s partner. You see the courses for partners and what she chooses to share.", {
          strong: <strong>{nameOf(link.member)}</strong>,
        })}
      </p>
      <OutcomeNotice outcome={leave.outcome} />
      <div className="row">
        <button
          type="button"
          className="button button-outlined"
          disabled={leave.busy}
          onClick={() =>
            void leave.run(
              () => send("removePartner", {}),
              (answer) => answer.message,
            )
          }
        >
          {t("Leave the link")}
        </button>
      </div>
    </div>
  );
}
