import { type Language, languageNames, languages } from "../../../contract/languages.ts";

/**
 * One radio button per language we have, each named in itself and marked as that language for
 * screen readers (a member's choice on /account, the site's in the studio).
 */
export function LanguageRadios({
  name,
  legend,
  chosen,
  disabled,
  onChoose,
}: {
  name: string;
  legend: string;
  chosen: Language;
  disabled: boolean;
  onChoose: (language: Language) => void;
}) {
  return (
    <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className="visually-hidden">{legend}</legend>
      {languages.map((code) => (
        <label key={code} className="checkbox-row">
          <input type="radio" name={name} value={code} checked={chosen === code} disabled={disabled} onChange={() => onChoose(code)} />{" "}
          <span lang={code}>{languageNames[code]}</span>
        </label>
      ))}
    </fieldset>
  );
}
