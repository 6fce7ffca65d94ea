import "./labour-endpoints.ts";
import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import type { LabourAlertStatus, LabourKind, LabourLine } from "../../../../contract/labour.ts";
import { Notice } from "../../components/notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { addressOf, call, failureOf } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { useBackOnline } from "../../lib/use-online.ts";
import { keepContact, keepLine, keepPending, keptContact, keptLine, pendingAlert, type PendingAlert } from "./labour-store.ts";
import { pageLocale, t } from "./messages.ts";

/**
 * The labour line (docs/labour-line.md) on /timer and /home: one press tells her doula; her page
 * then says, live, whether it was seen and by whom. Offline, the press waits on her phone and is
 * sent once when she is back. On her partner's account: her alert, followed, with no buttons.
 */
export default function TellMyDoula() {
  const user = useSession().user;
  const [line, setLine] = useState<LabourLine | null>(() => (user ? keptLine(user.id) : null));
  const [pending, setPending] = useState<PendingAlert | null>(() => (user ? pendingAlert(user.id) : null));
  const [latest, setLatest] = useState<LabourAlertStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [contact, setContact] = useState(() => (user ? keptContact(user.id) : { phone: "", address: "" }));
  // Open until she has given a number; React leaves it as she toggles it afterwards.
  const [askContact] = useState(() => !contact.phone);
  const [busy, setBusy] = useState(false);
  // After her press the answer takes the buttons' place, where her eyes and her finger are; the
  // choices come back when sending failed, or when she asks to send another message.
  const [pressed, setPressed] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The button she pressed is gone: her screen reader goes on from the answer that replaced it.
    if (pressed) statusRef.current?.focus();
  }, [pressed]);

  const read = useCallback(async () => {
    if (!user) return;
    try {
      const fresh = await call("labourLine");
      keepLine(user.id, fresh);
      setLine(fresh);
    } catch {
      // Offline: the line as her phone last saw it.
    }
  }, [user]);
  useEffect(() => void read(), [read]);

  const record = line?.records.findLast((candidate) => candidate.open);
  useEffect(() => setLatest(record?.latest ?? null), [record?.latest]);

  // Her alert's status, live: seen by her doula (or her backup) on any server.
  const alertId = latest?.id;
  const recordId = record?.id;
  useEffect(() => {
    if (alertId === undefined || recordId === undefined || typeof EventSource === "undefined") return;
    const events = new EventSource(addressOf("labourAlertEvents", { params: { id: recordId, alertId } }));
    events.addEventListener("status", (event) => setLatest(JSON.parse((event as MessageEvent<string>).data) as LabourAlertStatus));
    return () => events.close();
  }, [alertId, recordId]);

  const sendPending = useCallback(
    async (alert: PendingAlert) => {
      if (!user) return;
      setBusy(true);
      try {
        const sent = await call("sendLabourAlert", {
          params: { id: alert.recordId },
          body: {
            kind: alert.kind,
            note: alert.note || undefined,
            key: alert.key,
            phone: alert.phone || undefined,
            address: alert.address || undefined,
          },
        });
        keepPending(user.id, null);
        setPending(null);
        setProblem(null);
        setLatest(await call("labourAlert", { params: { id: alert.recordId, alertId: sent.id } }));
        void read();
      } catch (error) {
        const failure = failureOf(error);
        // No network: it stays on her phone and goes when she is back.
        if (failure.status !== 0) {
          keepPending(user.id, null);
          setPending(null);
          setPressed(false);
          setProblem(failure.error ?? t("It could not be sent. Please call your doula."));
        }
      } finally {
        setBusy(false);
      }
    },
    [user, read],
  );
  useBackOnline(
    useCallback(() => {
      if (pending) void sendPending(pending);
    }, [pending, sendPending]),
  );

  if (!user || !line || !record) return null;
  const partner = line.for_partner_of !== null;

  const press = (kind: LabourKind) => {
    const alert: PendingAlert = {
      recordId: record.id,
      kind,
      note: note.trim(),
      key: crypto.randomUUID(),
      pressedAt: new Date().toISOString(),
      phone: contact.phone.trim(),
      address: contact.address.trim(),
    };
    keepPending(user.id, alert);
    setPending(alert);
    setProblem(null);
    setPressed(true);
    setNote("");
    if (navigator.onLine) void sendPending(alert);
  };

  const updateContact = (next: typeof contact) => {
    setContact(next);
    keepContact(user.id, next);
  };

  const time = (iso: string) => new Intl.DateTimeFormat(pageLocale(), { timeStyle: "short" }).format(new Date(iso));
  const status =
    pending && !busy ? (
      <Notice tone="info" role="status">
        {t("You are offline. Your message will be sent to {name} as soon as you are back online.", { name: record.on_call })}
      </Notice>
    ) : busy ? (
      <Notice tone="info" role="status">
        {t("Sending your message to {name}…", { name: record.on_call })}
      </Notice>
    ) : latest ? (
      <Notice tone={latest.status === "seen" ? "success" : "info"} role="status">
        {latest.status === "seen"
          ? t("{name} has seen your message ({time}) and will call you.", { name: latest.seen_by ?? "", time: time(latest.seen_at!) })
          : t("Sent at {time}, not yet seen. Told: {names}.", { time: time(latest.sent_at), names: latest.told.join(", ") })}
      </Notice>
    ) : null;
  return (
    <section
      aria-labelledby="labour-line-heading"
      style={{ marginTop: 32, padding: 16, border: "1px solid var(--border)", borderRadius: 12 }}
    >
      <h2 id="labour-line-heading" className="home-card-title">
        {partner ? t("Her labour line") : t("Tell my doula")}
      </h2>
      <p style={{ margin: "0 0 8px" }}>
        {record.doula_off_call
          ? t("{name} is on call for you now, while your doula is away.", { name: record.on_call })
          : t("{name} is on call for you.", { name: record.on_call })}
      </p>
      {!partner ? (
        <>
          {pressed ? (
            <div ref={statusRef} tabIndex={-1} className="stack" style={{ outline: "none" }}>
              {status}
              <button type="button" className="button button-outlined" style={{ justifySelf: "start" }} onClick={() => setPressed(false)}>
                {t("Send another message")}
              </button>
            </div>
          ) : (
            <div style={choices}>
              <button type="button" className="button button-contained" style={choice} disabled={busy} onClick={() => press("labour")}>
                {t("Labour has started")}
              </button>
              <button type="button" className="button button-contained" style={choice} disabled={busy} onClick={() => press("waters")}>
                {t("My waters have broken")}
              </button>
              <button type="button" className="button button-contained" style={choice} disabled={busy} onClick={() => press("call_me")}>
                {t("Please call me")}
              </button>
            </div>
          )}
          {problem ? (
            <Notice tone="error" role="alert" style={{ marginTop: 12 }}>
              {problem}
            </Notice>
          ) : null}
          <div style={{ marginTop: 12 }}>
            <TextField label={t("A line for her (optional)")} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <details style={{ marginTop: 12 }} open={askContact}>
            <summary>{t("How she reaches you")}</summary>
            <p style={{ margin: "8px 0" }}>{t("Kept on this phone and sent with your message, so she can call you at once.")}</p>
            <div className="stack">
              <TextField
                label={t("Your phone number")}
                type="tel"
                autoComplete="tel"
                value={contact.phone}
                onChange={(event) => updateContact({ ...contact, phone: event.target.value })}
              />
              <TextField
                label={t("Where you are giving birth, or your address (optional)")}
                autoComplete="street-address"
                value={contact.address}
                onChange={(event) => updateContact({ ...contact, address: event.target.value })}
              />
            </div>
          </details>
        </>
      ) : null}
      {/* Before a press on this page (a partner's page, or a message sent earlier), the answer sits under the choices. */}
      {partner || !pressed ? <div style={{ marginTop: 12 }}>{status}</div> : null}
      <p style={{ margin: "16px 0 0", color: "var(--ink-grey)" }}>
        {t(
          "If you are worried about yourself or your baby, call your midwife, your hospital or emergency services. The labour line reaches your doula, not medical care.",
        )}
      </p>
    </section>
  );
}

/** Three equal choices, each a large target (at least 48 px), one under the other on a phone and side by side on a wide screen. */
const choices: CSSProperties = { display: "grid", gap: 8, gridTemplateColumns: "repeat(auto-fit, minmax(180px, 1fr))" };
const choice: CSSProperties = { minHeight: 56, fontSize: "1.05rem", width: "100%" };
