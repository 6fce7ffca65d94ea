import "./community-endpoints.ts";
import { type FormEvent, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { PostForm } from "./conversation.tsx";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { firstPageParams } from "../../lib/first-answers.ts";
import { dateFormatOnUse } from "../../lib/formats.ts";
import { t } from "./messages.ts";

const dayFormat = dateFormatOnUse({ day: "numeric", month: "long" });
const PAGE_SIZE = 20;

/** /community/topic/:id: a topic's conversations, pinned first then latest, with search and a new conversation. */
export default function TopicPage() {
  const address = useParams().id ?? "";
  const id = Number(address);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const q = params.get("q") ?? "";
  const [search, setSearch] = useState(q);
  const { answer, failure } = useAnswer("topicThreads", firstPageParams(address, page, q));
  const send = useSend();
  const find = (event: FormEvent) => {
    event.preventDefault();
    setParams(search ? { q: search } : {});
  };
  const pages = answer ? Math.max(1, Math.ceil(answer.total / PAGE_SIZE)) : 1;
  return (
    <PageColumn title={answer?.topic.title ?? t("Community")}>
      <p style={{ margin: "0 0 12px" }}>
        <Link to="/community">{t("All topics")}</Link>
      </p>
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("This topic could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      <form role="search" aria-label={t("Search this topic")} onSubmit={find} className="row" style={{ alignItems: "flex-end", gap: 8 }}>
        <TextField label={t("Search")} name="q" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button button-outlined">
          {t("Search")}
        </button>
      </form>
      {!answer && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {answer && answer.threads.length === 0 ? (
        <p>{q ? t("Nothing here matches that search.") : t("No conversation yet: yours can be the first.")}</p>
      ) : null}
      {answer ? (
        <ul className="thread-list" aria-label={t("Conversations")}>
          {answer.threads.map((thread) => (
            <li key={thread.id}>
              <Link to={`/community/thread/${thread.id}`}>{thread.title}</Link>
              <span className="small-text quiet-text">
                {" · "}
                {[
                  thread.author,
                  t("{replies, plural, one {# reply} other {# replies}}", { replies: thread.replies }),
                  dayFormat.format(new Date(thread.last_activity_at)),
                  thread.pinned ? t("pinned") : null,
                  thread.locked ? t("closed") : null,
                  thread.answered ? t("answered") : null,
                  thread.status === "pending" ? t("waiting for the instructor") : null,
                  thread.content_note ? t("note: {note}", { note: thread.content_note }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav aria-label={t("Pages of conversations")} className="row">
          {page > 1 ? <Link to={`?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page - 1) })}`}>{t("Newer")}</Link> : null}
          <span>{t("Page {page} of {pages}", { page, pages })}</span>
          {page < pages ? <Link to={`?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page + 1) })}`}>{t("Older")}</Link> : null}
        </nav>
      ) : null}
      {answer ? (
        <section aria-labelledby="new-conversation" className="page-section">
          <h2 id="new-conversation" className="page-section-title">
            {t("Start a conversation")}
          </h2>
          <PostForm
            label={t("Start a conversation")}
            withTitle
            submit={({ title, body, content_note }) => send("startThread", { params: { id }, body: { title, body, content_note } })}
          />
        </section>
      ) : null}
    </PageColumn>
  );
}
