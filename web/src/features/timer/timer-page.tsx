import "./timer-endpoints.ts";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useSlots } from "../../lib/slots.tsx";
import type { Contraction, TimerCurrent, TimerRule } from "../../../../contract/timer.ts";
import { timerRules } from "../../../../contract/constants.ts";
import type { Profile } from "../../../../contract/sign-in.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { addressOf, call, failureOf } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { useBackOnline } from "../../lib/use-online.ts";
import { asText, figures, patternReached, ruleWords, spoken } from "./contraction-pattern.ts";
import { keepSession, newSessionId, sessionsOf, type StoredSession } from "./timer-store.ts";
import { pageLocale } from "../../lib/i18n.ts";
import { t } from "./messages.ts";

/** The contraction timer (docs/product.md, Contraction timer): hers to time, or, on her partner's account, hers to follow. */
export default function TimerPage() {
  const user = useSession().user;
  if (!user) return <Spinner />;
  return user.joined_as === "partner" ? <FollowedTimer /> : <OwnTimer member={user} />;
}

/** Ticks once a second while `on`, so a running contraction's length counts up. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!on) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [on]);
  return now;
}

/** Keeps the screen awake while `on`, where the browser allows it (Wake Lock), and again after she comes back to the page. */
function useWakeLock(on: boolean): void {
  useEffect(() => {
    if (!on || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = () => {
      if (document.visibilityState !== "visible") return;
      navigator.wakeLock
        .request("screen")
        .then((sentinel) => {
          if (ended) void sentinel.release();
          else lock = sentinel;
        })
        .catch(() => undefined); // Low battery or a denied permission: timing works all the same.
    };
    acquire();
    document.addEventListener("visibilitychange", acquire);
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", acquire);
      void lock?.release().catch(() => undefined);
    };
  }, [on]);
}

function OwnTimer({ member }: { member: Profile }) {
  const [session, setSession] = useState<StoredSession | null>(null);
  const [loadProblem, setLoadProblem] = useState<string | null>(null);
  const [syncState, setSyncState] = useState<"saved" | "synced" | "waiting" | "failed">("saved");
  const [announcement, setAnnouncement] = useState("");
  const [copied, setCopied] = useState<string | null>(null);
  const syncing = useRef(false);

  /** Sends every session the server has not had yet; offline, they wait for the next chance. */
  const syncAll = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      for (const stored of (await sessionsOf(member.id)).filter((candidate) => !candidate.synced)) {
        if (!navigator.onLine) return setSyncState("waiting");
        try {
          await call("syncTimerSession", { params: { id: stored.id }, body: { rule: stored.rule, contractions: stored.contractions } });
        } catch (error) {
          setSyncState(failureOf(error).status === 0 ? "waiting" : "failed");
          return;
        }
        // Changed meanwhile (she tapped again while it was on its way): the newer copy still waits.
        const now = (await sessionsOf(member.id)).find((candidate) => candidate.id === stored.id);
        if (now && now.updatedAt === stored.updatedAt) await keepSession({ ...now, synced: true });
        setSession((current) =>
          current?.id === stored.id && current.updatedAt === stored.updatedAt ? { ...current, synced: true } : current,
        );
      }
      setSyncState("synced");
    } finally {
      syncing.current = false;
    }
  }, [member.id]);

  useEffect(() => {
    // Loaded after the page, so its first visit does not wait for the saved-lessons code.
    void import("../../lib/saved-lessons.ts")
      .then(({ rememberMemberForOffline }) => rememberMemberForOffline(member))
      .catch(() => undefined);
    sessionsOf(member.id)
      .then((sessions) => {
        setSession(sessions.at(-1) ?? null);
        void syncAll();
      })
      .catch(() =>
        setLoadProblem(t("This browser cannot keep the timer on the phone (a private window?): it works while this page stays open.")),
      );
  }, [member, syncAll]);
  useBackOnline(useCallback(() => void syncAll(), [syncAll]));

  const timing = session?.contractions.at(-1)?.end === null;
  const now = useNow(timing);
  useWakeLock(timing);

  const save = async (next: StoredSession) => {
    setSession(next);
    setSyncState(navigator.onLine ? "saved" : "waiting");
    try {
      await keepSession(next);
    } catch {
      // Kept in the page only; it is still sent below.
    }
    void syncAll();
  };

  const press = () => {
    const at = new Date(Date.now()).toISOString();
    const current: StoredSession = session ?? {
      id: newSessionId(),
      memberId: member.id,
      rule: "5-1-1",
      contractions: [],
      updatedAt: 0,
      synced: false,
    };
    const contractions: Contraction[] = timing
      ? current.contractions.map((contraction, index) =>
          index === current.contractions.length - 1 ? { ...contraction, end: at } : contraction,
        )
      : [...current.contractions, { start: at, end: null }];
    if (timing) {
      const last = contractions.at(-1)!;
      setAnnouncement(t("Contraction stopped. It lasted {length}.", { length: spoken(Date.parse(last.end!) - Date.parse(last.start)) }));
    } else setAnnouncement(t("Contraction started. Press again when it ends."));
    void save({ ...current, contractions, updatedAt: Date.now(), synced: false });
  };

  const chooseRule = (rule: TimerRule) => {
    if (session) void save({ ...session, rule, updatedAt: Date.now(), synced: false });
    else setSession({ id: newSessionId(), memberId: member.id, rule, contractions: [], updatedAt: Date.now(), synced: true });
  };

  const startOver = () => {
    setAnnouncement(t("A new session has started. The one before is kept."));
    setSession({
      id: newSessionId(),
      memberId: member.id,
      rule: session?.rule ?? "5-1-1",
      contractions: [],
      updatedAt: Date.now(),
      synced: true,
    });
  };

  const copy = async () => {
    if (!session) return;
    try {
      await navigator.clipboard.writeText(asText(session.contractions, session.rule));
      setCopied(t("Copied. You can paste it into a message to your midwife."));
    } catch {
      setCopied(t("This browser did not allow copying. The log is shown below to select by hand."));
    }
  };

  const rule = session?.rule ?? "5-1-1";
  const contractions = session?.contractions ?? [];
  return (
    <PageColumn title={t("Contraction timer")}>
      {loadProblem ? (
        <Notice tone="info" role="status">
          {loadProblem}
        </Notice>
      ) : null}
      <div className="stack" style={{ alignItems: "center", textAlign: "center" }}>
        <button type="button" className={`timer-button${timing ? " timer-button-on" : ""}`} onClick={press} aria-describedby="timer-state">
          {timing ? t("Stop contraction") : t("Start contraction")}
        </button>
        <p id="timer-state" style={{ margin: 0, fontSize: "1.25rem" }}>
          {timing
            ? t("Timing: {length}", { length: spoken(now - Date.parse(contractions.at(-1)!.start)) })
            : contractions.length === 0
              ? t("Press when a contraction starts.")
              : t("Resting. Press when the next one starts.")}
        </p>
        <p role="status" aria-live="polite" className="visually-hidden">
          {announcement}
        </p>
      </div>
      <TimerFiguresView contractions={contractions} rule={rule} now={now} />
      <fieldset className="stack" style={{ border: 0, padding: 0, margin: "24px 0 0" }}>
        <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t("The pattern your care provider asked you to watch for")}</legend>
        {timerRules.map((candidate) => (
          <label key={candidate} style={{ display: "flex", gap: 8, alignItems: "center", minHeight: 44 }}>
            <input
              type="radio"
              name="rule"
              checked={rule === candidate}
              onChange={() => chooseRule(candidate)}
              style={{ width: 22, height: 22 }}
            />
            {ruleWords()[candidate]}
          </label>
        ))}
      </fieldset>
      <p style={{ margin: "16px 0 0", color: "var(--ink-grey)" }}>
        {syncState === "waiting"
          ? t("Saved on this phone. It will be sent when you are back online.")
          : syncState === "failed"
            ? t("Saved on this phone. Sending it did not work; we will try again.")
            : syncState === "synced" && contractions.length > 0
              ? t("Saved on this phone and in your account.")
              : t("Saved on this phone as you go.")}
      </p>
      <div className="row" style={{ marginTop: 16, flexWrap: "wrap" }}>
        <button type="button" className="button button-outlined" onClick={() => void copy()} disabled={contractions.length === 0}>
          {t("Copy as text")}
        </button>
        <button type="button" className="button button-outlined" onClick={startOver} disabled={contractions.length === 0 || timing}>
          {t("Start a new session")}
        </button>
      </div>
      {copied ? (
        <p role="status" style={{ margin: "8px 0 0" }}>
          {copied}
        </p>
      ) : null}
      <TimerExtras />
      <ContractionLog contractions={contractions} />
    </PageColumn>
  );
}

/** What other capabilities add below the timer (the labour line), each loaded when shown. */
function TimerExtras() {
  const { timerExtras } = useSlots();
  return timerExtras.map((Extra, index) => (
    <Suspense key={index} fallback={null}>
      <Extra />
    </Suspense>
  ));
}

/** The figures, and the calm sentence once the chosen pattern has held for an hour. */
function TimerFiguresView({ contractions, rule, now }: { contractions: Contraction[]; rule: TimerRule; now: number }) {
  const result = figures(contractions, now);
  const reached = patternReached(contractions, rule);
  return (
    <section aria-labelledby="timer-figures-heading" style={{ marginTop: 24 }}>
      <h2 id="timer-figures-heading" className="home-card-title">
        {t("So far")}
      </h2>
      {reached ? (
        <Notice tone="info" role="alert">
          {t("This is the pattern your care provider asked you to call about.")}
        </Notice>
      ) : null}
      <dl className="timer-figures">
        <div>
          <dt>{t("Last contraction")}</dt>
          <dd>{result.lastLength === null ? "–" : spoken(result.lastLength)}</dd>
        </div>
        <div>
          <dt>{t("Between the last two starts")}</dt>
          <dd>{result.lastInterval === null ? "–" : spoken(result.lastInterval)}</dd>
        </div>
        <div>
          <dt>{t("Last hour")}</dt>
          <dd>
            {result.hour.averageLength === null || result.hour.averageInterval === null
              ? t("{count, plural, one {# contraction} other {# contractions}}", { count: result.hour.count })
              : t("{count, plural, one {# contraction} other {# contractions}}, lasting {length}, every {interval} on average", {
                  count: result.hour.count,
                  length: spoken(result.hour.averageLength),
                  interval: spoken(result.hour.averageInterval),
                })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ContractionLog({ contractions }: { contractions: Contraction[] }) {
  if (contractions.length === 0) return null;
  const time = new Intl.DateTimeFormat(pageLocale(), { timeStyle: "medium" });
  return (
    <section aria-labelledby="timer-log-heading" style={{ marginTop: 24 }}>
      <h2 id="timer-log-heading" className="home-card-title">
        {t("This session")}
      </h2>
      <ol style={{ margin: 0, paddingInlineStart: 24 }}>
        {[...contractions].reverse().map((contraction) => (
          <li key={contraction.start}>
            {time.format(new Date(contraction.start))}
            {": "}
            {contraction.end ? spoken(Date.parse(contraction.end) - Date.parse(contraction.start)) : t("timing…")}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** His view of her timer while she shares it: the same figures, live, nothing to press. */
function FollowedTimer() {
  const [current, setCurrent] = useState<TimerCurrent | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let events: EventSource | null = null;
    const read = () =>
      call("timerCurrent")
        .then((answer) => {
          setCurrent(answer);
          setProblem(null);
        })
        .catch((error: unknown) => setProblem(failureOf(error).error ?? t("Her timer cannot be reached just now.")));
    void read();
    if (typeof EventSource !== "undefined") {
      events = new EventSource(addressOf("timerEvents"));
      events.addEventListener("session", (event) => {
        setCurrent(JSON.parse((event as MessageEvent<string>).data) as TimerCurrent);
        setProblem(null);
      });
      events.addEventListener("changed", () => void read());
    }
    return () => events?.close();
  }, []);
  const contractions = current?.session?.contractions ?? [];
  const timing = contractions.at(-1)?.end === null;
  const now = useNow(timing);
  const name = current?.owner_first_name;
  return (
    <PageColumn title={name ? t("{name}’s contraction timer", { name }) : t("Her contraction timer")}>
      {problem ? (
        <Notice tone="info" role="status">
          {problem}
        </Notice>
      ) : !current ? (
        <Spinner label={t("Opening her timer")} />
      ) : (
        <>
          <p role="status" style={{ fontSize: "1.25rem" }}>
            {contractions.length === 0
              ? name
                ? t("{name} has not timed a contraction yet. This page follows her timer as she uses it.", { name })
                : t("She has not timed a contraction yet. This page follows her timer as she uses it.")
              : timing
                ? t("A contraction is under way: {length}.", { length: spoken(now - Date.parse(contractions.at(-1)!.start)) })
                : name
                  ? t("{name} is resting between contractions.", { name })
                  : t("She is resting between contractions.")}
          </p>
          <TimerFiguresView contractions={contractions} rule={current.session?.rule ?? "5-1-1"} now={now} />
          <ContractionLog contractions={contractions} />
        </>
      )}
      <TimerExtras />
    </PageColumn>
  );
}
