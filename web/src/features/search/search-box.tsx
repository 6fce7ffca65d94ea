import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { t } from "./messages.ts";

/** The search field (docs/search.md): what she types opens /search with it. */
export function SearchBox({ label, initial = "" }: { label: string; initial?: string }) {
  const [typed, setTyped] = useState(initial);
  const navigate = useNavigate();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = typed.trim();
    if (q) void navigate(`/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <form role="search" onSubmit={submit} className="search-box" aria-labelledby={`${inputId}-label`}>
      <label id={`${inputId}-label`} htmlFor={inputId} className="text-field-label">
        {label}
      </label>
      <div className="row" style={{ flexWrap: "nowrap" }}>
        <input
          id={inputId}
          type="search"
          name="q"
          className="text-field-input"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={200}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button-contained">
          {t("Search")}
        </button>
      </div>
    </form>
  );
}
