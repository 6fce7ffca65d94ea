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
import { copyText, formatDate, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { t } from "../messages.ts";

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
        label={t("Code (leave empty for a generated one)")}
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        error={Boolean(details?.code)}
        helperText={details?.code ?? t("Letters, digits and dashes, like SPRING-CIRCLE.")}
      />
      <TextField
        label={t("Maximum uses (optional)")}
        name="max_uses"
        type="number"
        value={maxUses}
        onChange={(event) => setMaxUses(event.target.value)}
        error={Boolean(details?.max_uses)}
        helperText={details?.max_uses}
      />
      <TextField
        label={t("Last valid day (optional)")}
        name="expires_on"
        type="date"
        value={expiresOn}
        onChange={(event) => setExpiresOn(event.target.value)}
        error={Boolean(details?.expires_on)}
        helperText={details?.expires_on}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: { md: 3.5 } }}>
        {t("Create code")}
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
        if (!(await copyText(code.invite_url)))
          throw new Error(t("Your browser did not allow copying. The link is {invite_url}", { invite_url: code.invite_url }));
        return code.invite_url;
      },
      (link) => t("Copied the invite link {link}. Whoever opens it finds the code already filled in.", { link: link }),
    );
  };

  return (
    <StudioPage
      title={t("Access codes")}
      intro={t("During the beta, a new member needs a code to register. Send the invite link: it fills the code in for her.")}
    >
      <PageSection title={t("New code")} id="new-code">
        <CreateCodeForm />
      </PageSection>
      <PageSection title={t("Your codes")} id="codes">
        <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
        {!answer ? (
          <Loading failure={failure} what={t("the access codes")} />
        ) : answer.codes.length === 0 ? (
          <p>{t("No codes yet.")}</p>
        ) : (
          <ScrollingTable label={t("Access codes")}>
            <table style={{ minWidth: 640 }}>
              <thead>
                <tr>
                  <th scope="col">{t("Code")}</th>
                  <th scope="col">{t("Uses")}</th>
                  <th scope="col">{t("Last valid day")}</th>
                  <th scope="col">{t("Status")}</th>
                  <th scope="col">{t("Actions")}</th>
                </tr>
              </thead>
              <tbody>
                {answer.codes.map((code) => (
                  <tr key={code.code}>
                    <th scope="row" className="code">
                      {code.code}
                    </th>
                    <td>
                      {code.uses} / {code.max_uses ?? t("no limit")}
                    </td>
                    <td>{code.expires_on ? formatDate(`${code.expires_on}T12:00:00Z`) : t("no expiry")}</td>
                    <td style={{ color: statusColours[code.status], fontWeight: 600 }}>{code.status}</td>
                    <td>
                      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => void copyInvite(code)}
                          aria-label={t("Copy invite link for {code}", { code: code.code })}
                        >
                          {t("Copy invite link")}
                        </Button>
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => void setActive(code.code, code.status === "inactive")}
                          aria-label={
                            code.status === "inactive"
                              ? t("Reactivate {code}", { code: code.code })
                              : t("Deactivate {code}", { code: code.code })
                          }
                        >
                          {code.status === "inactive" ? t("Reactivate") : t("Deactivate")}
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
