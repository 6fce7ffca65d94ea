import "./classes-endpoints.ts";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { ClassRegistered, PublicClass } from "../../../../contract/classes.ts";
import { Notice } from "../../components/notice.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { TierChoice } from "../../components/tier-choice.tsx";
import { CodeField } from "../../components/code-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { browserTimeZone, priceLabel } from "../../lib/time-labels.ts";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { useSession } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { useRefreshAt } from "../../lib/use-refresh-at.ts";
import { dateFormatOnUse } from "../../lib/formats.ts";
import { pageLocale } from "../../lib/i18n.ts";
import { t } from "./messages.ts";

// Times in the reader's own zone, named, as every booking page shows them.
const whenFormat = dateFormatOnUse({
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "long",
});
const timeFormat = dateFormatOnUse({ hour: "2-digit", minute: "2-digit" });

const stateWords = (state: NonNullable<PublicClass["my_state"]>): string | undefined =>
  ({
    registered: t("You have a place."),
    awaiting_email: t("Check your mail: open the link we sent within 30 minutes to keep your place."),
    awaiting_payment: t("Your place is held for you while you pay."),
    waiting_list: t("You are on the waiting list. If a place opens, we will write to you."),
  })[state as string];

/** The button that registers her: the waiting list when the class is full, the price (her tier's, if she chose one) when it has one. */
const registerWords = (live: PublicClass, price = live.price) =>
  live.places_left === 0
    ? t("Join the waiting list")
    : live.price > 0
      ? t("Register and pay {price}", { price: priceLabel(price, live.currency) })
      : t("Register");

/** Registers her in her own zone; a paid place is held while she pays on Stripe's page, which brings her back here. */
async function registerFor(
  live: PublicClass,
  person: { name: string; email: string; due_date: string | null; code?: string; tier?: string },
  {
    run,
    send,
    onDone,
  }: { run: ReturnType<typeof useAction>["run"]; send: ReturnType<typeof useSend>; onDone: (registered: ClassRegistered) => void },
) {
  const answer = await run(
    () => send("registerForClass", { params: { id: live.id }, body: { ...person, time_zone: browserTimeZone() } }),
    (registered) => registered.message,
  );
  if (answer?.checkout_url) window.location.assign(answer.checkout_url);
  else if (answer) onDone(answer);
}

function RegisterForm({ live, onDone }: { live: PublicClass; onDone: (registered: ClassRegistered) => void }) {
  const user = useSession().user;
  const [name, setName] = useState(user ? [user.first_name, user.last_name].filter(Boolean).join(" ") : "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [dueDate, setDueDate] = useState("");
  const tiers = live.tiers ?? [];
  // Pay what you can (docs/gifts.md): the class's own price is chosen at first, when it is one of the tiers.
  const [tierName, setTierName] = useState(() => (tiers.find((tier) => tier.price === live.price) ?? tiers[0])?.name);
  const tier = tiers.find((candidate) => candidate.name === tierName);
  const [code, setCode] = useState("");
  // A paid place is priced now; a waiting-list place is priced when one is offered to her.
  const pricing = live.price > 0 && live.places_left > 0;
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = pricing ? { ...(tier ? { tier: tier.name } : {}), ...(code.trim() ? { code } : {}) } : {};
    await registerFor(live, { name, email, due_date: dueDate || null, ...chosen }, { run, send, onDone });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("Register for {title}", { title: live.title })}
      className="stack"
      style={{ marginTop: 12 }}
    >
      <TextField
        label={t("Your name")}
        name="name"
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(details?.name)}
        helperText={details?.name}
        autoComplete="name"
      />
      <TextField
        label={t("E-mail address")}
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
        label={t("Your due date (optional)")}
        name="due_date"
        type="date"
        value={dueDate}
        onChange={(event) => setDueDate(event.target.value)}
        error={Boolean(details?.due_date)}
        helperText={details?.due_date}
      />
      {pricing && tiers.length > 0 ? (
        <TierChoice
          legend={t("Choose what you pay")}
          name={`class-${live.id}-tier`}
          tiers={tiers}
          chosen={tierName}
          onChoose={setTierName}
          priceOf={(price) => priceLabel(price, live.currency)}
        />
      ) : null}
      {pricing ? (
        <CodeField
          summary={t("Have a code?")}
          label={t("Code")}
          value={code}
          onChange={setCode}
          error={Boolean(details?.code)}
          helperText={details?.code ?? t("The price with the code is shown on the payment page, before you pay.")}
        />
      ) : null}
      <OutcomeNotice outcome={outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {registerWords(live, tier?.price)}
        </button>
      </div>
    </form>
  );
}

/**
 * One class. `placeHere` is what this browser did for a visitor, whom the list cannot know (she has
 * no account): once she registered or confirmed from her mail, the class shows her place, not Register.
 */
function ClassCard({
  live: listed,
  placeHere,
  onRegistered,
  refresh,
}: {
  live: PublicClass;
  placeHere?: ClassRegistered["state"];
  /** Keeps her place on this page and reads the list again. */
  onRegistered: (registered: ClassRegistered) => void;
  refresh: () => void;
}) {
  const live = listed.my_state || !placeHere ? listed : { ...listed, my_state: placeHere };
  // The server's sentence outlives the form it answered (the form closes once she has a place).
  const [told, setTold] = useState<string | null>(null);
  const registered = (answer: ClassRegistered) => {
    setTold(answer.message);
    onRegistered(answer);
  };
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
  const user = useSession().user;
  // A class for a course she may open: her account already says who she is, so one press registers her.
  const onePress = async () => {
    if (!user) return;
    const name = [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email.split("@")[0]!;
    await registerFor(live, { name, email: user.email, due_date: user.due_date }, { run, send, onDone: registered });
  };
  const opens = new Date(live.join_opens_at);
  return (
    <article className="panel" aria-labelledby={`class-${live.id}`} style={{ margin: 0 }}>
      <h2 id={`class-${live.id}`} className="page-section-title" style={{ marginTop: 0 }}>
        {live.title}
      </h2>
      <p style={{ margin: "0 0 8px" }}>{whenFormat.format(new Date(live.starts_at))}</p>
      <p className="small-text quiet-text" style={{ margin: "0 0 8px" }}>
        {[
          live.places_left > 0
            ? t("{left, plural, one {# of {places} places left} other {# of {places} places left}}", {
                left: live.places_left,
                places: live.places,
              })
            : t("Full: join the waiting list"),
          live.course ? t("for members of “{course}”", { course: live.course.title }) : live.who === "members" ? t("for members") : null,
          live.tiers && live.tiers.length > 0
            ? t("pay what you can, {lowest} to {highest}", {
                lowest: priceLabel(live.tiers[0]!.price, live.currency),
                highest: priceLabel(live.tiers.at(-1)!.price, live.currency),
              })
            : priceLabel(live.price, live.currency).toLocaleLowerCase(pageLocale()),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {live.description_html ? <SafeHtml html={live.description_html} /> : null}
      {live.my_state && stateWords(live.my_state) ? <p style={{ fontWeight: 600 }}>{stateWords(live.my_state)}</p> : null}
      {live.join_url ? (
        <a className="button button-contained" href={live.join_url} rel="noopener noreferrer">
          {t("Join the class")}
        </a>
      ) : live.my_state === "registered" ? (
        <p className="small-text">{t("The link to join shows here from {time}.", { time: timeFormat.format(opens) })}</p>
      ) : null}
      <OutcomeNotice outcome={outcome ?? (told ? { tone: "success", text: told } : null)} />
      <div className="row" style={{ marginTop: 8 }}>
        {!live.my_state && !registering ? (
          live.who === "members" && !isAuthenticated ? (
            <Link to="/login" className="button button-outlined">
              {t("Log in to register")}
            </Link>
          ) : live.for_your_course && user && live.price === 0 ? (
            <button type="button" className="button button-contained" disabled={busy} onClick={() => void onePress()}>
              {registerWords(live)}
            </button>
          ) : (
            <button type="button" className="button button-outlined" onClick={() => setRegistering(true)} aria-expanded={registering}>
              {live.places_left > 0 ? t("Register") : t("Join the waiting list")}
            </button>
          )
        ) : null}
        {live.my_state && isAuthenticated ? (
          <button type="button" className="button button-outlined" disabled={busy} onClick={() => void cancel()}>
            {live.my_state === "waiting_list" ? t("Leave the waiting list") : t("Give up my place")}
          </button>
        ) : null}
      </div>
      {registering && !live.my_state ? <RegisterForm live={live} onDone={registered} /> : null}
    </article>
  );
}

/** A visitor's mailed link lands here: one press makes the held place hers. */
function ConfirmPlace({ token, onDone }: { token: string; onDone: (registered: ClassRegistered) => void }) {
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [done, setDone] = useState(false);
  const confirm = async () => {
    const confirmed = await run(
      () => send("confirmClassRegistration", { body: { token } }),
      (answer) => answer.message,
    );
    if (confirmed) {
      setDone(true);
      onDone(confirmed);
    }
  };
  return (
    <section className="panel" aria-label={t("Confirm your place")}>
      <OutcomeNotice outcome={outcome} />
      {done ? null : (
        <button type="button" className="button button-contained" disabled={busy} onClick={() => void confirm()}>
          {t("Confirm my place")}
        </button>
      )}
    </section>
  );
}

/** Her registration, as the link in her mail names it: to give the place up, or to pay for one offered to her. */
function MailedLink({ token, purpose, onDone }: { token: string; purpose: "cancel" | "pay"; onDone: () => void }) {
  const { answer: registration, failure } = useAnswer("classRegistrationByLink", { params: { token } });
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [done, setDone] = useState(false);
  const giveUp = async () => {
    if (
      await run(
        () => send("cancelClassRegistrationByLink", { body: { token } }),
        (answer) => answer.message,
      )
    ) {
      setDone(true);
      onDone();
    }
  };
  const [code, setCode] = useState("");
  const pay = async () => {
    const answer = await run(
      () => send("payForClassPlace", { body: { token, ...(code.trim() ? { code } : {}) } }),
      (paying) => paying.message,
    );
    if (answer?.checkout_url) window.location.assign(answer.checkout_url);
  };
  const live = registration && !["cancelled", "expired"].includes(registration.state);
  return (
    <section className="panel" aria-labelledby="mailed-link-title">
      <h2 id="mailed-link-title" className="page-section-title" style={{ marginTop: 0 }}>
        {purpose === "cancel" ? t("Give up your place") : t("Take the place offered to you")}
      </h2>
      {failure ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("This link could not be read. Please try again in a moment.")}
        </Notice>
      ) : null}
      {registration ? (
        <p>
          {t("“{title}”, {when}.", { title: registration.title, when: whenFormat.format(new Date(registration.starts_at)) })}
          {live ? null : ` ${t("This registration is no longer active.")}`}
        </p>
      ) : null}
      <OutcomeNotice outcome={outcome} />
      {live && !done && purpose === "cancel" ? (
        <>
          <p>{t("Someone on the waiting list will be offered your place at once.")}</p>
          <button type="button" className="button button-contained" disabled={busy} onClick={() => void giveUp()}>
            {registration.state === "waiting_list" ? t("Leave the waiting list") : t("Give up my place")}
          </button>
        </>
      ) : null}
      {live && purpose === "pay" && registration.state === "awaiting_payment" ? (
        <>
          {registration.hold_until ? (
            <p>{t("It is held for you until {when}.", { when: whenFormat.format(new Date(registration.hold_until)) })}</p>
          ) : null}
          <CodeField
            summary={t("Have a code?")}
            label={t("Code")}
            value={code}
            onChange={setCode}
            helperText={t("The price with the code is shown on the payment page, before you pay.")}
          />
          <button type="button" className="button button-contained" disabled={busy} onClick={() => void pay()}>
            {t("Pay {price} and take my place", { price: priceLabel(registration.price, registration.currency) })}
          </button>
        </>
      ) : null}
      {live && purpose === "pay" && registration.state === "registered" ? (
        <p>{t("This place is yours: there is nothing more to pay.")}</p>
      ) : null}
    </section>
  );
}

/** /classes: her live classes, to register for, with places left, the waiting list and, at the right moment, the link to join. */
export default function ClassesPage() {
  const { answer, failure, refresh } = useAnswer("listClasses");
  // Her join link appears, and goes, while the page is open.
  const mine = answer?.upcoming.filter((live) => live.my_state === "registered") ?? [];
  useRefreshAt(
    mine.flatMap((live) => [live.join_opens_at, live.ends_at]),
    refresh,
  );
  // A visitor's places made on this page (she has no account for the list to know them by).
  const [placesHere, setPlacesHere] = useState<Record<number, ClassRegistered["state"]>>({});
  const placeMade = (registered: ClassRegistered) => {
    setPlacesHere((current) => ({ ...current, [registered.class_id]: registered.state }));
    refresh();
  };
  const [searchParams] = useSearchParams();
  const confirm = searchParams.get("confirm");
  const cancel = searchParams.get("cancel");
  const pay = searchParams.get("pay");
  return (
    <PageColumn title={t("Live classes")}>
      {confirm ? <ConfirmPlace token={confirm} onDone={placeMade} /> : null}
      {cancel ? <MailedLink token={cancel} purpose="cancel" onDone={refresh} /> : null}
      {pay ? <MailedLink token={pay} purpose="pay" onDone={refresh} /> : null}
      {searchParams.get("paid") === "1" ? (
        <Notice tone="success" role="status">
          {t("Thank you: your payment went through. Your place is confirmed as soon as the payment is, and the invitation comes by mail.")}
        </Notice>
      ) : null}
      {searchParams.get("checkout") === "cancelled" ? (
        <Notice tone="info" role="status">
          {t(
            "The payment was not finished, so nothing was charged. The place is held for you for a little while if you want to try again.",
          )}
        </Notice>
      ) : null}
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("The classes could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!answer && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {answer && answer.upcoming.length === 0 ? <p>{t("No class is planned just now. New ones appear here first.")}</p> : null}
      {answer ? (
        <div className="stack">
          {answer.upcoming.map((live) => (
            <ClassCard key={live.id} live={live} placeHere={placesHere[live.id]} onRegistered={placeMade} refresh={refresh} />
          ))}
        </div>
      ) : null}
      {answer && answer.past.length > 0 ? (
        <section aria-labelledby="past-classes" className="page-section">
          <h2 id="past-classes" className="page-section-title">
            {t("Your past classes")}
          </h2>
          <ul>
            {answer.past.map((live) => (
              <li key={live.id}>
                {live.title}, {whenFormat.format(new Date(live.starts_at))}
                {live.replay_url ? (
                  <>
                    {" · "}
                    <a href={live.replay_url} rel="noopener noreferrer" aria-label={t("Watch the replay: {title}", { title: live.title })}>
                      {t("Watch the replay")}
                    </a>
                  </>
                ) : (
                  ` · ${t("the replay comes by mail when it is ready")}`
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </PageColumn>
  );
}
