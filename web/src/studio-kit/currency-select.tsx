import { useId, useMemo } from "react";
import { useAnswer } from "../lib/answers.ts";
import { pageLocale, t } from "./messages.ts";

/** The currency her new prices start in (Studio → Site: hers, else her site's language's), once the site's details are read. */
export function usePracticeCurrency(): string | undefined {
  return useAnswer("siteDetails").answer?.currency;
}

/** A price's currency as its form shows it: the one she chose for it, else her practice's ("" until that is read). */
export function usePriceCurrency(chosen: string | undefined): string {
  const practice = usePracticeCurrency();
  return chosen || practice || "";
}

/**
 * A price's currency, chosen from every ISO code the browser knows, each with its name in her
 * language ("EUR — euro"), never typed: a typo cannot become a price nobody can pay.
 */
export function CurrencySelect({
  value,
  onChange,
  error,
  label = t("Currency"),
  name = "currency",
}: {
  value: string;
  onChange: (currency: string) => void;
  /** The server's sentence for this field, if it refused it. */
  error?: string;
  label?: string;
  name?: string;
}) {
  const id = useId();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([pageLocale()], { type: "currency" });
    const codes = Intl.supportedValuesOf("currency");
    // A price saved before in a code this browser does not list stays choosable.
    return (codes.includes(value) || !value ? codes : [value, ...codes]).map((code) => ({
      code,
      label: `${code} — ${names.of(code) ?? code}`,
    }));
  }, [value]);
  return (
    <div>
      <label htmlFor={id} className="text-field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="text-field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <div id={`${id}-error`} className="text-field-helper text-field-error">
          {error}
        </div>
      ) : null}
    </div>
  );
}
