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
    <PageColumn title={answer?.topic.title ?? "Community"}>
      <p style={{ margin: "0 0 12px" }}>
        <Link to="/community">All topics</Link>
      </p>
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? "This topic could not be loaded. Please try again in a moment."}
        </Notice>
      ) : null}
      <form role="search" aria-label="Search this topic" onSubmit={find} className="row" style={{ alignItems: "flex-end", gap: 8 }}>
        <TextField label="Search" name="q" value={search} onChange={(event) => setSearch(event.target.value)} />
        <button type="submit" className="button button-outlined">
          Search
        </button>
      </form>
      {!answer && !failure ? <ProgressRing size={32} label="Loading" /> : null}
      {answer && answer.threads.length === 0 ? (
        <p>{q ? "Nothing here matches that search." : "No conversation yet: yours can be the first."}</p>
      ) : null}
      {answer ? (
        <ul className="thread-list" aria-label="Conversations">
          {answer.threads.map((thread) => (
            <li key={thread.id}>
              <Link to={`/community/thread/${thread.id}`}>{thread.title}</Link>
              <span className="small-text quiet-text">
                {" "}
                {thread.author ? `· ${thread.author} ` : ""}· {thread.replies === 1 ? "1 reply" : `${thread.replies} replies`} ·{" "}
                {dayFormat.format(new Date(thread.last_activity_at))}
                {thread.pinned ? " · pinned" : ""}
                {thread.locked ? " · closed" : ""}
                {thread.answered ? " · answered" : ""}
                {thread.status === "pending" ? " · waiting for the instructor" : ""}
                {thread.content_note ? ` · note: ${thread.content_note}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Pages of conversations" className="row">
          {page > 1 ? <Link to={`?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page - 1) })}`}>Newer</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={`?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page + 1) })}`}>Older</Link> : null}
        </nav>
      ) : null}
      {answer ? (
        <section aria-labelledby="new-conversation" className="page-section">
          <h2 id="new-conversation" className="page-section-title">
            Start a conversation
          </h2>
          <PostForm
            label="Start a conversation"
            withTitle
            submit={({ title, body, content_note }) => send("startThread", { params: { id }, body: { title, body, content_note } })}
          />
        </section>
      ) : null}
    </PageColumn>
  );
}
