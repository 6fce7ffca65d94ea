import "./search-endpoints.ts";
import { Fragment, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { PageColumn } from "../../components/page-column.tsx";
import { SearchBox } from "./search-box.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { clockTime } from "../../lib/clock-time.ts";
import { t } from "./messages.ts";

// One box over what she may open (docs/search.md): lessons (their words, transcripts and
// downloads) and conversations, each with a passage where the words found are marked.

const unescaped = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** A passage as the server marks it (escaped text, the words found between <mark> and </mark>), drawn as elements. */
function Snippet({ marked }: { marked: string }) {
  if (!marked) return null;
  return (
    <p className="search-snippet">
      {marked
        .split(/(<mark>.*?<\/mark>)/)
        .map((part, index) =>
          part.startsWith("<mark>") ? (
            <mark key={index}>{unescaped(part.slice(6, -7))}</mark>
          ) : (
            <Fragment key={index}>{unescaped(part)}</Fragment>
          ),
        )}
    </p>
  );
}

/** One group of results (lessons, conversations) under its heading; nothing when it found none. */
function ResultGroup({ id, title, children }: { id: string; title: string; children: ReactNode[] }) {
  if (children.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="search-results">{children}</ul>
    </section>
  );
}

function Results({ q }: { q: string }) {
  const { answer, failure } = useAnswer("search", { query: { q } });
  if (failure) return <p role="alert">{failure.error ?? t("The search could not be done just now. Please try again in a moment.")}</p>;
  if (!answer) return <Spinner label={t("Searching")} />;
  const { lessons, conversations } = answer;
  return (
    <>
      <p role="status" className="small-text quiet-text">
        {lessons.length + conversations.length === 0
          ? t("Nothing found for “{q}”. Try another word, or fewer words.", { q })
          : t(
              "Found {lessons, plural, one {# lesson} other {# lessons}} and {conversations, plural, one {# conversation} other {# conversations}} for “{q}”.",
              {
                lessons: lessons.length,
                conversations: conversations.length,
                q,
              },
            )}
      </p>
      <ResultGroup id="search-lessons-heading" title={t("Lessons")}>
        {lessons.map((lesson) => (
          <li key={lesson.lesson_id}>
            <Link
              to={`/lesson?course=${lesson.course_id}&lesson=${lesson.lesson_id}${lesson.at === null ? "" : `&at=${Math.floor(lesson.at)}`}`}
            >
              {lesson.title}
              {lesson.at === null ? null : (
                // The space is text, so a screen reader says "… labour, at 4:32", not "labourat".
                <>
                  {" "}
                  <span className="search-at">{t("at {time}", { time: clockTime(lesson.at) })}</span>
                </>
              )}
            </Link>
            <Snippet marked={lesson.snippet} />
          </li>
        ))}
      </ResultGroup>
      <ResultGroup id="search-conversations-heading" title={t("Conversations")}>
        {conversations.map((conversation) => (
          <li key={conversation.thread_id}>
            <Link to={`/community/thread/${conversation.thread_id}`}>{conversation.title}</Link>
            <Snippet marked={conversation.snippet} />
          </li>
        ))}
      </ResultGroup>
    </>
  );
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  return (
    <PageColumn title={t("Search")}>
      {/* A new search is a new address: the box starts from it. */}
      <SearchBox key={q} label={t("Search lessons and conversations")} initial={q} />
      {q ? <Results q={q} /> : <p>{t("Search the lessons' words, their transcripts and downloads, and the community's conversations.")}</p>}
    </PageColumn>
  );
}
