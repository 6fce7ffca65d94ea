import "./booking-endpoints.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { PublicService } from "../../../../contract/bookings.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { failureOf } from "../../lib/api.ts";
import { browserTimeZone, priceLabel, whenLabel, zoneName } from "../../lib/time-labels.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSession } from "../../lib/session.ts";
import { TimePicker, ZoneChoice } from "./time-picker.tsx";
import { sentence } from "../../../../contract/languages.ts";
import { t, tWith } from "./messages.ts";

const place = { video: sentence("By video call"), phone: sentence("By phone"), address: sentence("In person") } as const;

function ServiceCard({ service }: { service: PublicService }) {
  return (
    <article className="card" aria-labelledby={`service-${service.id}`}>
      <div className="card-header">
        <h2 id={`service-${service.id}`} className="card-title">
          {service.name}
        </h2>
        <span className="chip chip-filled">{priceLabel(service.price, service.currency)}</span>
      </div>
      <div className="card-content">
        <p className="small-text quiet-text" style={{ margin: "0 0 8px" }}>
          {t("{minutes} minutes", { minutes: service.duration_minutes })} · {t(place[service.location_kind])}
          {service.who === "members" ? ` · ${t("for members")}` : ""}
        </p>
        {service.description ? <p style={{ margin: 0, whiteSpace: "pre-line" }}>{service.description}</p> : null}
      </div>
      <div className="card-actions">
        <Link
          className="button button-contained"
          to={`/book?service=${service.id}`}
          aria-label={t("See times for {service}", { service: service.name })}
        >
          {t("See times")}
        </Link>
      </div>
    </article>
  );
}

type Result =
  | { kind: "held"; email: string }
  | { kind: "confirmed" }
  | { kind: "refused"; text: string; alternatives: string[]; waitingMonth?: string }
  | { kind: "waiting"; text: string }
  | { kind: "error"; text: string; details?: Record<string, string> };

function BookingForm({
  service,
  start,
  zone,
  onPickAgain,
}: {
  service: PublicService;
  start: string;
  zone: string;
  onPickAgain: (start: string | null) => void;
}) {
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const send = useSend();
  const heading = useRef<HTMLHeadingElement>(null);
  const [fields, setFields] = useState({ name: "", email: "", due_date: "", note: "" });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  // A new time (picked again, or one of the nearest offered) keeps what she typed and moves her to the form.
  useEffect(() => {
    setResult(null);
    heading.current?.focus();
  }, [start]);
  useEffect(() => {
    if (user)
      setFields((current) => ({
        ...current,
        email: current.email || user.email,
        name: current.name || [user.first_name, user.last_name].filter(Boolean).join(" "),
      }));
  }, [user]);
  const set = (field: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const needsSignIn = (service.who === "members" || service.price > 0) && !user;
  const signInLinks = { login: <Link to="/login">{t("log in")}</Link>, join: <Link to="/register">{t("join")}</Link> };
  const details = result?.kind === "error" ? result.details : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const booked = await send("createBooking", {
        body: {
          service_id: service.id,
          start,
          ...fields,
          due_date: fields.due_date || null,
          time_zone: zone,
          offer: searchParams.get("offer") ?? undefined,
        },
      });
      if (booked.checkout_url) {
        window.location.assign(booked.checkout_url);
        return;
      }
      setResult(booked.state === "confirmed" ? { kind: "confirmed" } : { kind: "held", email: fields.email });
    } catch (error) {
      const failure = failureOf(error) as ReturnType<typeof failureOf> & { alternatives?: string[]; waiting_list?: { month: string } };
      setResult(
        failure.status === 409
          ? {
              kind: "refused",
              text: failure.error ?? t("That time is no longer free."),
              alternatives: failure.alternatives ?? [],
              waitingMonth: failure.waiting_list?.month,
            }
          : { kind: "error", text: failure.error ?? t("We could not book this time. Please try again."), details: failure.details },
      );
    } finally {
      setBusy(false);
    }
  };

  const joinWaitingList = async () => {
    setBusy(true);
    try {
      const joined = await send("joinWaitingList", {
        body: { service_id: service.id, name: fields.name, email: fields.email, due_date: fields.due_date, note: fields.note },
      });
      setResult({
        kind: "waiting",
        text: t(
          "You are number {position} on the waiting list. If a place opens, we write to {email} first, and the place is yours for 48 hours.",
          { position: joined.position, email: fields.email },
        ),
      });
    } catch (error) {
      const failure = failureOf(error);
      setResult({
        kind: "error",
        text: failure.error ?? t("We could not add you to the waiting list. Please try again."),
        details: failure.details,
      });
    } finally {
      setBusy(false);
    }
  };

  if (result?.kind === "held") {
    return (
      <Notice tone="success" role="status">
        {t(
          "Almost done: we have sent a link to {email}. Please open it within 30 minutes to confirm your booking; until then the time is held for you.",
          { email: result.email },
        )}
      </Notice>
    );
  }
  if (result?.kind === "confirmed") {
    return (
      <Notice tone="success" role="status">
        {tWith(
          "You are booked for {when} ({zone} time). A confirmation with a calendar invitation is on its way. You can find it any time under {link}.",
          { when: whenLabel(start, zone), zone: zoneName(zone), link: <Link to="/account">{t("My bookings")}</Link> },
        )}
      </Notice>
    );
  }
  if (result?.kind === "waiting") {
    return (
      <Notice tone="success" role="status">
        {result.text}
      </Notice>
    );
  }

  return (
    <section aria-labelledby="booking-form-heading" style={{ marginTop: 24 }}>
      <h2 id="booking-form-heading" ref={heading} tabIndex={-1} className="page-section-title" style={{ outline: "none" }}>
        {whenLabel(start, zone)}
      </h2>
      <p className="small-text quiet-text" style={{ margin: "0 0 16px" }}>
        {t("{service}, {minutes} minutes, {zone} time.", {
          service: service.name,
          minutes: service.duration_minutes,
          zone: zoneName(zone),
        })}
      </p>
      {needsSignIn ? (
        <Notice tone="info" role="status">
          {service.price > 0
            ? tWith("This session is paid online, so please {login} or {join} first. Your chosen time is not held yet.", signInLinks)
            : tWith("This service is for members, so please {login} or {join} first. Your chosen time is not held yet.", signInLinks)}
        </Notice>
      ) : (
        <form onSubmit={submit} noValidate className="stack">
          <TextField
            label={t("Your name")}
            name="name"
            autoComplete="name"
            required
            value={fields.name}
            onChange={set("name")}
            error={Boolean(details?.name)}
            helperText={details?.name}
          />
          <TextField
            label={t("E-mail address")}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set("email")}
            error={Boolean(details?.email)}
            helperText={details?.email ?? (user ? undefined : t("We send a link to confirm the booking here."))}
          />
          <TextField
            label={service.birth_support ? t("Your due date") : t("Your due date (optional)")}
            name="due_date"
            type="date"
            required={service.birth_support}
            value={fields.due_date}
            onChange={set("due_date")}
            error={Boolean(details?.due_date)}
            helperText={details?.due_date}
          />
          <TextField
            label={t("Anything she should know (optional)")}
            name="note"
            multiline
            rows={3}
            value={fields.note}
            onChange={set("note")}
            error={Boolean(details?.note)}
            helperText={details?.note}
          />
          {result?.kind === "error" ? (
            <Notice tone="error" role="alert">
              {result.text}
            </Notice>
          ) : null}
          {result?.kind === "refused" ? (
            <div role="alert" className="stack" style={{ gap: 8 }}>
              <Notice tone="error" role="status">
                {result.text}
              </Notice>
              {result.alternatives.length > 0 ? (
                <ul className="booking-times" style={{ gridTemplateColumns: "1fr" }} aria-label={t("The nearest free times")}>
                  {result.alternatives.map((alternative) => (
                    <li key={alternative}>
                      <button type="button" className="booking-time" onClick={() => onPickAgain(alternative)}>
                        {whenLabel(alternative, zone)}
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              {result.waitingMonth ? (
                <button type="button" className="button button-outlined" disabled={busy} onClick={() => void joinWaitingList()}>
                  {t("Join the waiting list")}
                </button>
              ) : null}
            </div>
          ) : null}
          <button type="submit" className="button button-contained button-large" disabled={busy}>
            {busy ? (
              <ProgressRing size={24} label={t("Booking")} />
            ) : service.price > 0 ? (
              t("Continue to payment ({price})", { price: priceLabel(service.price, service.currency) })
            ) : (
              t("Book this time")
            )}
          </button>
          <button type="button" className="button" style={{ justifySelf: "start" }} onClick={() => onPickAgain(null)}>
            {t("Choose another time")}
          </button>
        </form>
      )}
    </section>
  );
}

export default function BookPage() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const serviceId = Number(searchParams.get("service")) || null;
  const { answer, failure } = useAnswer("bookingServices");
  const [zone, setZone] = useState("UTC");
  const [start, setStart] = useState<string | null>(null);
  // The browser's zone is known once the page runs; the page rendered for visitors names none yet.
  useEffect(() => setZone(browserTimeZone()), []);
  useEffect(() => setStart(null), [serviceId]);
  const service = answer?.services.find((candidate) => candidate.id === serviceId);

  if (serviceId !== null && answer && !service) {
    return (
      <PageColumn title={t("Book 1:1 support")}>
        <Notice tone="info" role="status">
          {t("This service is not offered at the moment.")} <Link to="/book">{t("See what is offered")}</Link>.
        </Notice>
      </PageColumn>
    );
  }

  return (
    <PageColumn title={service ? service.name : t("Book 1:1 support")}>
      {service ? (
        <>
          <p style={{ margin: "0 0 8px" }}>
            <Link to="/book" className="link">
              {t("All services")}
            </Link>
          </p>
          <p className="small-text quiet-text" style={{ margin: "0 0 12px" }}>
            {t("{minutes} minutes", { minutes: service.duration_minutes })} · {priceLabel(service.price, service.currency)} ·{" "}
            {t(place[service.location_kind])}.{" "}
            {t("You can reschedule or cancel up to {hours} hours before.", { hours: service.cancel_cutoff_hours })}
          </p>
          {searchParams.get("offer") ? (
            <Notice tone="success" role="status" style={{ marginBottom: 12 }}>
              {t("A place has opened for your due month and is held for you: choose a time below.")}
            </Notice>
          ) : null}
          {searchParams.get("checkout") === "cancelled" ? (
            <Notice tone="info" role="status" style={{ marginBottom: 12 }}>
              {t("The payment was not completed, so nothing was booked. The time is released shortly; you are welcome to choose again.")}
            </Notice>
          ) : null}
          <ZoneChoice zone={zone} onChange={setZone} />
          {hydrated ? (
            <TimePicker
              serviceId={service.id}
              zone={zone}
              chosen={start}
              onChoose={setStart}
              label={t("Free times for {service}", { service: service.name })}
            />
          ) : null}
          {start ? <BookingForm service={service} start={start} zone={zone} onPickAgain={setStart} /> : null}
        </>
      ) : (
        <>
          <p style={{ margin: "0 0 16px" }}>
            {t(
              "Personal support before, during and after your birth, with the doula who teaches the courses. She takes only a few families each month, so that each one has her full attention. Choose a service to see its free times.",
            )}
          </p>
          {failure ? (
            <Notice tone="error" role="alert">
              {failure.error ?? t("We could not load the services. Please try again in a moment.")}
            </Notice>
          ) : null}
          {!answer && !failure ? <ProgressRing size={32} label={t("Loading services")} /> : null}
          {answer?.services.length === 0 ? (
            <p>
              {tWith("No sessions are open for booking just now. You can still {link}.", {
                link: <Link to="/support">{t("ask about doula support")}</Link>,
              })}
            </p>
          ) : null}
          {answer?.services.map((candidate) => (
            <ServiceCard key={candidate.id} service={candidate} />
          ))}
        </>
      )}
    </PageColumn>
  );
}
