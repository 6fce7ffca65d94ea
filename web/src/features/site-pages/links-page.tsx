import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { t } from "./messages.ts";

/** /links: the resources she recommends, each with a line on why. */
export default function LinksPage() {
  const { answer, failure } = useAnswer("linksPage");
  return (
    <PageColumn title={t("Helpful links")}>
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("This page could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!answer && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {answer && answer.links.length === 0 ? <p>{t("Her favourite resources will be listed here soon.")}</p> : null}
      {answer && answer.links.length > 0 ? (
        <ul className="stack" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {answer.links.map((link) => (
            <li key={link.url} className="panel" style={{ margin: 0 }}>
              <a href={link.url} className="link" rel="noopener noreferrer" style={{ fontWeight: 600 }}>
                {link.title}
              </a>
              {link.description ? <p style={{ margin: "4px 0 0" }}>{link.description}</p> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </PageColumn>
  );
}
