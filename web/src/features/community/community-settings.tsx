import "./community-endpoints.ts";
import { type FormEvent, useEffect, useState } from "react";
import type { CommunityProfile } from "../../../../contract/community.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "./messages.ts";
import { contentNoteName } from "../../lib/content-note-names.ts";

/** Her community settings on /account: the name others see, reply mails, and the notes whose posts stay folded. */
export default function CommunitySettings() {
  const { answer: profile } = useAnswer("communityProfile");
  const notes = useAnswer("contentNotes").answer?.notes ?? [];
  return profile ? <SettingsForm profile={profile} notes={notes.map((note) => note.name)} /> : null;
}

function SettingsForm({ profile, notes }: { profile: CommunityProfile; notes: string[] }) {
  const [pseudonym, setPseudonym] = useState(profile.pseudonym ?? "");
  const [mails, setMails] = useState(profile.mails);
  const [folded, setFolded] = useState(profile.collapsed_notes);
  useEffect(() => setFolded(profile.collapsed_notes), [profile.collapsed_notes]);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => send("saveCommunityProfile", { body: { pseudonym: pseudonym || null, mails, collapsed_notes: folded } }),
      (answer) => answer.message,
    );
  };
  return (
    <form onSubmit={save} noValidate aria-label={t("Community settings")} className="stack">
      <TextField
        label={t("Your name in the community (optional)")}
        name="pseudonym"
        value={pseudonym}
        onChange={(event) => setPseudonym(event.target.value)}
        error={Boolean(details?.pseudonym)}
        helperText={
          details?.pseudonym ?? t("Empty, others see “{name}”. Your doula always knows who you are.", { name: profile.display_name })
        }
      />
      <label className="checkbox-row">
        <input type="checkbox" checked={mails} onChange={(event) => setMails(event.target.checked)} />{" "}
        {t("Mail me when someone replies to me (at most once an hour per conversation)")}
      </label>
      {notes.length > 0 ? (
        <fieldset className="checkbox-group">
          <legend>{t("Keep posts with these notes folded until I choose to read them")}</legend>
          {notes.map((note) => (
            <label key={note} className="checkbox-row">
              <input
                type="checkbox"
                checked={folded.includes(note)}
                onChange={(event) => setFolded(event.target.checked ? [...folded, note] : folded.filter((entry) => entry !== note))}
              />{" "}
              {contentNoteName(note)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <OutcomeNotice outcome={details ? null : outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Save community settings")}
        </button>
      </div>
    </form>
  );
}
