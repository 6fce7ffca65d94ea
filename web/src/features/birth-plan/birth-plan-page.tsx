import "./birth-plan-endpoints.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { BirthPlan } from "../../../../contract/birth-plan.ts";
import type { Profile } from "../../../../contract/sign-in.ts";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { addressOf, call, failureOf } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { useBackOnline } from "../../lib/use-online.ts";
import { t, tWith } from "./messages.ts";

type Draft = { choices: Record<string, string>; support_people: string; share_with_instructor: boolean };
/** What the phone keeps (localStorage), so the page opens and takes changes with no signal. */
type Kept = { plan: BirthPlan; draft: Draft; base: number; dirty: boolean };

const SAVE_AFTER_MS = 800;
const keyOf = (memberId: number) => `birth-plan:${memberId}`;
const draftOf = (plan: BirthPlan): Draft => ({
  choices: Object.fromEntries(plan.choices.map((choice) => [choice.option_id, choice.note])),
  support_people: plan.support_people,
  share_with_instructor: plan.share_with_instructor,
});

function readKept(memberId: number): Kept | null {
  try {
    const text = localStorage.getItem(keyOf(memberId));
    return text ? (JSON.parse(text) as Kept) : null;
  } catch {
    return null;
  }
}

function writeKept(memberId: number, kept: Kept): void {
  try {
    localStorage.setItem(keyOf(memberId), JSON.stringify(kept));
  } catch {
    // Storage full or refused: the page still saves to her account while online.
  }
}

/** Birth preferences (docs/product.md, Birth preferences): hers to fill in, or hers to read on her partner's account. */
export default function BirthPlanPage() {
  const user = useSession().user;
  if (!user) return <Spinner />;
  return <BirthPlanLoader member={user} />;
}

type SaveState = { kind: "idle" | "saving" | "saved" | "offline" | "stale" | "failed"; text?: string };

function BirthPlanLoader({ member }: { member: Profile }) {
  const [kept, setKept] = useState<Kept | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(
    async (replaceDraft: boolean) => {
      try {
        const plan = await call("birthPlan");
        const before = readKept(member.id);
        // Changes she made offline stay hers to send, over the revision they were made from.
        const next: Kept =
          !replaceDraft && before?.dirty && !plan.read_only
            ? { ...before, plan }
            : { plan, draft: draftOf(plan), base: plan.revision, dirty: false };
        writeKept(member.id, next);
        setKept(next);
        setProblem(null);
      } catch (error) {
        const failure = failureOf(error);
        const offlineCopy = failure.status === 0 ? readKept(member.id) : null;
        if (offlineCopy) setKept(offlineCopy);
        else setProblem(failure.error ?? t("Your birth preferences cannot be reached just now. Please try again when you are online."));
      }
    },
    [member.id],
  );
  useEffect(() => {
    // Loaded after the page, so its first visit does not wait for the saved-lessons code.
    void import("../../lib/saved-lessons.ts")
      .then(({ rememberMemberForOffline }) => rememberMemberForOffline(member))
      .catch(() => undefined);
    void load(false);
  }, [member, load]);

  if (problem) {
    return (
      <PageColumn title={t("Birth preferences")}>
        <Notice tone="info" role="status">
          {problem}
        </Notice>
      </PageColumn>
    );
  }
  // Her page's heading and words come at once; only her choices wait for the answer.
  if (!kept)
    return member.joined_as === "partner" ? (
      <Spinner label={t("Opening her birth preferences")} />
    ) : (
      <PageColumn title={t("Birth preferences")}>
        <Introduction />
        <Spinner label={t("Opening your birth preferences")} />
      </PageColumn>
    );
  if (kept.plan.read_only) return <SharedPlan plan={kept.plan} />;
  return <PlanBuilder member={member} kept={kept} setKept={setKept} reload={() => void load(true)} />;
}

function Introduction() {
  return (
    <p style={{ margin: "0 0 16px" }}>
      {t(
        "Choose what matters to you, in any order, and add a short note where it helps. Everything saves as you go, on this phone too. Your care team will talk it through with you: a plan is a starting point, not a promise.",
      )}
    </p>
  );
}

function PlanBuilder({
  member,
  kept,
  setKept,
  reload,
}: {
  member: Profile;
  kept: Kept;
  setKept: (kept: Kept) => void;
  reload: () => void;
}) {
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const latest = useRef(kept);
  latest.current = kept;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = useCallback(async () => {
    const sending = latest.current;
    if (!sending.dirty) return;
    if (!navigator.onLine) return setState({ kind: "offline" });
    setState({ kind: "saving" });
    try {
      const saved = await call("saveBirthPlan", {
        body: {
          choices: Object.entries(sending.draft.choices).map(([option_id, note]) => ({ option_id, note })),
          support_people: sending.draft.support_people,
          share_with_instructor: sending.draft.share_with_instructor,
          revision: sending.base,
        },
      });
      const now = latest.current;
      // Typed on while it was on its way: the newer draft is sent next, over this revision.
      const next = { ...now, base: saved.revision, dirty: now.draft !== sending.draft };
      writeKept(member.id, next);
      setKept(next);
      setState({ kind: "saved", text: t("Saved.") });
      if (next.dirty) void send();
    } catch (error) {
      const failure = failureOf(error);
      if (failure.status === 0) setState({ kind: "offline" });
      else if (failure.status === 409) setState({ kind: "stale", text: failure.error });
      else setState({ kind: "failed", text: failure.error ?? t("That did not save. Please try again.") });
    }
  }, [member.id, setKept]);

  useBackOnline(useCallback(() => void send(), [send]));
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (draft: Draft) => {
    const next = { ...latest.current, draft, dirty: true };
    latest.current = next;
    writeKept(member.id, next);
    setKept(next);
    clearTimeout(timer.current);
    if (state.kind !== "stale") timer.current = setTimeout(() => void send(), SAVE_AFTER_MS);
  };
  const { plan, draft } = kept;
  const toggle = (optionId: string, on: boolean) => {
    const choices = { ...draft.choices };
    if (on) choices[optionId] = "";
    else delete choices[optionId];
    change({ ...draft, choices });
  };
  const chosenCount = Object.keys(draft.choices).length;

  return (
    <PageColumn title={t("Birth preferences")}>
      <Introduction />
      <TextField
        label={t("Who supports me (names, and who they are to you)")}
        name="support_people"
        value={draft.support_people}
        onChange={(event) => change({ ...draft, support_people: event.target.value })}
      />
      {plan.sections.map((section) => (
        <fieldset key={section.id} className="birth-plan-section">
          <legend>{section.title}</legend>
          {section.options.map((option) => {
            const chosen = option.id in draft.choices;
            return (
              <div key={option.id} className="birth-plan-option">
                <label style={{ display: "flex", gap: 10, alignItems: "flex-start", minHeight: 44 }}>
                  <input
                    type="checkbox"
                    checked={chosen}
                    onChange={(event) => toggle(option.id, event.target.checked)}
                    style={{ width: 22, height: 22, flex: "none", marginTop: 2 }}
                  />
                  <span>{option.label}</span>
                </label>
                {option.lesson_id !== null && option.course_id ? (
                  <Link to={`/lesson?course=${option.course_id}&lesson=${option.lesson_id}`} className="birth-plan-learn">
                    {tWith("Learn about this{span}", { span: <span className="visually-hidden">: {option.label}</span> })}
                  </Link>
                ) : null}
                {chosen ? (
                  <TextField
                    label={t("Note (optional): {option}", { option: option.label })}
                    name={`note-${option.id}`}
                    value={draft.choices[option.id] ?? ""}
                    onChange={(event) => change({ ...draft, choices: { ...draft.choices, [option.id]: event.target.value } })}
                  />
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ))}
      <label style={{ display: "flex", gap: 10, alignItems: "center", minHeight: 44, marginTop: 16 }}>
        <input
          type="checkbox"
          checked={draft.share_with_instructor}
          onChange={(event) => change({ ...draft, share_with_instructor: event.target.checked })}
          style={{ width: 22, height: 22 }}
        />
        {t("Share with my doula when I book a 1:1 session")}
      </label>
      <div className="birth-plan-footer">
        <SaveStateLine
          state={state}
          dirty={kept.dirty}
          onReload={() => {
            setState({ kind: "idle" });
            reload();
          }}
        />
        <p style={{ margin: "8px 0" }}>
          {t("{chosenCount, plural, one {# choice} other {# choices}}. Print it, or keep it as a PDF:", { chosenCount })}
        </p>
        <PdfLinks />
      </div>
    </PageColumn>
  );
}

function SaveStateLine({ state, dirty, onReload }: { state: SaveState; dirty: boolean; onReload: () => void }) {
  if (state.kind === "stale") {
    return (
      <Notice tone="error" role="alert">
        {state.text}{" "}
        <button type="button" className="button button-outlined button-small" onClick={onReload}>
          {t("Load the newer version")}
        </button>
      </Notice>
    );
  }
  if (state.kind === "failed") {
    return (
      <Notice tone="error" role="alert">
        {state.text}
      </Notice>
    );
  }
  const text =
    state.kind === "offline" || (dirty && !navigator.onLine)
      ? t("Saved on this phone. It will be sent to your account when you are back online.")
      : state.kind === "saving"
        ? t("Saving…")
        : dirty
          ? t("Saving soon…")
          : t("All saved.");
  return (
    <p role="status" style={{ margin: 0 }}>
      {text}
    </p>
  );
}

function PdfLinks() {
  return (
    <div className="row" style={{ flexWrap: "wrap" }}>
      <a className="button button-contained" href={addressOf("birthPlanPdf", { query: { size: "a4" } })} download>
        {t("Print or save as PDF (A4)")}
      </a>
      <a className="button button-outlined" href={addressOf("birthPlanPdf", { query: { size: "letter" } })} download>
        {t("Letter size")}
      </a>
    </div>
  );
}

/** Her plan on her partner's account: what she chose, read only. */
function SharedPlan({ plan }: { plan: BirthPlan }) {
  const notes = new Map(plan.choices.map((choice) => [choice.option_id, choice.note]));
  const sections = plan.sections
    .map((section) => ({ ...section, options: section.options.filter((option) => notes.has(option.id)) }))
    .filter((section) => section.options.length > 0);
  return (
    <PageColumn
      title={plan.owner.first_name ? t("{name}’s birth preferences", { name: plan.owner.first_name }) : t("Her birth preferences")}
    >
      <p style={{ margin: "0 0 16px" }}>{t("She shares these with you to read. Only she can change them.")}</p>
      {plan.support_people ? (
        <p style={{ margin: "0 0 16px" }}>{t("Supported by {support_people}.", { support_people: plan.support_people })}</p>
      ) : null}
      {sections.length === 0 ? <p>{t("She has not chosen anything yet.")}</p> : null}
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`shared-${section.id}`}>
          <h2 id={`shared-${section.id}`} className="home-card-title">
            {section.title}
          </h2>
          <ul style={{ margin: "0 0 16px", paddingInlineStart: 20 }}>
            {section.options.map((option) => (
              <li key={option.id}>
                {option.label}
                {notes.get(option.id) ? `: ${notes.get(option.id)}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <PdfLinks />
    </PageColumn>
  );
}
