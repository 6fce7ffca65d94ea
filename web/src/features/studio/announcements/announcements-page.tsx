import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import "../message-endpoints.ts";
import { fieldsetStyle, RadioChoices, formatDateTime, Loading, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { t } from "../messages.ts";

type Audience = "all" | "course" | "due_month";

/** A message to her members: mailed at once (after one more press), and shown on their home page until she removes it. */
function AnnouncementForm({ onSent }: { onSent: (sentence: string) => void }) {
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [audience, setAudience] = useState<Audience>("all");
  const [courseId, setCourseId] = useState("");
  const [dueMonth, setDueMonth] = useState("");
  const [confirming, setConfirming] = useState(false);
  // One key per announcement she writes: a second press, or a retry, mails nothing more (the server checks it).
  const [sendKey, setSendKey] = useState(() => crypto.randomUUID());
  const courses = useAnswer("studioCourses").answer?.courses.filter((course) => course.published) ?? [];
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const who =
    audience === "course"
      ? t("the members of “{course}”", { course: courses.find((course) => String(course.id) === courseId)?.title ?? t("the course") })
      : audience === "due_month"
        ? t("the members due in {month}", { month: dueMonth || t("that month") })
        : t("all members");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) return setConfirming(true);
    const sent = await run(
      () =>
        send("sendAnnouncement", {
          body: {
            title,
            body,
            audience,
            course_id: audience === "course" && courseId ? Number(courseId) : null,
            due_month: audience === "due_month" && dueMonth ? dueMonth : null,
            send_key: sendKey,
          },
        }),
      (answer) => answer.message,
    );
    setConfirming(false);
    if (!sent) return;
    onSent(sent.message);
    setTitle("");
    setBody("");
    setSendKey(crypto.randomUUID());
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t("Write to members")} sx={{ display: "grid", gap: 1.5, maxWidth: 640 }}>
      <TextField
        label={t("Subject")}
        name="title"
        required
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(details?.title)}
        helperText={details?.title}
      />
      <TextField
        label={t("Message")}
        name="body"
        required
        multiline
        rows={8}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={Boolean(details?.body)}
        helperText={details?.body ?? t("Plain text; leave an empty line between paragraphs.")}
      />
      <Box component="fieldset" sx={fieldsetStyle}>
        <legend>{t("Who receives it")}</legend>
        <RadioChoices
          name="audience"
          value={audience}
          choices={
            [
              ["all", t("All members")],
              ["course", t("The members of one course")],
              ["due_month", t("The members due in one month")],
            ] as const
          }
          onChange={setAudience}
        />
        {audience === "course" ? (
          <Box component="label" sx={{ display: "flex", flexDirection: "column", fontWeight: 600, mt: 1 }}>
            {t("Course")}
            <select
              value={courseId}
              onChange={(event) => setCourseId(event.target.value)}
              aria-invalid={Boolean(details?.course_id)}
              style={{ font: "inherit", fontWeight: 400, padding: 8, borderRadius: 8 }}
            >
              <option value="">{t("Choose a published course")}</option>
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.title}
                </option>
              ))}
            </select>
            {details?.course_id ? (
              <Box component="span" sx={{ color: "var(--error-ink)", fontWeight: 400 }}>
                {details.course_id}
              </Box>
            ) : null}
          </Box>
        ) : null}
        {audience === "due_month" ? (
          <Box sx={{ mt: 1 }}>
            <TextField
              label={t("Due in (month)")}
              name="due_month"
              type="month"
              value={dueMonth}
              onChange={(event) => setDueMonth(event.target.value)}
              error={Boolean(details?.due_month)}
              helperText={details?.due_month ?? t("As YYYY-MM if your browser shows a plain box.")}
            />
          </Box>
        ) : null}
      </Box>
      {outcome?.tone === "error" && !details ? <OutcomeNotice outcome={outcome} /> : null}
      {confirming ? (
        <Box role="group" aria-label={t("Send it now?")} sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
          <span>{t("Send “{subject}” to {who} now? It is mailed at once.", { subject: title.trim() || t("(no subject)"), who })}</span>
          <Button type="submit" variant="contained" disabled={busy} autoFocus>
            {t("Yes, send it")}
          </Button>
          <Button onClick={() => setConfirming(false)}>{t("Not yet")}</Button>
        </Box>
      ) : (
        <Box>
          <Button type="submit" variant="contained">
            {t("Send announcement…")}
          </Button>
        </Box>
      )}
    </Box>
  );
}

export default function AnnouncementsPage() {
  const { answer, failure } = useAnswer("studioAnnouncements", { query: {} });
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [sent, setSent] = useState<string | null>(null);
  const remove = (id: number) => {
    setSent(null);
    void run(
      () => send("removeAnnouncement", { params: { id }, body: {} }),
      (answer) => answer.message,
    );
  };
  return (
    <StudioPage
      title={t("Announcements")}
      intro={t(
        "A message to all members, a course's members or the members due in one month: mailed once, with a one-click unsubscribe, and shown on their home page until you remove it.",
      )}
    >
      <OutcomeNotice outcome={sent ? { tone: "success", text: sent } : outcome} style={studioNoticeStyle} />
      <PageSection title={t("Write to members")} id="write-heading">
        <AnnouncementForm onSent={setSent} />
      </PageSection>
      <PageSection title={t("Sent")} id="sent-heading">
        {!answer ? (
          <Loading failure={failure} what={t("the announcements")} />
        ) : answer.announcements.length === 0 ? (
          <p>{t("None yet.")}</p>
        ) : (
          <Box component="ol" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 1.5 }}>
            {answer.announcements.map((announcement) => (
              <Box component="li" key={announcement.id} sx={{ p: 2, border: "1px solid var(--border)", borderRadius: 2 }}>
                <Box component="h3" sx={{ fontSize: "1.05rem", m: 0 }}>
                  {announcement.title}
                </Box>
                <Box sx={{ color: "var(--ink-soft)", fontSize: "0.9rem" }}>
                  {[
                    formatDateTime(announcement.sent_at),
                    announcement.audience,
                    t("mailed to {recipients}", { recipients: announcement.recipients }),
                    announcement.removed ? t("removed from home pages") : t("on their home page"),
                  ].join(" · ")}
                </Box>
                <Box sx={{ whiteSpace: "pre-wrap", my: 1 }}>{announcement.body}</Box>
                {announcement.removed ? null : (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy}
                    onClick={() => remove(announcement.id)}
                    aria-label={t("Remove {title} from home pages", { title: announcement.title })}
                  >
                    {t("Remove from home pages")}
                  </Button>
                )}
              </Box>
            ))}
          </Box>
        )}
      </PageSection>
    </StudioPage>
  );
}
