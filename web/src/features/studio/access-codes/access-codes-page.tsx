import "./access-codes-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import type { AccessCode } from "../../../../../contract/studio/access-codes.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { copyText, formatDate, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "../studio-parts.tsx";

function CreateCodeForm() {
  const [code, setCode] = useState("");
  const [maxUses, setMaxUses] = useState("");
  const [expiresOn, setExpiresOn] = useState("");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const created = await run(
      () =>
        send("createAccessCode", {
          body: { code, max_uses: maxUses.trim() === "" ? null : Number(maxUses), expires_on: expiresOn || null },
        }),
      (answer) => answer.message,
    );
    if (created) {
      setCode("");
      setMaxUses("");
      setExpiresOn("");
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "2fr 1fr 1fr auto" }, alignItems: "start" }}
    >
      <TextField
        label="Code (leave empty for a generated one)"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        error={Boolean(details?.code)}
        helperText={details?.code ?? "Letters, digits and dashes, like SPRING-CIRCLE."}
      />
      <TextField
        label="Maximum uses (optional)"
        name="max_uses"
        type="number"
        value={maxUses}
        onChange={(event) => setMaxUses(event.target.value)}
        error={Boolean(details?.max_uses)}
        helperText={details?.max_uses}
      />
      <TextField
        label="Last valid day (optional)"
        name="expires_on"
        type="date"
        value={expiresOn}
        onChange={(event) => setExpiresOn(event.target.value)}
        error={Boolean(details?.expires_on)}
        helperText={details?.expires_on}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { md: 3.5 } }}>
        Create code
      </Button>
      <Box sx={{ gridColumn: "1 / -1" }}>
        <OutcomeNotice outcome={outcome} />
      </Box>
    </Box>
  );
}

const statusColours: Record<AccessCode["status"], string> = {
  active: "var(--success-ink)",
  inactive: "var(--error-ink)",
  expired: "var(--error-ink)",
  "used up": "var(--used-up-ink)",
};

export default function AccessCodesPage() {
  const { answer, failure } = useAnswer("studioAccessCodes");
  const { outcome, busy, run } = useAction();
  const send = useSend();

  const setActive = async (code: string, active: boolean) => {
    await run(
      () => send(active ? "reactivateAccessCode" : "deactivateAccessCode", { params: { code }, body: {} }),
      (answer) => answer.message,
    );
  };
  const copyInvite = async (code: AccessCode) => {
    await run(
      async () => {
        if (!(await copyText(code.invite_url))) throw new Error(`Your browser did not allow copying. The link is ${code.invite_url}`);
        return code.invite_url;
      },
      (link) => `Copied the invite link ${link}. Whoever opens it finds the code already filled in.`,
    );
  };

  return (
    <StudioPage
      title="Access codes"
      intro="During the beta, a new member needs a code to register. Send the invite link: it fills the code in for her."
    >
      <PageSection title="New code" id="new-code">
        <CreateCodeForm />
      </PageSection>
      <PageSection title="Your codes" id="codes">
        <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
        {!answer ? (
          <Loading failure={failure} what="the access codes" />
        ) : answer.codes.length === 0 ? (
          <p>No codes yet.</p>
        ) : (
          <ScrollingTable label="Access codes">
            <table style={{ minWidth: 640 }}>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Last valid day</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {answer.codes.map((code) => (
                  <tr key={code.code}>
                    <th scope="row" className="code">
                      {code.code}
                    </th>
                    <td>
                      {code.uses} / {code.max_uses ?? "no limit"}
                    </td>
                    <td>{code.expires_on ? formatDate(`${code.expires_on}T12:00:00Z`) : "no expiry"}</td>
                    <td style={{ color: statusColours[code.status], fontWeight: 600 }}>{code.status}</td>
                    <td>
                      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => void copyInvite(code)}
                          aria-label={`Copy invite link for ${code.code}`}
                        >
                          Copy invite link
                        </Button>
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => void setActive(code.code, code.status === "inactive")}
                          aria-label={`${code.status === "inactive" ? "Reactivate" : "Deactivate"} ${code.code}`}
                        >
                          {code.status === "inactive" ? "Reactivate" : "Deactivate"}
                        </Button>
                      </Box>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollingTable>
        )}
      </PageSection>
    </StudioPage>
  );
}
