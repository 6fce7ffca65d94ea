import "./inbox-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import type { InboxMessage } from "../../../../../contract/studio/inbox.ts";
import { TextField } from "../../../components/text-field.tsx";
import { Link, useSearchParams } from "react-router";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { addressOf } from "../../../lib/api.ts";
import { useAction } from "../../../lib/use-action.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import "../message-endpoints.ts";
import { formatDateTime, LabelledSelect, Loading, SearchBar, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { t, tWith } from "../messages.ts";

const kindNames = () => ({ feedback: t("Feedback"), contact: t("Contact") }) as const;

/** Her answer to one message: mailed to its sender with Reply-To her address, and kept under it. */
function ReplyForm({ message, onDone }: { message: InboxMessage; onDone: (sentence?: string) => void }) {
  const [body, setBody] = useState("");
  // One key per reply she writes: a second press of Send, or a retry, mails nothing more (the server checks it).
  const [sendKey] = useState(() => crypto.randomUUID());
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await run(
      () => send("replyToMessage", { params: { id: message.id }, body: { body, send_key: sendKey } }),
      (answer) => answer.message,
    );
    if (sent) onDone(sent.message);
  };
  const fieldError = outcome?.tone === "error" ? outcome.details?.body : undefined;
  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={t("Reply to {reply_to}", { reply_to: message.reply_to })}
      sx={{ display: "grid", gap: 1, mt: 1 }}
    >
      <TextField
        label={t("Your reply to {reply_to}", { reply_to: message.reply_to })}
        name="body"
        multiline
        rows={6}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError ?? t("Sent by e-mail; their answer comes to your own address.")}
        autoFocus
      />
      {outcome?.tone === "error" && !fieldError ? <OutcomeNotice outcome={outcome} /> : null}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Send reply")}
        </Button>
        <Button onClick={() => onDone()}>{t("Cancel")}</Button>
      </Box>
    </Box>
  );
}

/** Members' questions under lessons that have no answer from her yet (the community's queue), above the messages. */
function UnansweredQuestions() {
  const questions = useAnswer("communityQueue").answer?.unanswered_questions ?? [];
  if (questions.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="unanswered-questions" sx={{ ...studioNoticeStyle, mb: 2 }}>
      <h2 id="unanswered-questions" style={{ margin: "0 0 8px", fontSize: "1.1rem" }}>
        {t("Questions under lessons waiting for your answer ({length})", { length: questions.length })}
      </h2>
      <ul style={{ margin: 0 }}>
        {questions.map((question) => (
          <li key={question.thread_id}>
            {tWith("{link} (asked {asked_at})", {
              asked_at: formatDateTime(question.asked_at),
              link: <Link to={`/community/thread/${question.thread_id}`}>{question.title}</Link>,
            })}
          </li>
        ))}
      </ul>
    </Box>
  );
}

export default function InboxPage() {
  const [params, setParams] = useSearchParams();
  const kind = params.get("kind") === "feedback" || params.get("kind") === "contact" ? (params.get("kind") as "feedback" | "contact") : "";
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [typed, setTyped] = useState(search);
  const filter = { ...(kind ? { kind } : {}), ...(search ? { search } : {}) };
  const { answer, failure } = useAnswer("studioInbox", { query: { ...filter, page } });
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [replying, setReplying] = useState<number | null>(null);
  const [replied, setReplied] = useState<string | null>(null);
  const go = (changes: Record<string, string>) => {
    const next = { ...(kind ? { kind } : {}), ...(search ? { search } : {}), page: String(page), ...changes };
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== "")));
  };
  const markRead = async (id: number, read: boolean) => {
    setReplied(null);
    await run(
      () => send("markMessageRead", { params: { id }, body: { read } }),
      (result) => result.message,
    );
  };
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.page_size)) : 1;

  return (
    <StudioPage
      title={t("Inbox")}
      intro={t("Feedback forms and contact messages from members and visitors, newest first. Reply by e-mail from here.")}
    >
      <UnansweredQuestions />
      <SearchBar label={t("Search messages")} value={typed} onChange={setTyped} onSearch={() => go({ search: typed.trim(), page: "1" })}>
        <LabelledSelect
          label={t("Show")}
          value={kind}
          onChange={(value) => go({ kind: value, page: "1" })}
          options={[
            { value: "", label: t("Feedback and contact") },
            { value: "feedback", label: t("Feedback only") },
            { value: "contact", label: t("Contact only") },
          ]}
        />
        <Button component="a" href={addressOf("studioInboxCsv", { query: filter })} download variant="outlined">
          {t("Download CSV")}
        </Button>
      </SearchBar>
      <OutcomeNotice outcome={replied ? { tone: "success", text: replied } : outcome} style={studioNoticeStyle} />
      {!answer ? (
        <Loading failure={failure} what={t("the inbox")} />
      ) : (
        <>
          <p role="status">
            {answer.total === 0
              ? t("No message matches.")
              : t("{total, plural, one {# message} other {# messages}}, {unread} unread in all. Page {page} of {pages}.", {
                  total: answer.total,
                  unread: answer.unread,
                  page: answer.page,
                  pages: pages,
                })}
          </p>
          <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
            {answer.messages.map((message) => {
              const from =
                message.member_email ?? (message.reply_to ? t("{email} (visitor)", { email: message.reply_to }) : t("a deleted member"));
              const heading = t("{kind} from {from}", { kind: kindNames()[message.kind], from });
              return (
                <Box
                  component="li"
                  key={message.id}
                  aria-label={message.read ? heading : t("Unread: {heading}", { heading })}
                  sx={{
                    p: 2,
                    borderRadius: 2,
                    border: "1px solid var(--border)",
                    borderInlineStart: message.read ? "1px solid var(--border)" : "5px solid var(--accent)",
                    bgcolor: message.read ? "transparent" : "var(--tint-unread)",
                  }}
                >
                  <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
                    <Box component="h2" sx={{ fontSize: "1.05rem", m: 0, fontWeight: message.read ? 500 : 700 }}>
                      {message.read ? "" : `${t("New")} · `}
                      {heading}
                    </Box>
                    <Box sx={{ color: "text.secondary", fontSize: "0.9rem" }}>{formatDateTime(message.received_at)}</Box>
                  </Box>
                  <Box component="dl" sx={{ my: 1, "& dt": { fontWeight: 600, mt: 1 }, "& dd": { m: 0, whiteSpace: "pre-wrap" } }}>
                    {message.fields.map((field) => (
                      <div key={field.label}>
                        <dt>{field.label}</dt>
                        <dd>{field.value}</dd>
                      </div>
                    ))}
                  </Box>
                  {message.replies.length > 0 ? (
                    <Box
                      component="section"
                      aria-label={t("Your replies to {from}", { from: from })}
                      sx={{ borderInlineStart: "3px solid var(--dashed)", paddingInlineStart: "12px", my: 1 }}
                    >
                      {message.replies.map((reply) => (
                        <Box key={reply.sent_at} sx={{ mb: 1 }}>
                          <Box sx={{ fontWeight: 600, fontSize: "0.9rem" }}>
                            {t("You replied on {sent_at}", { sent_at: formatDateTime(reply.sent_at) })}
                          </Box>
                          <Box sx={{ whiteSpace: "pre-wrap" }}>{reply.body}</Box>
                        </Box>
                      ))}
                    </Box>
                  ) : null}
                  {replying === message.id && message.reply_to ? (
                    <ReplyForm
                      message={message}
                      onDone={(sentence) => {
                        setReplying(null);
                        if (sentence) setReplied(sentence);
                      }}
                    />
                  ) : (
                    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
                      {message.reply_to ? (
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => setReplying(message.id)}
                          aria-label={t("Reply to {from}", { from: from })}
                        >
                          {t("Reply")}
                        </Button>
                      ) : null}
                      <Button size="small" disabled={busy} onClick={() => void markRead(message.id, !message.read)}>
                        {message.read ? t("Mark unread") : t("Mark read")}
                      </Button>
                    </Box>
                  )}
                </Box>
              );
            })}
          </Box>
          {pages > 1 ? (
            <Box component="nav" aria-label={t("Pages of messages")} sx={{ display: "flex", gap: 1, mt: 2 }}>
              <Button disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>
                {t("Newer")}
              </Button>
              <Button disabled={page >= pages} onClick={() => go({ page: String(page + 1) })}>
                {t("Older")}
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </StudioPage>
  );
}
