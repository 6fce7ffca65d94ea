import "./gift-endpoints.ts";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import type { MyRegistry } from "../../../../contract/gifts.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "./messages.ts";
import { browserTimeZone, whenLabel } from "../../lib/time-labels.ts";
import { money } from "./to-checkout.ts";

// On /account, inside its section (registry-section.tsx): her birth registry (docs/gifts.md). An unlisted page she shares: her first name, her
// line, the due month only if she chooses, and what friends can give.

export default function RegistrySection() {
  const { answer } = useAnswer("myRegistry");
  const catalogue = useAnswer("getCourses").answer;
  if (!answer || !catalogue) return null;
  return (
    <RegistryForm
      registry={answer.registry}
      carePossible={answer.care_possible}
      plans={catalogue.subscription_plans}
      classes={answer.classes_possible}
    />
  );
}

function RegistryForm({
  registry,
  carePossible,
  plans,
  classes,
}: {
  registry: MyRegistry | null;
  carePossible: boolean;
  plans: { id: number; name: string }[];
  /** Paid live classes still to come; one she listed that has begun since is no longer among them, and goes with her next save. */
  classes: { id: number; title: string; starts_at: string }[];
}) {
  const initial = () => ({
    line: registry?.line ?? "",
    showDueMonth: registry?.show_due_month ?? false,
    planIds: registry?.plan_ids ?? [],
    classIds: (registry?.class_ids ?? []).filter((id) => classes.some((live) => live.id === id)),
    care: registry?.care ?? carePossible,
  });
  const [draft, setDraft] = useState(initial);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a saved registry comes back as the form's new start
  useEffect(() => setDraft(initial()), [registry]);
  const saving = useAction();
  const closing = useAction();
  const send = useSend();
  const save = (event: FormEvent) => {
    event.preventDefault();
    void saving.run(
      () =>
        send("saveRegistry", {
          body: {
            line: draft.line,
            show_due_month: draft.showDueMonth,
            gifts: { plan_ids: draft.planIds, class_ids: draft.classIds, care: draft.care },
          },
        }),
      (saved) => saved.message,
    );
  };
  const address = registry ? `${window.location.origin}/registry/${registry.name}` : null;
  return (
    <div className="stack">
      {registry ? (
        <>
          <p style={{ margin: 0 }}>
            {registry.closed ? t("Your registry is closed: its page says so and takes nothing.") : t("Your registry's page, to share:")}{" "}
            <Link to={`/registry/${registry.name}`}>{address}</Link>
          </p>
          {registry.closed ? null : <ShareRegistry address={address!} />}
          <p style={{ margin: 0 }}>
            {registry.given.count === 0
              ? t("Nothing given yet.")
              : t("Given so far: {total}, by {count, plural, one {# person} other {# people}}.", {
                  total: registry.given.totals.map((total) => money(total.amount, total.currency)).join(", "),
                  count: registry.given.count,
                })}
          </p>
        </>
      ) : (
        <p style={{ margin: 0 }}>
          {t(
            "Friends and family can give you a course, or help pay for your doula, through a page of your own that only those you share its link with can find. It shows your first name and your words, nothing else unless you choose.",
          )}
        </p>
      )}
      <form onSubmit={save} noValidate aria-label={t("Your birth registry")} className="stack">
        <TextField
          label={t("A line in your words (optional)")}
          multiline
          minRows={2}
          value={draft.line}
          onChange={(event) => setDraft({ ...draft, line: event.target.value })}
          error={Boolean(saving.outcome?.details?.line)}
          helperText={saving.outcome?.details?.line}
        />
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend style={{ fontWeight: 600, padding: 0 }}>{t("What friends can give")}</legend>
          {carePossible ? (
            <label style={{ display: "flex", gap: 10, alignItems: "center", minHeight: 44 }}>
              <input type="checkbox" checked={draft.care} onChange={(event) => setDraft({ ...draft, care: event.target.checked })} />
              {t("A contribution to my doula care")}
            </label>
          ) : null}
          {plans.map((plan) => (
            <label key={plan.id} style={{ display: "flex", gap: 10, alignItems: "center", minHeight: 44 }}>
              <input
                type="checkbox"
                checked={draft.planIds.includes(plan.id)}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    planIds: event.target.checked ? [...draft.planIds, plan.id] : draft.planIds.filter((id) => id !== plan.id),
                  })
                }
              />
              {plan.name}
            </label>
          ))}
          {classes.map((live) => (
            <label key={`class-${live.id}`} style={{ display: "flex", gap: 10, alignItems: "center", minHeight: 44 }}>
              <input
                type="checkbox"
                checked={draft.classIds.includes(live.id)}
                onChange={(event) =>
                  setDraft({
                    ...draft,
                    classIds: event.target.checked ? [...draft.classIds, live.id] : draft.classIds.filter((id) => id !== live.id),
                  })
                }
              />
              {t("A place in “{title}”, {when}", { title: live.title, when: whenLabel(live.starts_at, browserTimeZone()) })}
            </label>
          ))}
        </fieldset>
        <label style={{ display: "flex", gap: 10, alignItems: "center", minHeight: 44 }}>
          <input
            type="checkbox"
            checked={draft.showDueMonth}
            onChange={(event) => setDraft({ ...draft, showDueMonth: event.target.checked })}
          />
          {t("Show the month my baby is due")}
        </label>
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <button type="submit" className="button button-contained" disabled={saving.busy}>
            {registry ? (registry.closed ? t("Save and open it again") : t("Save my registry")) : t("Make my registry")}
          </button>
          {registry && !registry.closed ? (
            <button
              type="button"
              className="button button-outlined"
              disabled={closing.busy}
              onClick={() =>
                void closing.run(
                  () => send("closeRegistry", { body: {} }),
                  (closed) => closed.message,
                )
              }
            >
              {t("Close my registry")}
            </button>
          ) : null}
        </div>
        <OutcomeNotice outcome={saving.outcome} />
        <OutcomeNotice outcome={closing.outcome} />
      </form>
    </div>
  );
}

/**
 * Sends her registry's address on: her phone's own share sheet where there is one (a message, a
 * chat), else a copy to paste; the answer is said where she pressed.
 */
function ShareRegistry({ address }: { address: string }) {
  const [said, setSaid] = useState<string | null>(null);
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setSaid(t("Copied. Paste it into a message to the people you choose."));
    } catch {
      setSaid(t("This browser did not allow copying: select the address above by hand."));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: t("My birth registry"), url: address });
    } catch {
      // She closed the share sheet: nothing to say.
    }
  };
  return (
    <div className="stack" style={{ gap: 8 }}>
      <div className="row" style={{ flexWrap: "wrap", gap: 8 }}>
        <button type="button" className="button button-outlined" onClick={() => void copy()}>
          {t("Copy the address")}
        </button>
        {canShare ? (
          <button type="button" className="button button-outlined" onClick={() => void share()}>
            {t("Share…")}
          </button>
        ) : null}
      </div>
      {said ? (
        <p role="status" style={{ margin: 0 }}>
          {said}
        </p>
      ) : null}
    </div>
  );
}
