import "./account-endpoints.ts";
import { useState } from "react";
import type { Language } from "../../../../contract/languages.ts";
import { LanguageRadios } from "../../components/language-radios.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "./messages.ts";

/** What she reads once her choice is saved, in the language she chose (docs/languages.md). */
const savedSentences: Record<Language, string> = {
  en: "Saved. We will write to you in English.",
  es: "Guardado. Te escribiremos en español.",
};

/** Loads the page again: the server sends it, and every page after it, in her new language. */
const loadPageAgain = () => window.location.reload();

/**
 * The language she reads the site, her mail, her bookings' invitations and her certificates in,
 * saved as she picks it; the page then turns to it at once. Each language is named in itself, and
 * marked as such for screen readers.
 */
export function LanguageChoice({ saved, onSaved = loadPageAgain }: { saved: Language; onSaved?: () => void }) {
  const [language, setLanguage] = useState(saved);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const choose = async (next: Language) => {
    const before = language;
    setLanguage(next);
    const answer = await run(
      () => send("saveMyLanguage", { body: { language: next } }),
      (result) => savedSentences[result.language],
    );
    if (answer) onSaved();
    else setLanguage(before);
  };
  return (
    <div className="stack">
      <LanguageRadios name="language" legend={t("Language")} chosen={language} disabled={busy} onChoose={(code) => void choose(code)} />
      <p className="small-text quiet-text" style={{ margin: 0 }}>
        {t("The site, our mails to you, your bookings’ calendar invitations and your certificates are written in it.")}
      </p>
      <OutcomeNotice outcome={outcome} />
    </div>
  );
}
