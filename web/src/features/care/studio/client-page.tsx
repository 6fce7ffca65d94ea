import "./care-endpoints.ts";
import { agreementAsHtml } from "../../../../../contract/care-fields.ts";
import { SafeHtml } from "../../../lib/safe-html.tsx";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import type { ClientDetails } from "../../../../../contract/care.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { priceLabel } from "../../../lib/time-labels.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDateTime, LabelledSelect, Loading, ScrollingTable, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";
import { centsOf, clientName, dayLabel, stageLabel } from "./care-labels.ts";
import { SharedFiles } from "./shared-files.tsx";

type Payment = ClientDetails["payments"][number];

/** Studio → Clients → one client: where she is, her agreement, payments, questionnaires, notes, files and messages. */
export default function ClientPage() {
  const id = Number(useParams().id);
  const { answer, failure } = useAnswer("careClient", { params: { id } });
  if (!answer) {
    return (
      <StudioPage title={t("Client")}>
        <Loading failure={failure} what={t("this client")} />
      </StudioPage>
    );
  }
  const client = answer;
  return (
    <StudioPage title={clientName(client)}>
      <p>
        <Link to="/studio/clients">{t("All clients")}</Link>
      </p>
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", m: 0 }}>
        <dt>{t("E-mail")}</dt>
        <dd style={{ margin: 0 }}>{client.email ?? t("Removed with her account")}</dd>
        <dt>{t("Package")}</dt>
        <dd style={{ margin: 0 }}>{client.package_name}</dd>
        {client.tier ? (
          <>
            <dt>{t("Her fee")}</dt>
            <dd style={{ margin: 0 }}>{client.tier}</dd>
          </>
        ) : null}
        <dt>{t("Due")}</dt>
        <dd style={{ margin: 0 }}>{dayLabel(client.due_date)}</dd>
        <dt>{t("On call")}</dt>
        <dd style={{ margin: 0 }}>
          {t("{from} to {until}", { from: dayLabel(client.on_call_from), until: dayLabel(client.on_call_until) })}
        </dd>
        <dt>{t("Account")}</dt>
        <dd style={{ margin: 0 }}>{client.has_account ? t("She has an account") : t("Invited: no account yet")}</dd>
      </Box>
      {client.invitation ? <Invitation client={client} invitation={client.invitation} /> : null}
      <StageChoice client={client} />
      <BackupChoice client={client} />
      <DatesForm client={client} />
      <Part id="agreement-heading" title={t("Agreement")}>
        <AgreementRecord client={client} />
      </Part>
      <Part id="payments-heading" title={t("Payments")}>
        <Payments client={client} />
      </Part>
      <Part id="visits-heading" title={t("Visits")}>
        <Visits client={client} />
      </Part>
      <Part id="questionnaires-heading" title={t("Questionnaires")}>
        <Questionnaires client={client} />
      </Part>
      <Part id="notes-heading" title={t("Notes")}>
        <Notes client={client} />
      </Part>
      <Part id="files-heading" title={t("Files for her")}>
        <SharedFiles client={client} />
      </Part>
      <Part id="messages-heading" title={t("Messages")}>
        <Messages client={client} />
      </Part>
    </StudioPage>
  );
}

/** Her invitation while she has no account: whether its link still works, and a new one mailed on request. */
function Invitation({ client, invitation }: { client: ClientDetails; invitation: NonNullable<ClientDetails["invitation"]> }) {
  const send = useSend();
  const resending = useAction();
  return (
    <Box sx={{ display: "grid", gap: 1, justifyItems: "start", my: 2 }}>
      <p style={{ margin: 0 }}>
        {invitation.expired
          ? t("The link of her invitation expired on {date}: send it again for a new one.", { date: formatDateTime(invitation.expires_at) })
          : t("The link of her invitation works until {date}.", { date: formatDateTime(invitation.expires_at) })}
      </p>
      <Button
        variant="outlined"
        size="small"
        disabled={resending.busy}
        onClick={() =>
          void resending.run(
            () => send("resendCareInvitation", { params: { id: client.id } }),
            (sent) => sent.message,
          )
        }
      >
        {t("Send her invitation again")}
      </Button>
      <OutcomeNotice outcome={resending.outcome} />
    </Box>
  );
}

/** Her bookings with you since you took her on: the visits of her package. */
function Visits({ client }: { client: ClientDetails }) {
  if (client.visits.length === 0)
    return <p>{client.has_account ? t("No visits booked yet.") : t("She books her visits once she has made her account.")}</p>;
  return (
    <Box component="ul" sx={{ m: 0, paddingInlineStart: "20px" }}>
      {client.visits.map((visit) => (
        <li key={visit.starts_at}>
          {t("{when}: {service}", { when: formatDateTime(visit.starts_at), service: visit.service })}
          {visit.state === "awaiting_payment" ? ` (${t("awaiting payment")})` : ""}
        </li>
      ))}
    </Box>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <h2 id={id}>{title}</h2>
      {children}
    </Box>
  );
}

/** Her backup doula, from the team (Studio → Team): told of her labour when you are off call or do not answer. */
function BackupChoice({ client }: { client: ClientDetails }) {
  const send = useSend();
  const saving = useAction();
  const [backup, setBackup] = useState(client.backup ? String(client.backup.id) : "");
  if (client.team.length === 0 && !client.backup)
    return (
      <p style={{ marginTop: 16 }}>
        {t("No backup doula: invite one in")} <Link to="/studio/team">{t("Studio → Team")}</Link>
      </p>
    );
  return (
    <Box
      component="form"
      noValidate
      aria-label={t("Backup doula")}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void saving.run(
          () => send("setCareBackup", { params: { id: client.id }, body: { user_id: backup === "" ? null : Number(backup) } }),
          (answer) => answer.message,
        );
      }}
      sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap", mt: 2 }}
    >
      <LabelledSelect
        label={t("Backup doula")}
        value={backup}
        onChange={setBackup}
        options={[{ value: "", label: t("None") }, ...client.team.map((doula) => ({ value: String(doula.id), label: doula.name }))]}
      />
      <Button type="submit" variant="outlined" disabled={saving.busy}>
        {t("Save")}
      </Button>
      <OutcomeNotice outcome={saving.outcome} style={{ flexBasis: "100%" }} />
    </Box>
  );
}

function StageChoice({ client }: { client: ClientDetails }) {
  const send = useSend();
  const saving = useAction();
  const [stage, setStage] = useState<"active" | "birth" | "postpartum" | "closed">("birth");
  return (
    <Box
      component="form"
      noValidate
      aria-label={t("Where she is")}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void saving.run(
          () => send("setCareStage", { params: { id: client.id }, body: { stage } }),
          (answer) => answer.message,
        );
      }}
      sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap", mt: 2 }}
    >
      <p style={{ margin: 0, flexBasis: "100%" }}>{t("Where she is: {stage}", { stage: stageLabel(client.stage) })}</p>
      <LabelledSelect
        label={t("Set by hand")}
        value={stage}
        onChange={(value) => setStage(value as typeof stage)}
        options={[
          { value: "active", label: stageLabel("active") },
          { value: "birth", label: stageLabel("birth") },
          { value: "postpartum", label: stageLabel("postpartum") },
          { value: "closed", label: stageLabel("closed") },
        ]}
      />
      <Button type="submit" variant="outlined" disabled={saving.busy}>
        {t("Save")}
      </Button>
      <OutcomeNotice outcome={saving.outcome} style={{ flexBasis: "100%" }} />
    </Box>
  );
}

function DatesForm({ client }: { client: ClientDetails }) {
  const send = useSend();
  const saving = useAction();
  const [dates, setDates] = useState({ due_date: client.due_date, on_call_from: client.on_call_from, on_call_until: client.on_call_until });
  const details = saving.outcome?.details;
  const field = (name: keyof typeof dates, label: string) => (
    <TextField
      label={label}
      type="date"
      value={dates[name]}
      onChange={(event) => setDates((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(details?.[name])}
      helperText={details?.[name]}
    />
  );
  return (
    <details style={{ marginTop: 16 }}>
      <summary>{t("Correct her due date or on-call window")}</summary>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void saving.run(
            () => send("saveCareDates", { params: { id: client.id }, body: dates }),
            (answer) => answer.message,
          );
        }}
        sx={{ display: "grid", gap: 1.5, mt: 1, maxWidth: 360 }}
      >
        {field("due_date", t("Due date"))}
        {field("on_call_from", t("On call from"))}
        {field("on_call_until", t("On call until"))}
        <OutcomeNotice outcome={saving.outcome} />
        <div>
          <Button type="submit" variant="outlined" disabled={saving.busy}>
            {t("Save her dates")}
          </Button>
        </div>
      </Box>
    </details>
  );
}

function AgreementRecord({ client }: { client: ClientDetails }) {
  const agreement = client.agreement;
  return (
    <>
      {agreement.signed ? (
        <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", m: 0 }}>
          <dt>{t("Signed by")}</dt>
          <dd style={{ margin: 0 }}>{agreement.signed_name}</dd>
          <dt>{t("Drawn signature")}</dt>
          <dd style={{ margin: 0 }}>{agreement.drawn ? t("Yes, on the PDF") : t("None")}</dd>
          <dt>{t("Signed at")}</dt>
          <dd style={{ margin: 0 }}>{formatDateTime(agreement.signed_at)}</dd>
          <dt>{t("From")}</dt>
          <dd style={{ margin: 0 }}>{agreement.signed_from ?? t("Removed with her account")}</dd>
          <dt>{t("Browser")}</dt>
          <dd style={{ margin: 0 }}>{agreement.signed_with ?? t("Removed with her account")}</dd>
          <dt>{t("Fingerprint (SHA-256)")}</dt>
          <dd style={{ margin: 0, fontFamily: "monospace", overflowWrap: "anywhere" }}>{agreement.sha256}</dd>
        </Box>
      ) : (
        <p>{t("Waiting for her signature.")}</p>
      )}
      <details>
        <summary>{t("Read the agreement made for her")}</summary>
        <Box sx={{ p: 2, border: "1px solid var(--border)", borderRadius: 2, mt: 1, overflowWrap: "anywhere" }}>
          <SafeHtml html={agreementAsHtml(agreement.text)} />
        </Box>
      </details>
    </>
  );
}

function paymentState(payment: Payment) {
  if (payment.refunded) return t("Refunded");
  if (payment.paid && payment.from_registry === payment.amount && payment.amount > 0)
    return t("Paid from her registry {when}", { when: formatDateTime(payment.paid_at) });
  if (payment.paid) return t("Paid {when}", { when: formatDateTime(payment.paid_at) });
  if (payment.waived) return t("Waived");
  if (payment.from_registry > 0)
    return t("Open: {amount} paid from her registry", { amount: priceLabel(payment.from_registry, payment.currency) });
  return t("Open");
}

/** What came in for it, where that is not simply its amount: less after a code, part of it from her registry. */
function receivedLine(payment: Payment): string | null {
  if (payment.received === 0 || (payment.received === payment.amount && payment.codes.length === 0)) return null;
  const amount = priceLabel(payment.received, payment.currency);
  return payment.codes.length > 0
    ? t("Received {amount}, with the code {codes}", { amount, codes: payment.codes.join(", ") })
    : t("Received {amount}", { amount });
}

/**
 * Her open payments' days and amounts, changed for her alone (docs/care.md, Changing one client's
 * schedule): before she signs, her agreement is made again with them; after, both see the new ones.
 */
function ChangeSchedule({ client }: { client: ClientDetails }) {
  const send = useSend();
  const saving = useAction();
  const open = client.payments.filter((payment) => !payment.paid && !payment.waived && payment.from_registry === 0);
  const draftOf = () =>
    Object.fromEntries(open.map((payment) => [payment.id, { due_on: payment.due_on, amount: (payment.amount / 100).toFixed(2) }]));
  const [draft, setDraft] = useState(draftOf);
  // The payments last sent, in order: a refusal names each field by its place in what was sent.
  const [sent, setSent] = useState<number[]>([]);
  if (open.length === 0) return null;
  const instalments = client.payments.filter((payment) => payment.kind === "instalment");
  const whatOf = (payment: Payment) =>
    payment.kind === "deposit" ? t("Deposit") : t("Instalment {number}", { number: instalments.indexOf(payment) + 1 });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Only what she changed: an overdue payment left as it was is not moved, nor refused for its past day.
    const payments = open.flatMap((payment) => {
      const typed = draft[payment.id]!;
      const amount = centsOf(typed.amount);
      return typed.due_on === payment.due_on && amount === payment.amount ? [] : [{ id: payment.id, due_on: typed.due_on, amount }];
    });
    if (payments.length === 0) return;
    setSent(payments.map((payment) => payment.id));
    await saving.run(
      () => send("changeCarePayments", { params: { id: client.id }, body: { payments } }),
      (answer) => answer.message,
    );
  };
  const details = saving.outcome?.details;
  return (
    <details style={{ marginBlock: 16 }}>
      <summary>{t("Change her payments' days or amounts")}</summary>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void save(event)}
        aria-label={t("Her payments' days and amounts")}
        sx={{ display: "grid", gap: 2, maxWidth: 560, mt: 1 }}
      >
        <p style={{ margin: 0 }}>
          {client.agreement.signed
            ? t("She has signed: her agreement stays as she signed it, and she sees the new days and amounts in her space.")
            : t("She has not signed yet: her agreement is made again with the new days and amounts, and she signs that one.")}
        </p>
        {open.map((payment) => {
          const at = sent.indexOf(payment.id);
          return (
            <Box
              component="fieldset"
              key={payment.id}
              sx={{
                border: "1px solid var(--border)",
                borderRadius: 2,
                display: "grid",
                gap: 1.5,
                gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" },
              }}
            >
              <legend>{whatOf(payment)}</legend>
              <TextField
                label={t("Due on")}
                type="date"
                value={draft[payment.id]!.due_on}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, [payment.id]: { ...current[payment.id]!, due_on: event.target.value } }))
                }
                error={Boolean(details?.[`payments.${at}.due_on`])}
                helperText={details?.[`payments.${at}.due_on`]}
              />
              <TextField
                label={t("Amount ({currency})", { currency: payment.currency })}
                value={draft[payment.id]!.amount}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, [payment.id]: { ...current[payment.id]!, amount: event.target.value } }))
                }
                error={Boolean(details?.[`payments.${at}.amount`])}
                helperText={details?.[`payments.${at}.amount`]}
              />
            </Box>
          );
        })}
        <div>
          <Button type="submit" variant="contained" disabled={saving.busy}>
            {t("Save her new schedule")}
          </Button>
        </div>
        <OutcomeNotice outcome={saving.outcome} />
      </Box>
    </details>
  );
}

function Payments({ client }: { client: ClientDetails }) {
  const send = useSend();
  const marking = useAction();
  const [notes, setNotes] = useState<Record<number, string>>({});
  const mark = (payment: Payment, waived: boolean) =>
    void marking.run(
      () =>
        send("markCarePaymentPaid", {
          params: { id: client.id, paymentId: payment.id },
          body: { note: notes[payment.id] ?? "", waived },
        }),
      (answer) => answer.message,
    );
  const refund = (payment: Payment, what: string) => {
    // A refund cannot be taken back: she says so once more before it goes to Stripe.
    if (
      !window.confirm(t("Refund {what} ({amount}) in full through Stripe?", { what, amount: priceLabel(payment.amount, payment.currency) }))
    )
      return;
    void marking.run(
      () => send("refundCarePayment", { params: { id: client.id, paymentId: payment.id } }),
      (answer) => answer.message,
    );
  };
  if (client.payments.length === 0) return <p>{t("This package has no fee.")}</p>;
  return (
    <>
      <p>
        {client.owed > 0
          ? t("She owes {amount} today.", { amount: priceLabel(client.owed, client.currency) })
          : t("She owes nothing today.")}
      </p>
      <ScrollingTable label={t("Payments")} stacksOnPhone>
        <table style={{ minWidth: 720 }}>
          <thead>
            <tr>
              <th scope="col">{t("Payment")}</th>
              <th scope="col">{t("Amount")}</th>
              <th scope="col">{t("Due")}</th>
              <th scope="col">{t("State")}</th>
              <th scope="col">{t("Paid by hand")}</th>
            </tr>
          </thead>
          <tbody>
            {client.payments.map((payment) => {
              const number = client.payments.filter((one) => one.kind === "instalment").indexOf(payment) + 1;
              const what = payment.kind === "deposit" ? t("Deposit") : t("Instalment {number}", { number });
              return (
                <tr key={payment.id}>
                  <th scope="row">{what}</th>
                  <td data-label={t("Amount")}>{priceLabel(payment.amount, payment.currency)}</td>
                  <td data-label={t("Due")}>{dayLabel(payment.due_on)}</td>
                  <td data-label={t("State")}>
                    {paymentState(payment)}
                    {receivedLine(payment) ? <Box sx={{ fontSize: "0.85rem" }}>{receivedLine(payment)}</Box> : null}
                    {payment.note ? <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>{payment.note}</Box> : null}
                  </td>
                  <td>
                    {payment.paid && payment.paid_online && !payment.refunded ? (
                      <Button variant="outlined" size="small" disabled={marking.busy} onClick={() => refund(payment, what)}>
                        {t("Refund through Stripe")}
                      </Button>
                    ) : null}
                    {payment.paid || payment.waived ? null : (
                      <Box sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap" }}>
                        <TextField
                          label={t("Note for {what}", { what })}
                          value={notes[payment.id] ?? ""}
                          placeholder={t("Cash, bank transfer…")}
                          onChange={(event) => setNotes((current) => ({ ...current, [payment.id]: event.target.value }))}
                        />
                        <Button variant="outlined" size="small" disabled={marking.busy} onClick={() => mark(payment, false)}>
                          {t("Mark paid")}
                        </Button>
                        <Button variant="text" size="small" disabled={marking.busy} onClick={() => mark(payment, true)}>
                          {t("Waive")}
                        </Button>
                      </Box>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollingTable>
      <ChangeSchedule client={client} />
      {client.unapplied.length > 0 ? (
        <>
          <h3>{t("Paid twice")}</h3>
          <p>
            {t(
              "She paid these through Stripe for a payment that was settled already (another tab, her registry, or paid by hand). Nothing is lost: refund each, or keep it with her agreement and mark a later payment paid by hand.",
            )}
          </p>
          <ul>
            {client.unapplied.map((checkout) => {
              const amount = priceLabel(checkout.amount, checkout.currency);
              return (
                <li key={checkout.id}>
                  {t("{amount}, paid on {day}", { amount, day: dayLabel(checkout.paid_at.slice(0, 10)) })}
                  {checkout.refunded ? (
                    ` — ${t("Refunded")}`
                  ) : (
                    <Button
                      variant="outlined"
                      size="small"
                      sx={{ marginInlineStart: 1 }}
                      disabled={marking.busy}
                      onClick={() => {
                        if (
                          !window.confirm(
                            t("Refund {what} ({amount}) in full through Stripe?", { what: t("the payment made twice"), amount }),
                          )
                        )
                          return;
                        void marking.run(
                          () => send("refundUnappliedCarePayment", { params: { id: client.id, checkoutId: checkout.id } }),
                          (answer) => answer.message,
                        );
                      }}
                    >
                      {t("Refund through Stripe")}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      <OutcomeNotice outcome={marking.outcome} style={{ marginTop: 12 }} />
    </>
  );
}

function answerText(value: unknown): string {
  if (value === true) return t("Yes");
  if (value === false) return t("No");
  if (Array.isArray(value)) return value.join(", ");
  return typeof value === "string" ? value : "";
}

function Questionnaires({ client }: { client: ClientDetails }) {
  const list = useAnswer("careQuestionnaires");
  const send = useSend();
  const sending = useAction();
  const [chosen, setChosen] = useState("");
  const unsent = (list.answer?.questionnaires ?? []).filter((one) => !client.questionnaires.some((sent) => sent.id === one.id));
  const questionnaireId = chosen || String(unsent[0]?.id ?? "");
  return (
    <>
      {client.questionnaires.length === 0 ? <p>{t("None sent yet.")}</p> : null}
      {client.questionnaires.map((sent) => (
        <details key={sent.id} style={{ marginBottom: 12 }}>
          <summary>
            {sent.title}: {sent.done ? t("done") : t("not done yet")}
            {sent.consent ? ` · ${t("she agreed you keep her sensitive answers")}` : ""}
          </summary>
          <Box component="dl" sx={{ m: 0, mt: 1 }}>
            {sent.questions.map((question, index) => (
              <div key={index} style={{ marginBottom: 8 }}>
                <dt style={{ fontWeight: 600 }}>{question.label}</dt>
                <dd style={{ margin: 0, whiteSpace: "pre-wrap" }}>{answerText(sent.answers[String(index)]) || t("No answer")}</dd>
              </div>
            ))}
          </Box>
        </details>
      ))}
      {unsent.length > 0 ? (
        <Box
          component="form"
          noValidate
          aria-label={t("Send a questionnaire")}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void sending.run(
              () => send("sendCareQuestionnaire", { params: { id: client.id }, body: { questionnaire_id: Number(questionnaireId) } }),
              (answer) => answer.message,
            );
          }}
          sx={{ display: "flex", gap: 1, alignItems: "end", flexWrap: "wrap" }}
        >
          <LabelledSelect
            label={t("Questionnaire to send")}
            value={questionnaireId}
            onChange={setChosen}
            options={unsent.map((one) => ({ value: String(one.id), label: one.title }))}
          />
          <Button type="submit" variant="outlined" disabled={sending.busy}>
            {t("Send to her")}
          </Button>
        </Box>
      ) : list.answer && list.answer.questionnaires.length === 0 ? (
        <p>
          <Link to="/studio/questionnaires">{t("Write a questionnaire")}</Link>
        </p>
      ) : null}
      <OutcomeNotice outcome={sending.outcome} style={{ marginTop: 12 }} />
    </>
  );
}

/** A dated list (her notes, or the thread with her), and the box that adds to it: cleared once saved. */
function DatedWritings({
  items,
  none,
  label,
  rows,
  button,
  extra,
  save,
}: {
  items: { id: number; text: string; written_at: string; byline: string }[];
  none: string;
  label: string;
  rows: number;
  button: string;
  extra?: ReactNode;
  save: (text: string) => Promise<{ message: string }>;
}) {
  const saving = useAction();
  const [text, setText] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await saving.run(
      () => save(text),
      (answer) => answer.message,
    );
    if (saved) setText("");
  };
  return (
    <>
      {items.length === 0 ? <p>{none}</p> : null}
      <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
        {items.map((item) => (
          <li key={item.id}>
            <Box sx={{ color: "text.secondary", fontSize: "0.85rem" }}>
              {formatDateTime(item.written_at)} · {item.byline}
            </Box>
            <Box sx={{ whiteSpace: "pre-wrap" }}>{item.text}</Box>
          </li>
        ))}
      </Box>
      <Box
        component="form"
        noValidate
        onSubmit={(event: FormEvent) => void submit(event)}
        sx={{ display: "grid", gap: 1, mt: 2, maxWidth: 640 }}
      >
        <TextField
          label={label}
          multiline
          rows={rows}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(saving.outcome?.details?.text)}
          helperText={saving.outcome?.details?.text}
        />
        {extra}
        <OutcomeNotice outcome={saving.outcome} />
        <div>
          <Button type="submit" variant="contained" disabled={saving.busy}>
            {button}
          </Button>
        </div>
      </Box>
    </>
  );
}

/** Who reads a note: a box to tick, with its sentence as its label. */
function NoteTick({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center", minHeight: 36 }}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} style={{ width: 20, height: 20 }} />
      {children}
    </Box>
  );
}

function Notes({ client }: { client: ClientDetails }) {
  const send = useSend();
  const [shared, setShared] = useState(false);
  const [forTeam, setForTeam] = useState(false);
  const bylineOf = (note: ClientDetails["notes"][number]) =>
    note.shared ? t("shared with her") : note.for_team ? t("for you and her backup doula") : t("private");
  return (
    <DatedWritings
      items={client.notes.map((note) => ({ ...note, byline: bylineOf(note) }))}
      none={t("No notes yet.")}
      label={t("A note of this visit")}
      rows={4}
      button={t("Save the note")}
      save={(text) => send("addCareNote", { params: { id: client.id }, body: { text, shared, for_team: forTeam } })}
      extra={
        <>
          <NoteTick checked={shared} onChange={setShared}>
            {t("Share it with her (shown in her client space); otherwise it is yours alone")}
          </NoteTick>
          {client.backup && !shared ? (
            <NoteTick checked={forTeam} onChange={setForTeam}>
              {t("Her backup doula, {name}, reads it too (not her)", { name: client.backup.name })}
            </NoteTick>
          ) : null}
        </>
      }
    />
  );
}

function Messages({ client }: { client: ClientDetails }) {
  const send = useSend();
  return (
    <DatedWritings
      items={client.messages.map((message) => ({ ...message, byline: message.from_doula ? t("You") : clientName(client) }))}
      none={t("No messages yet.")}
      label={t("Write to her")}
      rows={3}
      button={t("Send")}
      save={(text) => send("writeToCareClient", { params: { id: client.id }, body: { text } })}
    />
  );
}
