import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { PublicClass } from "../../../../contract/classes.ts";
import { Notice } from "../../components/notice.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { useSession } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";

// Times in the reader's own zone, named, as every booking page shows them.
const whenFormat = new Intl.DateTimeFormat(undefined, {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "long",
});
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

const stateWords: Partial<Record<NonNullable<PublicClass["my_state"]>, string>> = {
  registered: "You have a place.",
  awaiting_email: "Check your mail: open the link we sent within 30 minutes to keep your place.",
  waiting_list: "You are on the waiting list. If a place opens, we will write to you.",
};

function RegisterForm({ live, onDone }: { live: PublicClass; onDone: () => void }) {
  const user = useSession().user;
  const [name, setName] = useState(user ? [user.first_name, user.last_name].filter(Boolean).join(" ") : "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [dueDate, setDueDate] = useState("");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(
      () => send("registerForClass", { params: { id: live.id }, body: { name, email, due_date: dueDate || null } }),
      (registered) => registered.message,
    );
    if (answer) onDone();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Register for ${live.title}`} className="stack" style={{ marginTop: 12 }}>
      <TextField
        label="Your name"
        name="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(details?.name)}
        helperText={details?.name}
        autoComplete="name"
      />
      <TextField
        label="E-mail address"
        name="email"
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(details?.email)}
        helperText={details?.email}
        autoComplete="email"
      />
      <TextField
        label="Your due date (optional)"
        name="due_date"
        type="date"
        value={dueDate}
        onChange={(event) => setDueDate(event.target.value)}
        error={Boolean(details?.due_date)}
        helperText={details?.due_date}
      />
      <OutcomeNotice outcome={outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {live.places_left > 0 ? "Register" : "Join the waiting list"}
        </button>
      </div>
    </form>
  );
}

function ClassCard({ live, refresh }: { live: PublicClass; refresh: () => void }) {
  const [registering, setRegistering] = useState(false);
  const { isAuthenticated } = useSession();
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const cancel = async () => {
    if (
      await run(
        () => send("cancelClassRegistration", { params: { id: live.id }, body: {} }),
        (answer) => answer.message,
      )
    )
      refresh();
  };
  const opens = new Date(live.join_opens_at);
  return (
    <article className="panel" aria-labelledby={`class-${live.id}`} style={{ margin: 0 }}>
      <h2 id={`class-${live.id}`} className="page-section-title" style={{ marginTop: 0 }}>
        {live.title}
      </h2>
      <p style={{ margin: "0 0 8px" }}>{whenFormat.format(new Date(live.starts_at))}</p>
      <p className="small-text quiet-text" style={{ margin: "0 0 8px" }}>
        {live.places_left > 0 ? `${live.places_left} of ${live.places} places left` : "Full: join the waiting list"}
        {live.who === "members" ? " · for members" : ""} · free
      </p>
      {live.description_html ? <SafeHtml html={live.description_html} /> : null}
      {live.my_state && stateWords[live.my_state] ? <p style={{ fontWeight: 600 }}>{stateWords[live.my_state]}</p> : null}
      {live.join_url ? (
        <a className="button button-contained" href={live.join_url} rel="noopener noreferrer">
          Join the class
        </a>
      ) : live.my_state === "registered" ? (
        <p className="small-text">The link to join shows here from {timeFormat.format(opens)}.</p>
      ) : null}
      <OutcomeNotice outcome={outcome} />
      <div className="row" style={{ marginTop: 8 }}>
        {!live.my_state && !registering ? (
          live.who === "members" && !isAuthenticated ? (
            <Link to="/login" className="button button-outlined">
              Log in to register
            </Link>
          ) : (
            <button type="button" className="button button-outlined" onClick={() => setRegistering(true)} aria-expanded={registering}>
              {live.places_left > 0 ? "Register" : "Join the waiting list"}
            </button>
          )
        ) : null}
        {live.my_state && isAuthenticated ? (
          <button type="button" className="button button-outlined" disabled={busy} onClick={() => void cancel()}>
            {live.my_state === "waiting_list" ? "Leave the waiting list" : "Give up my place"}
          </button>
        ) : null}
      </div>
      {registering && !live.my_state ? <RegisterForm live={live} onDone={refresh} /> : null}
    </article>
  );
}

/** A visitor's mailed link lands here: one press makes the held place hers. */
function ConfirmPlace({ token, onDone }: { token: string; onDone: () => void }) {
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [done, setDone] = useState(false);
  const confirm = async () => {
    if (
      await run(
        () => send("confirmClassRegistration", { body: { token } }),
        (answer) => answer.message,
      )
    ) {
      setDone(true);
      onDone();
    }
  };
  return (
    <section className="panel" aria-label="Confirm your place">
      <OutcomeNotice outcome={outcome} />
      {done ? null : (
        <button type="button" className="button button-contained" disabled={busy} onClick={() => void confirm()}>
          Confirm my place
        </button>
      )}
    </section>
  );
}

/** /classes: her live classes, to register for, with places left, the waiting list and, at the right moment, the link to join. */
export default function ClassesPage() {
  const { answer, failure, refresh } = useAnswer("listClasses");
  const confirm = useSearchParams()[0].get("confirm");
  return (
    <PageColumn title="Live classes">
      {confirm ? <ConfirmPlace token={confirm} onDone={refresh} /> : null}
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? "The classes could not be loaded. Please try again in a moment."}
        </Notice>
      ) : null}
      {!answer && !failure ? <ProgressRing size={32} label="Loading" /> : null}
      {answer && answer.upcoming.length === 0 ? <p>No class is planned just now. New ones appear here first.</p> : null}
      {answer ? (
        <div className="stack">
          {answer.upcoming.map((live) => (
            <ClassCard key={live.id} live={live} refresh={refresh} />
          ))}
        </div>
      ) : null}
      {answer && answer.past.length > 0 ? (
        <section aria-labelledby="past-classes" className="page-section">
          <h2 id="past-classes" className="page-section-title">
            Your past classes
          </h2>
          <ul>
            {answer.past.map((live) => (
              <li key={live.id}>
                {live.title}, {whenFormat.format(new Date(live.starts_at))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageColumn>
  );
}
