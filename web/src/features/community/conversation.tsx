import "./community-endpoints.ts";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { CommunityPost, CommunityThread } from "../../../../contract/community.ts";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { addressOf } from "../../lib/api.ts";
import { SafeHtml } from "../../lib/safe-html.tsx";
import { useSession } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { dateFormatOnUse } from "../../lib/formats.ts";
import { t, tWith } from "./messages.ts";
import { contentNoteName } from "../../lib/content-note-names.ts";

// A community conversation (docs/product.md, Community), on its own page and under a lesson: its
// posts, live as others write, a post with a content note folded behind it, and her reply.

const dateFormat = dateFormatOnUse({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** The posts written since the page read the conversation, as its event stream brings them; "changed" reads it again. */
function useLivePosts(thread: CommunityThread | undefined, refresh: () => void): CommunityPost[] {
  const [arrived, setArrived] = useState<CommunityPost[]>([]);
  const threadId = thread?.id;
  const lastRead = thread?.posts.at(-1)?.id ?? 0;
  useEffect(() => {
    if (threadId === undefined || typeof EventSource === "undefined") return;
    setArrived([]);
    const events = new EventSource(addressOf("threadEvents", { params: { id: threadId }, query: { after: lastRead } }));
    events.addEventListener("posts", (event) => {
      const { posts } = JSON.parse((event as MessageEvent<string>).data) as { posts: CommunityPost[] };
      setArrived((current) => [...current.filter((post) => !posts.some((fresh) => fresh.id === post.id)), ...posts]);
    });
    events.addEventListener("changed", refresh);
    // Cut off (offline, a proxy), the page works as before without live replies; EventSource reconnects by itself.
    return () => events.close();
  }, [threadId, lastRead, refresh]);
  return useMemo(() => {
    const known = new Set(thread?.posts.map((post) => post.id));
    return [...(thread?.posts ?? []), ...arrived.filter((post) => !known.has(post.id))].sort((a, b) => a.id - b.id);
  }, [thread, arrived]);
}

function ContentNoteFold({ note, children }: { note: string; children: React.ReactNode }) {
  const [shown, setShown] = useState(false);
  if (shown) return <>{children}</>;
  return (
    <div className="content-note">
      <p style={{ margin: "0 0 8px" }}>
        {tWith("This post carries a content note: {strong}.", { strong: <strong>{contentNoteName(note)}</strong> })}
      </p>
      <button
        type="button"
        className="button button-outlined"
        onClick={() => setShown(true)}
        aria-label={t("Show the post ({note})", { note: contentNoteName(note) })}
      >
        {t("Show")}
      </button>
    </div>
  );
}

function ReportForm({ postId, onDone }: { postId: number; onDone: (message: string) => void }) {
  const [reason, setReason] = useState("");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(
      () => send("reportPost", { params: { id: postId }, body: { reason } }),
      (reported) => reported.message,
    );
    if (answer) onDone(answer.message);
  };
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  return (
    <form onSubmit={submit} noValidate aria-label={t("Report this post")} className="stack" style={{ marginTop: 8 }}>
      <TextField
        label={t("What is wrong with it?")}
        name="reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(details?.reason)}
        helperText={details?.reason ?? t("Only your doula reads this.")}
        autoFocus
      />
      <OutcomeNotice outcome={details ? null : outcome} />
      <div className="row">
        <button type="submit" className="button button-outlined" disabled={busy}>
          {t("Send the report")}
        </button>
      </div>
    </form>
  );
}

function EditForm({ post, onDone }: { post: CommunityPost; onDone: () => void }) {
  const [body, setBody] = useState(() => new DOMParser().parseFromString(post.body_html, "text/html").body.textContent ?? "");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await run(
        () => send("editPost", { params: { id: post.id }, body: { body } }),
        (answer) => answer.message,
      )
    )
      onDone();
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t("Change your post")} className="stack">
      <TextField
        label={t("Your post")}
        name="body"
        multiline
        minRows={3}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        autoFocus
      />
      <OutcomeNotice outcome={outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Save")}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t("Cancel")}
        </button>
      </div>
    </form>
  );
}

/** Her "thank you": a heart with the count, pressed again to take it back. */
function HeartButton({ post }: { post: CommunityPost }) {
  const [state, setState] = useState({ hearts: post.hearts, hearted: post.hearted });
  useEffect(() => setState({ hearts: post.hearts, hearted: post.hearted }), [post.hearts, post.hearted]);
  const send = useSend();
  const toggle = async () => {
    const wanted = !state.hearted;
    setState((current) => ({ hearts: current.hearts + (wanted ? 1 : -1), hearted: wanted }));
    try {
      setState(await send("heartPost", { params: { id: post.id }, body: { on: wanted } }));
    } catch {
      setState({ hearts: post.hearts, hearted: post.hearted });
    }
  };
  return (
    <button type="button" className="button" aria-pressed={state.hearted} onClick={() => void toggle()} disabled={post.mine}>
      <span aria-hidden="true">{state.hearted ? "♥" : "♡"}</span> {t("Thank you")}
      {state.hearts > 0 ? ` (${state.hearts})` : ""}
    </button>
  );
}

function PostItem({
  post,
  isAnswer,
  collapsed,
  canMarkAnswer,
  threadId,
  onChanged,
}: {
  post: CommunityPost;
  isAnswer: boolean;
  collapsed: boolean;
  canMarkAnswer: boolean;
  threadId: number;
  onChanged: () => void;
}) {
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const editable = post.editable_until !== undefined && new Date(post.editable_until).getTime() > Date.now();
  const remove = async () => {
    if (
      await run(
        () => send("deleteOwnPost", { params: { id: post.id }, body: {} }),
        (answer) => answer.message,
      )
    )
      onChanged();
  };
  const markAnswer = async () => {
    const answer = await run(
      () => send("markAnswer", { params: { id: threadId }, body: { post_id: isAnswer ? null : post.id } }),
      (result) => result.message,
    );
    if (answer) onChanged();
  };
  const body = <SafeHtml html={post.body_html} />;
  return (
    <li
      className={isAnswer ? "post post-answer" : "post"}
      aria-label={post.author ? t("Post by {author}", { author: post.author }) : t("Removed post")}
    >
      {post.status !== "removed" ? (
        <p className="small-text quiet-text" style={{ margin: "0 0 6px" }}>
          <strong className="post-author">{post.author}</strong>
          {post.by_instructor ? <span className="badge">{t("Your doula")}</span> : null} · {dateFormat.format(new Date(post.created_at))}
          {post.edited ? ` · ${t("edited")}` : ""}
        </p>
      ) : null}
      {isAnswer ? <p className="post-answer-label">{t("The answer from your doula")}</p> : null}
      {post.status === "pending" ? <p className="post-status">{t("Waiting for the instructor: only you can see it for now.")}</p> : null}
      {post.status === "hidden" ? <p className="post-status">{t("Hidden from others while your doula looks at it.")}</p> : null}
      {editing ? (
        <EditForm
          post={post}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      ) : post.content_note && collapsed && !post.mine ? (
        <ContentNoteFold note={post.content_note}>{body}</ContentNoteFold>
      ) : (
        body
      )}
      <OutcomeNotice outcome={reported ? { tone: "success", text: reported } : outcome} />
      {post.status !== "removed" && !editing ? (
        <div className="row post-actions">
          {post.status === "published" ? <HeartButton post={post} /> : null}
          {post.mine && editable ? (
            <button type="button" className="button" onClick={() => setEditing(true)}>
              {t("Edit")}
            </button>
          ) : null}
          {post.mine ? (
            <button type="button" className="button" disabled={busy} onClick={() => void remove()}>
              {t("Delete")}
            </button>
          ) : null}
          {!post.mine && post.status === "published" && !reported ? (
            <button type="button" className="button" aria-expanded={reporting} onClick={() => setReporting(!reporting)}>
              {t("Report")}
            </button>
          ) : null}
          {canMarkAnswer && post.by_instructor && post.status === "published" ? (
            <button type="button" className="button" disabled={busy} onClick={() => void markAnswer()}>
              {isAnswer ? t("Unmark the answer") : t("Mark as the answer")}
            </button>
          ) : null}
        </div>
      ) : null}
      {reporting ? (
        <ReportForm
          postId={post.id}
          onDone={(message) => {
            setReporting(false);
            setReported(message);
          }}
        />
      ) : null}
    </li>
  );
}

/** Her reply, with a content note she may choose from the list. */
export function PostForm({
  label,
  withTitle,
  submit,
}: {
  label: string;
  withTitle: boolean;
  submit: (fields: { title: string; body: string; content_note: string | null }) => Promise<{ message: string }>;
}) {
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [note, setNote] = useState("");
  const notes = useAnswer("contentNotes").answer?.notes ?? [];
  const { outcome, busy, run } = useAction();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await run(
      () => submit({ title, body, content_note: note || null }),
      (written) => written.message,
    );
    if (answer) {
      setTitle("");
      setBody("");
      setNote("");
    }
  };
  return (
    <form onSubmit={send} noValidate aria-label={label} className="stack" style={{ marginTop: 16 }}>
      {withTitle ? (
        <TextField
          label={t("Title")}
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(details?.title)}
          helperText={details?.title}
        />
      ) : null}
      <TextField
        label={withTitle ? t("Your words") : t("Your reply")}
        name="body"
        multiline
        minRows={3}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={Boolean(details?.body)}
        helperText={details?.body ?? t("**bold**, *italic*, lists and links work. Up to 5,000 characters.")}
      />
      <label className="text-field-label" style={{ display: "flex", flexDirection: "column", gap: 4 }}>
        {t("Content note (optional)")}
        <select value={note} onChange={(event) => setNote(event.target.value)} className="text-field-input" name="content_note">
          <option value="">{t("None")}</option>
          {notes.map((entry) => (
            <option key={entry.id} value={entry.name}>
              {contentNoteName(entry.name)}
            </option>
          ))}
        </select>
      </label>
      <OutcomeNotice outcome={details ? null : outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {withTitle ? t("Post") : t("Reply")}
        </button>
      </div>
    </form>
  );
}

/** One conversation: its posts, live, and the reply box (or why there is none). */
export function Conversation({ thread, refresh }: { thread: CommunityThread; refresh: () => void }) {
  const posts = useLivePosts(thread, refresh);
  const send = useSend();
  const instructor = useSession().user?.role === "admin";
  const collapsedNotes = useAnswer("communityProfile").answer?.collapsed_notes;
  return (
    <div className="conversation">
      <ol className="post-list" aria-label={t("Posts in {title}", { title: thread.title })} aria-live="polite" aria-relevant="additions">
        {posts.map((post) => (
          <PostItem
            key={post.id}
            post={post}
            isAnswer={post.id === thread.answer_post_id}
            collapsed={post.content_note !== null && (collapsedNotes ?? [post.content_note]).includes(post.content_note)}
            canMarkAnswer={instructor && thread.lesson_id !== null}
            threadId={thread.id}
            onChanged={refresh}
          />
        ))}
      </ol>
      {thread.locked && !instructor ? (
        <p className="small-text">{t("This conversation is closed to new replies.")}</p>
      ) : (
        <PostForm
          label={t("Reply to {title}", { title: thread.title })}
          withTitle={false}
          submit={({ body, content_note }) => send("replyToThread", { params: { id: thread.id }, body: { body, content_note } })}
        />
      )}
    </div>
  );
}
