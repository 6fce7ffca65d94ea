import "./journeys-studio-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import type { CrisisLine } from "../../../../../contract/journeys.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDateTime, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { CalledOrButton, useMarkCalled } from "./mark-called.tsx";
import { audienceLabel, courseTitle, momentLabel, reasonLabel } from "./journey-labels.ts";
import { t } from "./messages.ts";

/** Studio → Journeys: her journeys, the members who asked for contact, and the lines a check-in gives to call. */
export default function JourneysPage() {
  const { answer, failure } = useAnswer("studioJourneys");
  return (
    <StudioPage
      title={t("Journeys")}
      intro={t(
        "Messages and check-ins timed by each member's week of pregnancy, then by the days after her birth, each at an hour of her own day.",
      )}
    >
      <ContactRequestsSection />
      <section aria-labelledby="journeys-heading">
        <h2 id="journeys-heading">{t("Your journeys")}</h2>
        <p>
          <Link className="button button-contained" to="/studio/journeys/new">
            {t("Write a new journey")}
          </Link>
        </p>
        {!answer ? (
          <Loading failure={failure} what={t("your journeys")} />
        ) : answer.journeys.length === 0 ? (
          <p>{t("No journeys yet.")}</p>
        ) : (
          <ul className="spaced-list" style={{ paddingInlineStart: 20 }}>
            {answer.journeys.map((journey) => (
              <li key={journey.id}>
                <Link to={`/studio/journeys/${journey.id}`}>{journey.name}</Link>
                <div style={{ color: "var(--muted-ink, inherit)" }}>
                  {audienceLabel(journey.for, courseTitle(answer.courses, journey.for))}
                  {" · "}
                  {journey.steps.map((step) => momentLabel(step.at)).join(", ")}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CrisisLinesSection />
    </StudioPage>
  );
}

function ContactRequestsSection() {
  const { answer, failure } = useAnswer("contactRequests");
  const { outcome, busy, mark } = useMarkCalled();
  const waiting = answer?.filter((request) => request.seen_at === null).length ?? 0;
  return (
    <section aria-labelledby="contact-requests-heading">
      <h2 id="contact-requests-heading">
        {t("Asked for contact")}
        {waiting > 0 ? ` (${waiting})` : ""}
      </h2>
      <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
      {!answer ? (
        <Loading failure={failure} what={t("the contact requests")} />
      ) : answer.length === 0 ? (
        <p>{t("No one has asked for contact.")}</p>
      ) : (
        <ScrollingTable label={t("Asked for contact")} stacksOnPhone>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("Member")}</th>
                <th scope="col">{t("When")}</th>
                <th scope="col">{t("Why")}</th>
                <th scope="col">{t("Called")}</th>
              </tr>
            </thead>
            <tbody>
              {answer.map((request) => (
                <tr key={request.id}>
                  <th scope="row" data-label={t("Member")}>
                    <Link to={`/studio/journeys/members/${request.member_id}`}>{request.name}</Link>
                  </th>
                  <td data-label={t("When")}>{formatDateTime(request.at)}</td>
                  <td data-label={t("Why")}>
                    {request.reason === "harm" ? <strong>{reasonLabel(request.reason)}</strong> : reasonLabel(request.reason)}
                  </td>
                  <td data-label={t("Called")}>
                    <CalledOrButton request={request} busy={busy} mark={mark} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingTable>
      )}
    </section>
  );
}

type LineDraft = { name: string; phone: string; note: string };

function CrisisLinesSection() {
  const { answer, failure } = useAnswer("studioCrisisLines");
  return (
    <section aria-labelledby="crisis-lines-heading">
      <h2 id="crisis-lines-heading">{t("Lines to call now")}</h2>
      <p>
        {t(
          "A mother who answers a check-in is given these lines to call or text, whatever she answered. Until you set your own, she is given the US lines.",
        )}
      </p>
      {answer ? (
        <CrisisLinesForm lines={answer.lines} isDefault={answer.is_default} />
      ) : (
        <Loading failure={failure} what={t("the lines")} />
      )}
    </section>
  );
}

function CrisisLinesForm({ lines, isDefault }: { lines: CrisisLine[]; isDefault: boolean }) {
  const [drafts, setDrafts] = useState<LineDraft[]>(lines);
  useEffect(() => setDrafts(lines), [lines]);
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const change = (index: number, field: keyof LineDraft, value: string) =>
    setDrafts((all) => all.map((line, at) => (at === index ? { ...line, [field]: value } : line)));
  const save = (event: FormEvent, chosen = drafts) => {
    event.preventDefault();
    void run(
      () => send("saveCrisisLines", { body: { lines: chosen } }),
      (saved) => saved.message,
    );
  };
  return (
    <Box component="form" onSubmit={save} noValidate aria-label={t("Lines to call now")} sx={{ display: "grid", gap: 2, maxWidth: 800 }}>
      {drafts.map((line, index) => (
        <Box
          key={index}
          component="fieldset"
          sx={{ border: "1px solid var(--border)", borderRadius: 2, display: "grid", gap: 1, p: 1.5, m: 0 }}
        >
          <legend>{t("Line {number}", { number: index + 1 })}</legend>
          <TextField
            label={t("Name")}
            value={line.name}
            onChange={(event) => change(index, "name", event.target.value)}
            error={Boolean(outcome?.details?.[`lines.${index}.name`])}
            helperText={outcome?.details?.[`lines.${index}.name`]}
          />
          <TextField
            label={t("Number to call or text")}
            type="tel"
            value={line.phone}
            onChange={(event) => change(index, "phone", event.target.value)}
            error={Boolean(outcome?.details?.[`lines.${index}.phone`])}
            helperText={outcome?.details?.[`lines.${index}.phone`]}
          />
          <TextField label={t("Note (optional)")} value={line.note} onChange={(event) => change(index, "note", event.target.value)} />
          <Box>
            <Button type="button" color="error" onClick={() => setDrafts((all) => all.filter((_, at) => at !== index))}>
              {t("Remove line {number}", { number: index + 1 })}
            </Button>
          </Box>
        </Box>
      ))}
      <OutcomeNotice outcome={outcome} />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button type="button" variant="outlined" onClick={() => setDrafts((all) => [...all, { name: "", phone: "", note: "" }])}>
          {t("Add a line")}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save the lines")}
        </Button>
        {!isDefault ? (
          <Button type="button" disabled={busy} onClick={(event) => save(event, [])}>
            {t("Use the US lines again")}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
