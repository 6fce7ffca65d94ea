import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { addressOf } from "../../../lib/api.ts";
import { useAction } from "../../../lib/use-action.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { formatDateTime, LabelledSelect, Loading, SearchBar, StudioPage, studioNoticeStyle } from "../studio-parts.tsx";

const kindNames = { feedback: "Feedback", contact: "Contact" } as const;

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
  const go = (changes: Record<string, string>) => {
    const next = { ...(kind ? { kind } : {}), ...(search ? { search } : {}), page: String(page), ...changes };
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== "")));
  };
  const markRead = async (id: number, read: boolean) => {
    await run(
      () => send("markMessageRead", { params: { id }, body: { read } }),
      (result) => result.message,
    );
  };
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.page_size)) : 1;

  return (
    <StudioPage title="Inbox" intro="Feedback forms and contact messages from members, newest first.">
      <SearchBar label="Search messages" value={typed} onChange={setTyped} onSearch={() => go({ search: typed.trim(), page: "1" })}>
        <LabelledSelect
          label="Show"
          value={kind}
          onChange={(value) => go({ kind: value, page: "1" })}
          options={[
            { value: "", label: "Feedback and contact" },
            { value: "feedback", label: "Feedback only" },
            { value: "contact", label: "Contact only" },
          ]}
        />
        <Button component="a" href={addressOf("studioInboxCsv", { query: filter })} download variant="outlined">
          Download CSV
        </Button>
      </SearchBar>
      <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
      {!answer ? (
        <Loading failure={failure} what="the inbox" />
      ) : (
        <>
          <p role="status">
            {answer.total === 0
              ? "No message matches."
              : `${answer.total} message${answer.total === 1 ? "" : "s"}, ${answer.unread} unread in all. Page ${answer.page} of ${pages}.`}
          </p>
          <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
            {answer.messages.map((message) => {
              const heading = `${kindNames[message.kind]} from ${message.member_email ?? "a deleted member"}`;
              return (
                <Box
                  component="li"
                  key={message.id}
                  aria-label={`${message.read ? "" : "Unread: "}${heading}`}
                  sx={{
                    p: 2,
                    borderRadius: 2,
                    border: "1px solid #e2d4d4",
                    borderLeft: message.read ? "1px solid #e2d4d4" : "5px solid #7a3e48",
                    bgcolor: message.read ? "transparent" : "#fffaf7",
                  }}
                >
                  <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
                    <Box component="h2" sx={{ fontSize: "1.05rem", m: 0, fontWeight: message.read ? 500 : 700 }}>
                      {message.read ? "" : "New · "}
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
                  <Button size="small" disabled={busy} onClick={() => void markRead(message.id, !message.read)}>
                    {message.read ? "Mark unread" : "Mark read"}
                  </Button>
                </Box>
              );
            })}
          </Box>
          {pages > 1 ? (
            <Box component="nav" aria-label="Pages of messages" sx={{ display: "flex", gap: 1, mt: 2 }}>
              <Button disabled={page <= 1} onClick={() => go({ page: String(page - 1) })}>
                Newer
              </Button>
              <Button disabled={page >= pages} onClick={() => go({ page: String(page + 1) })}>
                Older
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </StudioPage>
  );
}
