import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { languageNames, languages } from "../../../contract/languages.ts";
import { pageLanguage, t } from "../lib/i18n.ts";

/** The 500px content column (docs/product.md, Constants), with the page's one h1 (styled in web/index.html). */
export function PageColumn({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className="page-column">
      {title ? <h1 className="page-title">{title}</h1> : null}
      {children}
    </main>
  );
}

/**
 * Every page's footer, with the switch to the other languages: each is named in itself, and
 * opens this same page with ?lang=, which the server remembers (a visitor's cookie, a member's
 * account) and answers in that language at once (docs/languages.md).
 */
export function Footer() {
  const { pathname, search } = useLocation();
  const others = languages.filter((language) => language !== pageLanguage());
  const addressIn = (language: string) => {
    const query = new URLSearchParams(search);
    query.set("lang", language);
    return `${pathname}?${query.toString()}`;
  };
  return (
    <footer className="site-footer">
      <p style={{ margin: 0 }}>© 2025 Calm Birth Circle · Beta</p>
      <nav aria-label={t("Language")}>
        <ul className="language-switch">
          {others.map((language) => (
            <li key={language}>
              <a href={addressIn(language)} hrefLang={language} lang={language}>
                {languageNames[language]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
