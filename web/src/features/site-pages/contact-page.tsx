import "./contact-endpoints.ts";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { serviceName, supportServices } from "../../lib/support-services.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { call, failureOf } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { t, tWith } from "./messages.ts";

const blank = { full_name: "", email: "", due_date: "", message: "" };

/** /contact: a visitor (or a member) writes to the doula; it lands in her inbox. */
export default function ContactPage() {
  const hydrated = useHydrated();
  const { user } = useSession();
  const [fields, setFields] = useState(blank);
  const [services, setServices] = useState<string[]>([]);
  // A field people never see: a robot that fills every field fills it too (the server drops its message).
  const [website, setWebsite] = useState("");
  const opened = useRef(0);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; text: string; details?: Record<string, string> } | null>(null);
  useEffect(() => {
    opened.current = Date.now();
  }, []);
  useEffect(() => {
    if (user)
      setFields((current) => ({
        ...current,
        email: current.email || user.email,
        full_name: current.full_name || [user.first_name, user.last_name].filter(Boolean).join(" "),
      }));
  }, [user]);
  const set = (field: keyof typeof blank) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [field]: event.target.value }));
  const details = outcome?.tone === "error" ? outcome.details : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setOutcome(null);
    try {
      await call("sendPublicContact", {
        body: {
          ...fields,
          due_date: fields.due_date || null,
          services: services as (typeof supportServices)[number][],
          website,
          filled_in_ms: Date.now() - opened.current,
        },
      });
      setFields(blank);
      setServices([]);
      setOutcome({
        tone: "success",
        text: t("Thank you: your message is with her. She answers every message herself, usually within two days."),
      });
    } catch (error) {
      const failure = failureOf(error);
      setOutcome({
        tone: "error",
        text: failure.error ?? t("Your message could not be sent. Please try again."),
        details: failure.details,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <PageColumn title={t("Contact")}>
      <p style={{ margin: "0 0 16px" }}>
        {tWith(
          "A question about a course, about support for your birth, or anything on your mind: write here, no account needed. To choose a time for a session straight away, {link}.",
          { link: <Link to="/book">{t("book 1:1 support")}</Link> },
        )}
      </p>
      <form onSubmit={submit} noValidate className="stack">
        <TextField
          label={t("Your name")}
          name="full_name"
          autoComplete="name"
          required
          disabled={!hydrated}
          value={fields.full_name}
          onChange={set("full_name")}
          error={Boolean(details?.full_name)}
          helperText={details?.full_name}
        />
        <TextField
          label={t("E-mail address")}
          name="email"
          type="email"
          autoComplete="email"
          required
          disabled={!hydrated}
          value={fields.email}
          onChange={set("email")}
          error={Boolean(details?.email)}
          helperText={details?.email ?? t("She answers you here.")}
        />
        <fieldset className="choices">
          <legend>{t("What are you interested in? (optional)")}</legend>
          {supportServices.map((service) => (
            <label key={service} className="choice" style={{ display: "flex" }}>
              <input
                type="checkbox"
                name="services"
                value={service}
                disabled={!hydrated}
                checked={services.includes(service)}
                onChange={(event) =>
                  setServices((current) => (event.target.checked ? [...current, service] : current.filter((item) => item !== service)))
                }
              />
              {serviceName(service)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t("Your due date (optional)")}
          name="due_date"
          type="date"
          disabled={!hydrated}
          value={fields.due_date}
          onChange={set("due_date")}
          error={Boolean(details?.due_date)}
          helperText={details?.due_date}
        />
        <TextField
          label={t("Your message")}
          name="message"
          required
          multiline
          rows={5}
          disabled={!hydrated}
          value={fields.message}
          onChange={set("message")}
          error={Boolean(details?.message)}
          helperText={details?.message}
        />
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor="contact-website">{t("Leave this field empty")}</label>
          <input
            id="contact-website"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
          />
        </div>
        {outcome ? (
          <Notice tone={outcome.tone} role={outcome.tone === "error" ? "alert" : "status"}>
            {outcome.text}
          </Notice>
        ) : null}
        <button type="submit" className="button button-contained button-large" disabled={sending || !hydrated}>
          {sending ? <ProgressRing size={24} label={t("Sending")} /> : t("Send message")}
        </button>
      </form>
    </PageColumn>
  );
}
