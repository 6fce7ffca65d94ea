import { Link } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { pictureSources } from "../../../../contract/picture-sources.ts";
import { t } from "./messages.ts";

/** /about: who the doula is, in her words, with her credentials and what mothers said. */
export default function AboutPage() {
  const { answer, failure } = useAnswer("aboutPage");
  return (
    <PageColumn title={answer?.instructor_name ? t("About {name}", { name: answer.instructor_name }) : t("About")}>
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("This page could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!answer && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {answer ? (
        <>
          {answer.photo ? (
            <img
              {...pictureSources(answer.photo)}
              sizes="(min-width: 560px) 240px, 60vw"
              alt={t("{name}, your doula", { name: answer.instructor_name })}
              width={240}
              height={240}
              className="portrait"
            />
          ) : null}
          {answer.story_html ? (
            <SafeHtml html={answer.story_html} />
          ) : (
            <p>{t("She will introduce herself here soon. Meanwhile, you are very welcome to write to her.")}</p>
          )}
          {answer.credentials.length > 0 ? (
            <section aria-labelledby="credentials-heading" className="page-section">
              <h2 id="credentials-heading" className="page-section-title">
                {t("Training and credentials")}
              </h2>
              <ul className="spaced-list">
                {answer.credentials.map((credential) => (
                  <li key={credential}>{credential}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {answer.testimonials.length > 0 ? (
            <section aria-labelledby="testimonials-heading" className="page-section">
              <h2 id="testimonials-heading" className="page-section-title">
                {t("What mothers say")}
              </h2>
              {answer.testimonials.map((testimonial, index) => (
                <figure key={index} className="panel" style={{ margin: "0 0 12px" }}>
                  <blockquote style={{ margin: 0, whiteSpace: "pre-line" }}>{testimonial.text}</blockquote>
                  <figcaption className="quiet-text" style={{ marginTop: 8 }}>
                    {testimonial.first_name}
                  </figcaption>
                </figure>
              ))}
            </section>
          ) : null}
          <div className="row">
            <Link to="/contact" className="button button-contained">
              {t("Write to her")}
            </Link>
            <Link to="/book" className="button button-outlined">
              {t("Book 1:1 support")}
            </Link>
          </div>
        </>
      ) : null}
    </PageColumn>
  );
}
