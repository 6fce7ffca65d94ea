import "./content-notes-endpoints.ts";
import { type FormEvent, useEffect, useState } from "react";
import type { MyContentNotes, NoteChoice } from "../../../../contract/content-notes.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "./messages.ts";
import { contentNoteName } from "../../lib/content-note-names.ts";

const choiceWords = (): Record<NoteChoice, string> => ({
  show: t("Show normally"),
  tell: t("Tell me first"),
  leave_out: t("Leave out of my suggestions"),
});

/** On /account: for each content note, how she wants to meet a lesson that carries it. */
export default function ContentNoteChoices() {
  const { answer } = useAnswer("myContentNotes");
  return answer ? <ChoicesForm notes={answer.notes} /> : null;
}

function ChoicesForm({ notes }: { notes: MyContentNotes["notes"] }) {
  const [choices, setChoices] = useState(() => Object.fromEntries(notes.map((note) => [note.name, note.choice])));
  useEffect(() => setChoices(Object.fromEntries(notes.map((note) => [note.name, note.choice]))), [notes]);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => send("saveContentNoteChoices", { body: choices }),
      (answer) => answer.message,
    );
  };
  return (
    <form onSubmit={save} noValidate aria-label={t("Content notes")} className="stack">
      <p style={{ margin: 0 }}>
        {t(
          "Some lessons touch on hard things. For each, choose how you want to meet it: shown like any lesson, with a calm word first (and the choice to read only the summary, or keep it for later), or left out of what we suggest next. Nothing is ever hidden from the course.",
        )}
      </p>
      {notes.map((note) => (
        <label key={note.name} className="text-field-label" style={{ display: "flex", flexDirection: "column", gap: 4 }}>
          {contentNoteName(note.name)}
          <select
            className="text-field-input"
            value={choices[note.name]}
            onChange={(event) => setChoices({ ...choices, [note.name]: event.target.value as NoteChoice })}
          >
            {(Object.keys(choiceWords()) as NoteChoice[]).map((choice) => (
              <option key={choice} value={choice}>
                {choiceWords()[choice]}
              </option>
            ))}
          </select>
        </label>
      ))}
      <OutcomeNotice outcome={outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Save my choices")}
        </button>
      </div>
    </form>
  );
}
