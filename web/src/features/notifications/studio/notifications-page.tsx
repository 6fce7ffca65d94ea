import Box from "@mui/material/Box";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { NoticeDelivery, StudioNoticeKind } from "../../../../../contract/notifications.ts";
import { noticeKindsPushedOnTheirOwn } from "../../../../../contract/notifications-kinds.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDateTime, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t } from "./messages.ts";

const kindNames = (): Record<StudioNoticeKind, string> => ({
  client_signed: t("A client signs her agreement"),
  client_paid: t("A client pays online"),
  questionnaire_answered: t("A client answers a questionnaire"),
  client_message: t("A client writes to you"),
  registry_gift: t("A friend gives through a registry"),
  booking: t("Someone books a session"),
  class_registration: t("Someone has a place in a class"),
  labour_alert: t("A labour alert"),
});

/** What happened, newest first; what she had not seen is marked new, and is seen once shown here. */
function Notices() {
  const { answer, failure } = useAnswer("studioNotices");
  const send = useSend();
  // Which were new when she opened the page: they stay marked while she reads, though they are now seen.
  const [newOnes, setNewOnes] = useState<Set<number> | null>(null);
  const newest = answer?.notices[0]?.id;
  useEffect(() => {
    if (!answer || newOnes !== null) return;
    setNewOnes(new Set(answer.notices.filter((notice) => notice.unread).map((notice) => notice.id)));
    if (newest !== undefined && answer.unread > 0) void send("markNoticesRead", { body: { up_to: newest } }).catch(() => undefined);
  }, [answer, newOnes, newest, send]);
  if (!answer) return <Loading failure={failure} what={t("what happened")} />;
  if (answer.notices.length === 0) return <p>{t("Nothing yet. When a client signs, pays, answers or writes, you read it here.")}</p>;
  return (
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1 }}>
      {answer.notices.map((notice) => {
        const isNew = newOnes?.has(notice.id) ?? notice.unread;
        return (
          <Box
            component="li"
            key={notice.id}
            sx={{
              p: 1.5,
              borderRadius: 2,
              border: "1px solid var(--border)",
              borderInlineStart: isNew ? "4px solid var(--accent)" : "1px solid var(--border)",
            }}
          >
            {isNew ? <strong>{t("New:")} </strong> : null}
            <Link to={notice.link}>{notice.text}</Link>
            <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: "0.9rem" }}>
              {formatDateTime(notice.at)}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

const savedSentence = (delivery: NoticeDelivery) =>
  ({
    list: t("Saved: you will read this here only."),
    mail: t("Saved: you will also get a mail for this."),
    push: t("Saved: your devices will also tell you of this, where notifications are on."),
  })[delivery];

/** How she hears of each kind: the list only, or a mail or a push too; saved as she picks. */
function Choices() {
  const { answer, failure } = useAnswer("noticeChoices");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  if (!answer) return <Loading failure={failure} what={t("your choices")} />;
  const choose = (kind: StudioNoticeKind, delivery: NoticeDelivery) =>
    void run(
      () => send("saveNoticeChoices", { body: { choices: { [kind]: delivery } } }),
      () => savedSentence(delivery),
    );
  return (
    <Box sx={{ display: "grid", gap: 1.5, maxWidth: 560 }}>
      {(Object.entries(kindNames()) as [StudioNoticeKind, string][]).map(([kind, name]) => {
        const pushedOnItsOwn = noticeKindsPushedOnTheirOwn.includes(kind);
        const hintId = `notice-choice-${kind}-hint`;
        return (
          <Box key={kind} sx={{ display: "grid", gap: 0.5 }}>
            <label className="text-field-label" style={{ display: "flex", flexDirection: "column", gap: 4 }}>
              {name}
              <select
                className="text-field-input"
                value={answer.choices[kind]}
                disabled={busy}
                aria-describedby={pushedOnItsOwn ? hintId : undefined}
                onChange={(event) => choose(kind, event.target.value as NoticeDelivery)}
              >
                <option value="list">{t("Here only")}</option>
                <option value="mail">{t("Here and by mail")}</option>
                {pushedOnItsOwn ? null : <option value="push">{t("Here and on my devices")}</option>}
              </select>
            </label>
            {pushedOnItsOwn ? (
              <Box component="span" id={hintId} sx={{ color: "text.secondary", fontSize: "0.9rem", fontWeight: "normal" }}>
                {t("Your devices hear of this through its own switch in your account.")}
              </Box>
            ) : null}
          </Box>
        );
      })}
      <p style={{ margin: 0 }}>
        {t("“Here and on my devices” reaches every phone or computer where you turned on what happens in your practice:")}{" "}
        <Link to="/account#notifications-heading">{t("Notifications on this device")}</Link>
      </p>
      <OutcomeNotice outcome={outcome} />
    </Box>
  );
}

/** /studio/notifications: what happened in her practice, told once (docs/notifications.md). */
export default function NotificationsPage() {
  return (
    <StudioPage
      title={t("Notifications")}
      intro={t(
        "What happened in your practice, newest first: each thing once. Choose below what you also hear of by mail or on your devices.",
      )}
    >
      <PageSection title={t("What happened")} id="notices">
        <Notices />
      </PageSection>
      <PageSection title={t("How you hear of it")} id="notice-choices">
        <Choices />
      </PageSection>
    </StudioPage>
  );
}
