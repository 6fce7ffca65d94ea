import "./team-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDate, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import type { TeamPage as TeamPageAnswer } from "../../../../../contract/team.ts";
import { t } from "./messages.ts";

/** Studio → Team: the doulas she invites as backups; each sees only the clients whose backup she is. */
export default function TeamPage() {
  const { answer, failure } = useAnswer("team");
  const send = useSend();
  const inviting = useAction();
  const [invite, setInvite] = useState({ email: "", first_name: "" });
  const details = inviting.outcome?.details;
  return (
    <StudioPage
      title={t("Team")}
      intro={t(
        "A backup doula on your team sees the clients whose backup she is (their dates, shared notes, and the birth preferences they share with their doulas), your on-call calendar and the labour alerts that come to her. Never payments, members, courses or your inbox.",
      )}
    >
      <Box
        component="form"
        noValidate
        aria-label={t("Invite a doula")}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void inviting
            .run(
              () => send("inviteTeamDoula", { body: invite }),
              (sent) => sent.message,
            )
            .then((sent) => sent && setInvite({ email: "", first_name: "" }));
        }}
        sx={{ display: "grid", gap: 1.5, maxWidth: 480, mb: 3 }}
      >
        <TextField
          label={t("Her first name")}
          value={invite.first_name}
          onChange={(event) => setInvite({ ...invite, first_name: event.target.value })}
          error={Boolean(details?.first_name)}
          helperText={details?.first_name}
        />
        <TextField
          label={t("Her e-mail address")}
          type="email"
          value={invite.email}
          onChange={(event) => setInvite({ ...invite, email: event.target.value })}
          error={Boolean(details?.email)}
          helperText={details?.email}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={inviting.busy}>
            {t("Send the invitation")}
          </Button>
        </Box>
        <OutcomeNotice outcome={inviting.outcome} />
      </Box>
      {!answer ? (
        <Loading failure={failure} what={t("your team")} />
      ) : (
        <>
          <h2>{t("On your team")}</h2>
          {answer.doulas.length === 0 ? (
            <p>{t("No one yet.")}</p>
          ) : (
            <ul>
              {answer.doulas.map((doula) => (
                <li key={doula.id}>
                  {t("{name} ({email}), since {date}", { name: doula.name, email: doula.email, date: formatDate(doula.joined_at) })}
                </li>
              ))}
            </ul>
          )}
          {answer.invited.length > 0 ? (
            <>
              <h2>{t("Invited")}</h2>
              <ul className="stack" style={{ paddingInlineStart: 20 }}>
                {answer.invited.map((invited) => (
                  <WaitingInvitation key={invited.id} invited={invited} />
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </StudioPage>
  );
}

/** One invitation not used yet: when it was sent, whether its link still works, and a way to send it again. */
function WaitingInvitation({ invited }: { invited: TeamPageAnswer["invited"][number] }) {
  const send = useSend();
  const resending = useAction();
  return (
    <li>
      <div>
        {t("{name} ({email}), invited {date}", { name: invited.first_name, email: invited.email, date: formatDate(invited.sent_at) })}
      </div>
      <div>
        {invited.expired
          ? t("Its link expired on {date}: send it again for a new one.", { date: formatDate(invited.expires_at) })
          : t("Waiting for her to create her account; the link works until {date}.", { date: formatDate(invited.expires_at) })}
      </div>
      <Button
        size="small"
        disabled={resending.busy}
        aria-label={t("Send the invitation to {email} again", { email: invited.email })}
        onClick={() =>
          void resending.run(
            () => send("resendTeamInvitation", { params: { id: String(invited.id) } }),
            (sent) => sent.message,
          )
        }
      >
        {t("Send again")}
      </Button>
      <OutcomeNotice outcome={resending.outcome} />
    </li>
  );
}
