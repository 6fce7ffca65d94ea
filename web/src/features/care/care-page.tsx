import "./care-endpoints.ts";
import { agreementAsHtml } from "../../../../contract/care-fields.ts";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { CareRecord, PartnerCareRecord } from "../../../../contract/care.ts";
import { pictureSources } from "../../../../contract/picture-sources.ts";
import { Notice } from "../../components/notice.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { CodeField } from "../../components/code-field.tsx";
import { TierChoice } from "../../components/tier-choice.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { addressOf } from "../../lib/api.ts";
import { fileSizeLabel } from "../../lib/file-size.ts";
import { priceLabel } from "../../lib/time-labels.ts";
import { useAction } from "../../lib/use-action.ts";
import { dayHasPassed, dayLabel, fullDayLabel, instantLabel, signedLabel, visitLabel } from "./care-dates.ts";
import { CareMessages } from "./care-messages.tsx";
import { SignaturePad } from "./signature-pad.tsx";
import { t, tWith } from "./messages.ts";

type Visit = CareRecord["visits"][number];

type Payment = CareRecord["payments"][number];

/** A shared file's kind as she reads it: "text" in her language, or the format's own name (the server names each file for its kind). */
const fileKind = (file: CareRecord["files"][number]) =>
  file.content_type.startsWith("text/plain") ? t("text") : (/\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toUpperCase() ?? t("file"));

/** Her client space (docs/care.md): each of her care records, or, on her partner's account, what she shares with him. */
export default function CarePage() {
  const [params] = useSearchParams();
  const mine = useAnswer("myCare");
  const paidId = params.get("paid");
  const invited = params.has("invitation");

  if (mine.failure) {
    return (
      <PageColumn title={t("Your client space")}>
        <Notice tone="error" role="alert">
          {mine.failure.error ?? t("Your client space cannot be reached just now. Please try again.")}
        </Notice>
      </PageColumn>
    );
  }
  if (!mine.answer) return <Spinner label={t("Opening your client space")} />;

  const records = mine.answer.records;
  const shared = mine.answer.partner_of;
  return (
    <PageColumn title={t("Your client space")}>
      {paidId ? (
        <Notice tone="success" role="status" style={{ marginBottom: 16 }}>
          {t("Thank you. Your payment shows as paid here as soon as Stripe confirms it to us, usually within a minute.")}
        </Notice>
      ) : null}
      {records.length === 0 && shared.length === 0 ? (
        <div className="stack">
          <p style={{ margin: 0 }}>
            {t("When your doula takes you on as her client, your agreement, payments, questionnaires and visits are here.")}
          </p>
          {invited ? (
            <Notice tone="info" role="status">
              {t(
                "Your doula's invitation was written to another e-mail address. Sign out, and sign in or register with the address her mail came to.",
              )}
            </Notice>
          ) : null}
        </div>
      ) : null}
      {records.length > 0 || shared.length > 0 ? <YourDoula doula={mine.answer.doula} forPartner={records.length === 0} /> : null}
      {records.map((record) => (
        <CareRecordView key={record.id} record={record} payOnline={mine.answer!.pay_online} />
      ))}
      {shared.map((record) => (
        <PartnerRecordView key={`partner-${record.id}`} record={record} />
      ))}
    </PageColumn>
  );
}

/** Who her doula is and how to reach her: the photo About shows, her name, her address. */
function YourDoula({ doula, forPartner }: { doula: { name: string; photo: string | null; email: string }; forPartner: boolean }) {
  const address = <a href={`mailto:${doula.email}`}>{doula.email}</a>;
  return (
    <section className="care-doula" aria-labelledby="care-doula-heading">
      {/* Her name is the heading beside it: the photo adds nothing a screen reader should read twice. */}
      {doula.photo ? (
        <img {...pictureSources(doula.photo)} sizes="88px" alt="" width={88} height={88} className="care-doula-photo" />
      ) : null}
      <div>
        <h2 id="care-doula-heading" className="care-doula-name">
          {forPartner ? t("Her doula, {name}", { name: doula.name }) : t("Your doula, {name}", { name: doula.name })}
        </h2>
        <p style={{ margin: 0 }}>
          {forPartner
            ? tWith("You can reach her at {address}.", { address })
            : tWith("Write to her in your messages below, or at {address}.", { address })}
        </p>
      </div>
    </section>
  );
}

function OnCallSentence({ from, until }: { from: string; until: string }) {
  return (
    <p className="care-on-call">
      {t("Your doula is on call for you from {from} to {until}.", { from: dayLabel(from), until: dayLabel(until) })}
    </p>
  );
}

function CareRecordView({ record, payOnline }: { record: CareRecord; payOnline: boolean }) {
  const headingId = `care-${record.id}`;
  return (
    <section className="care-record" aria-labelledby={headingId}>
      <h2 id={headingId} className="page-section-title">
        {t("{package}, due {date}", { package: record.package_name, date: fullDayLabel(record.due_date) })}
      </h2>
      <OnCallSentence from={record.on_call_from} until={record.on_call_until} />
      <AgreementPart record={record} />
      <PaymentsPart record={record} payOnline={payOnline} />
      {record.questionnaires.length > 0 ? (
        <CarePart title={t("Questionnaires")} id={`${headingId}-questionnaires`}>
          <ul className="care-list">
            {record.questionnaires.map((questionnaire) => (
              <li key={questionnaire.id}>
                <Link to={`/care/${record.id}/questionnaires/${questionnaire.id}`}>{questionnaire.title}</Link>
                <span className="care-quiet">{questionnaire.done ? t("Sent to your doula") : t("To fill in")}</span>
              </li>
            ))}
          </ul>
        </CarePart>
      ) : null}
      <VisitsPart id={`${headingId}-visits`} visits={record.visits} canBook />
      {record.notes.length > 0 ? (
        <CarePart title={t("From your doula")} id={`${headingId}-notes`}>
          <ul className="care-list">
            {record.notes.map((note) => (
              <li key={note.id} className="care-note">
                <span className="care-quiet">{instantLabel(note.written_at)}</span>
                <p>{note.text}</p>
              </li>
            ))}
          </ul>
        </CarePart>
      ) : null}
      {record.files.length > 0 ? (
        <CarePart title={t("Files from your doula")} id={`${headingId}-files`}>
          <ul className="care-list">
            {record.files.map((file) => (
              <li key={file.id}>
                <a href={addressOf("myCareFile", { params: { id: record.id, fileId: file.id } })} download>
                  {file.filename}
                </a>
                <span className="care-quiet">
                  {t("{kind}, {size}, shared on {date}", {
                    kind: fileKind(file),
                    size: fileSizeLabel(file.size),
                    date: instantLabel(file.shared_at),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </CarePart>
      ) : null}
      <CareMessages recordId={record.id} messages={record.messages} headingId={`${headingId}-messages`} />
      <p>
        <Link to="/birth-plan">{t("Your birth preferences")}</Link>
      </p>
    </section>
  );
}

function CarePart({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="care-part" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

function AgreementPart({ record }: { record: CareRecord }) {
  const id = `care-${record.id}-agreement`;
  const agreement = record.agreement;
  const pdf = addressOf("careAgreementPdf", { params: { id: record.id } });
  if (agreement.signed) {
    return (
      <CarePart title={t("Your agreement")} id={id}>
        <p>
          {t("You signed your agreement on {date} as {name}.", {
            date: agreement.signed_at ? signedLabel(agreement.signed_at) : "",
            name: agreement.signed_name ?? "",
          })}
        </p>
        <p>
          <a href={pdf} download>
            {t("Download your signed agreement (PDF)")}
          </a>
        </p>
        <details>
          <summary>{t("Read the agreement again")}</summary>
          <div className="care-agreement">
            <SafeHtml html={agreementAsHtml(agreement.text)} />
          </div>
        </details>
      </CarePart>
    );
  }
  // Pay what you can: her agreement is made with the fee she chooses, so she chooses before she reads and signs it.
  const choosing = record.tiers.length > 0;
  return (
    <CarePart title={t("Your agreement, to sign")} id={id}>
      {choosing ? <TierForm record={record} /> : null}
      {choosing && record.tier === null ? null : (
        <>
          <p>{t("Please read it through. When you are ready, type your full name and sign.")}</p>
          <div className="care-agreement" tabIndex={0} role="region" aria-label={t("The agreement")}>
            <SafeHtml html={agreementAsHtml(agreement.text)} />
          </div>
          <SignForm recordId={record.id} />
        </>
      )}
    </CarePart>
  );
}

/** Her package's fees, as her doula named them; nobody asks why she chooses one. */
function TierForm({ record }: { record: CareRecord }) {
  const send = useSend();
  const choosing = useAction();
  const [tier, setTier] = useState(record.tier ?? undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void choosing.run(
      () => send("chooseCareTier", { params: { id: record.id }, body: { tier: tier ?? "" } }),
      (answer) => answer.message,
    );
  };
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t("What you pay")}>
      <p>
        {record.tier === null
          ? t("Your doula offers her care at more than one fee. Choose the one that fits your family; your agreement is then made with it.")
          : t("You can choose another fee until you sign.")}
      </p>
      <TierChoice
        legend={t("What you pay")}
        name={`care-${record.id}-tier`}
        tiers={record.tiers}
        chosen={tier}
        onChoose={setTier}
        priceOf={(price) => priceLabel(price, record.currency)}
        disabled={choosing.busy}
      />
      <OutcomeNotice outcome={choosing.outcome} />
      <div className="row">
        <button type="submit" className="button button-outlined" disabled={choosing.busy || tier === undefined || tier === record.tier}>
          {t("Choose this fee")}
        </button>
      </div>
    </form>
  );
}

function SignForm({ recordId }: { recordId: number }) {
  const send = useSend();
  const signing = useAction();
  const [fullName, setFullName] = useState("");
  const [agree, setAgree] = useState(false);
  const [drawing, setDrawing] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signing.run(
      // The server refuses an unticked box with its own sentence: `agree: true` is what it checks.
      () =>
        send("signCareAgreement", {
          params: { id: recordId },
          body: { full_name: fullName, agree: agree as true, ...(drawing ? { drawn_signature: drawing } : {}) },
        }),
      (answer) => answer.message,
    );
  };
  const details = signing.outcome?.details;
  return (
    <form onSubmit={submit} noValidate className="stack" aria-label={t("Sign the agreement")} style={{ marginTop: 16 }}>
      <TextField
        label={t("Your full name")}
        autoComplete="name"
        required
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={Boolean(details?.full_name)}
        helperText={details?.full_name}
      />
      <SignaturePad onChange={setDrawing} />
      <label className="care-check">
        <input
          type="checkbox"
          checked={agree}
          onChange={(event) => setAgree(event.target.checked)}
          aria-invalid={details?.agree ? true : undefined}
        />
        <span>{t("I have read and agree")}</span>
      </label>
      <OutcomeNotice outcome={signing.outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={signing.busy}>
          {t("Sign the agreement")}
        </button>
      </div>
    </form>
  );
}

function paymentName(payment: Payment, index: number, count: number) {
  if (payment.kind === "deposit") return t("Deposit");
  return count > 1 ? t("Instalment {number} of {count}", { number: index + 1, count }) : t("The rest of the fee");
}

function paymentState(payment: Payment) {
  if (payment.refunded) return t("Refunded to you");
  if (payment.paid && payment.from_registry === payment.amount && payment.amount > 0) return t("Paid from your registry, by your friends");
  if (!payment.paid && !payment.waived && payment.from_registry > 0)
    return t("{amount} paid from your registry; the rest is due by {date}", {
      amount: priceLabel(payment.from_registry, payment.currency),
      date: dayLabel(payment.due_on),
    });
  if (payment.paid && payment.codes.length > 0 && payment.paid_at)
    return t("Paid on {date}: {amount}, with the code {codes}", {
      date: instantLabel(payment.paid_at),
      amount: priceLabel(payment.received, payment.currency),
      codes: payment.codes.join(", "),
    });
  if (payment.paid) return payment.paid_at ? t("Paid on {date}", { date: instantLabel(payment.paid_at) }) : t("Paid");
  if (payment.waived) return t("Waived by your doula");
  if (dayHasPassed(payment.due_on)) return t("Overdue since {date}", { date: dayLabel(payment.due_on) });
  return t("Due by {date}", { date: dayLabel(payment.due_on) });
}

function PaymentsPart({ record, payOnline }: { record: CareRecord; payOnline: boolean }) {
  const send = useSend();
  const paying = useAction();
  const [code, setCode] = useState("");
  const instalments = record.payments.filter((payment) => payment.kind === "instalment");
  const signed = record.agreement.signed;
  if (record.payments.length === 0) return null;
  const payable = payOnline && signed && record.payments.some((payment) => !payment.paid && !payment.waived);
  const pay = (payment: Payment) =>
    void paying
      .run(
        () => send("payCarePayment", { params: { id: record.id, paymentId: payment.id }, body: code.trim() ? { code } : {} }),
        () => t("Taking you to Stripe to pay…"),
      )
      .then((answer) => {
        if (answer) window.location.assign(answer.url);
      });
  return (
    <CarePart title={t("Payments")} id={`care-${record.id}-payments`}>
      <ul className="care-list">
        {record.payments.map((payment) => {
          const open = !payment.paid && !payment.waived;
          return (
            <li key={payment.id} className="care-payment">
              <span className="care-payment-name">
                {paymentName(payment, instalments.indexOf(payment), instalments.length)}
                {": "}
                <strong>{priceLabel(payment.amount, payment.currency)}</strong>
              </span>
              <span className={open && dayHasPassed(payment.due_on) ? "care-overdue" : "care-quiet"}>{paymentState(payment)}</span>
              {open && payOnline && signed ? (
                <button
                  type="button"
                  className="button button-outlined"
                  disabled={paying.busy}
                  onClick={() => pay(payment)}
                  aria-label={t("Pay {what}, {amount}", {
                    what: paymentName(payment, instalments.indexOf(payment), instalments.length),
                    // What her registry paid of it is not asked again.
                    amount: priceLabel(payment.amount - payment.from_registry, payment.currency),
                  })}
                >
                  {t("Pay")}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {payable ? (
        <CodeField
          summary={t("Have a code?")}
          label={t("Code")}
          value={code}
          onChange={setCode}
          helperText={t("The price with the code is shown on the payment page, before you pay.")}
        />
      ) : null}
      {!signed ? <p className="care-quiet">{t("Your payments open once you have signed the agreement.")}</p> : null}
      {signed && !payOnline ? <p className="care-quiet">{t("Pay as agreed with your doula.")}</p> : null}
      {paying.outcome?.tone === "error" ? <OutcomeNotice outcome={paying.outcome} /> : null}
    </CarePart>
  );
}

function VisitsPart({ id, visits, canBook }: { id: string; visits: readonly Visit[]; canBook: boolean }) {
  return (
    <CarePart title={t("Visits")} id={id}>
      {visits.length === 0 ? <p className="care-quiet">{t("No visits booked yet.")}</p> : null}
      {visits.length > 0 ? (
        <ul className="care-list">
          {visits.map((visit) => (
            <li key={visit.starts_at}>
              {tWith("{when}: {service}", { when: <strong>{visitLabel(visit.starts_at)}</strong>, service: visit.service })}
              {visit.state === "cancelled" ? <span className="care-quiet">{t("Cancelled")}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canBook ? (
        <p>
          <Link to="/book">{t("Book your next visit")}</Link>
        </p>
      ) : null}
    </CarePart>
  );
}

function PartnerRecordView({ record }: { record: PartnerCareRecord }) {
  const headingId = `care-partner-${record.id}`;
  return (
    <section className="care-record" aria-labelledby={headingId}>
      <h2 id={headingId} className="page-section-title">
        {record.mother_first_name
          ? t("{name}'s care, due {date}", { name: record.mother_first_name, date: fullDayLabel(record.due_date) })
          : t("Her care, due {date}", { date: fullDayLabel(record.due_date) })}
      </h2>
      <p className="care-on-call">
        {t("Her doula is on call from {from} to {until}.", { from: dayLabel(record.on_call_from), until: dayLabel(record.on_call_until) })}
      </p>
      <VisitsPart id={`${headingId}-visits`} visits={record.visits} canBook={false} />
    </section>
  );
}
