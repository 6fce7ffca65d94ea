import "./community-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { ModerationQueue } from "../../../../../contract/community.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { SafeHtml } from "../../../lib/safe-html.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { formatDateTime, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { t, tWith } from "./messages.ts";
import { contentNoteName } from "../../../lib/content-note-names.ts";

type Entry = ModerationQueue["waiting"][number];
type Action = ReturnType<typeof useAction>;

function PostCard({ entry, children }: { entry: Entry; children: React.ReactNode }) {
  return (
    <Box
      component="article"
      aria-label={t("Post by {author} in {title}", { author: entry.post.author, title: entry.thread.title })}
      sx={{ border: "1px solid var(--border-soft)", borderRadius: 2, p: 2 }}
    >
      <Box sx={{ fontSize: 14, color: "text.secondary", mb: 1 }}>
        {tWith("{author} in {thread}", {
          author: (
            <>
              <strong>{entry.post.author}</strong>
              {entry.author_email ? ` (${entry.author_email})` : ""}
            </>
          ),
          thread: <Link to={`/community/thread/${entry.thread.id}`}>{entry.thread.title}</Link>,
        })}{" "}
        · {formatDateTime(entry.post.created_at)}
        {entry.post.content_note ? ` · ${t("note: {note}", { note: entry.post.content_note })}` : ""}
      </Box>
      <SafeHtml html={entry.post.body_html} />
      {entry.reports.length > 0 ? (
        <Box component="ul" aria-label={t("Reasons given")} sx={{ my: 1 }}>
          {entry.reports.map((report, index) => (
            <li key={index}>
              “{report.reason}” ({formatDateTime(report.at)})
            </li>
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1 }}>{children}</Box>
    </Box>
  );
}

function Waiting({ entry, action, after }: { entry: Entry; action: Action; after: () => void }) {
  const send = useSend();
  const [sentence, setSentence] = useState("");
  const act = (call: () => Promise<{ message: string }>) => void action.run(call, (answer) => answer.message).then(after);
  return (
    <PostCard entry={entry}>
      <Button
        variant="contained"
        disabled={action.busy}
        onClick={() => act(() => send("approvePost", { params: { id: entry.post.id }, body: {} }))}
      >
        {t("Approve")}
      </Button>
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-end", flexWrap: "wrap" }}>
        <TextField label={t("A sentence to her (optional)")} value={sentence} onChange={(event) => setSentence(event.target.value)} />
        <Button
          color="error"
          disabled={action.busy}
          onClick={() => act(() => send("declinePost", { params: { id: entry.post.id }, body: { message: sentence } }))}
        >
          {t("Decline")}
        </Button>
      </Box>
    </PostCard>
  );
}

function Reported({ entry, action, after }: { entry: Entry; action: Action; after: () => void }) {
  const send = useSend();
  const [pause, setPause] = useState<"day" | "week" | "until_lifted">("day");
  const act = (call: () => Promise<{ message: string }>) => void action.run(call, (answer) => answer.message).then(after);
  const id = entry.post.id;
  return (
    <PostCard entry={entry}>
      <Button variant="contained" disabled={action.busy} onClick={() => act(() => send("restorePost", { params: { id }, body: {} }))}>
        {t("Restore")}
      </Button>
      <Button disabled={action.busy} onClick={() => act(() => send("hidePost", { params: { id }, body: {} }))}>
        {t("Keep hidden")}
      </Button>
      <Button color="error" disabled={action.busy} onClick={() => act(() => send("deletePostInStudio", { params: { id }, body: {} }))}>
        {t("Delete")}
      </Button>
      {entry.author_id !== null ? (
        <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          {t("Pause her posting")}
          <select
            value={pause}
            onChange={(event) => setPause(event.target.value as typeof pause)}
            style={{ font: "inherit", padding: 6, borderRadius: 8 }}
          >
            <option value="day">{t("for a day")}</option>
            <option value="week">{t("for a week")}</option>
            <option value="until_lifted">{t("until I lift it")}</option>
          </select>
          <Button disabled={action.busy} onClick={() => act(() => send("muteMember", { body: { user_id: entry.author_id!, for: pause } }))}>
            {t("Pause")}
          </Button>
        </Box>
      ) : null}
    </PostCard>
  );
}

function Settings({ queue, after }: { queue: ModerationQueue; after: () => void }) {
  const [approve, setApprove] = useState(String(queue.settings.approve_first_posts));
  const [threshold, setThreshold] = useState(String(queue.settings.report_threshold));
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => send("saveCommunitySettings", { body: { approve_first_posts: Number(approve), report_threshold: Number(threshold) } }),
      (answer) => answer.message,
    ).then(after);
  };
  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      aria-label={t("Moderation settings")}
      sx={{ display: "grid", gap: 1.5, maxWidth: 480 }}
    >
      <TextField
        label={t("First posts of a new member that wait for you")}
        type="number"
        value={approve}
        onChange={(event) => setApprove(event.target.value)}
        error={Boolean(details?.approve_first_posts)}
        helperText={details?.approve_first_posts ?? t("0 publishes every post at once.")}
      />
      <TextField
        label={t("Reports by different members that hide a post")}
        type="number"
        value={threshold}
        onChange={(event) => setThreshold(event.target.value)}
        error={Boolean(details?.report_threshold)}
        helperText={details?.report_threshold ?? t("Hidden until you look at it.")}
      />
      <OutcomeNotice outcome={details ? null : outcome} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {t("Save the settings")}
        </Button>
      </Box>
    </Box>
  );
}

function Topics({ queue, after }: { queue: ModerationQueue; after: () => void }) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [courseId, setCourseId] = useState("");
  const courses = useAnswer("studioCourses").answer?.courses ?? [];
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const created = await run(
      () => send("createTopic", { body: { title, description, course_id: courseId ? Number(courseId) : null } }),
      (answer) => answer.message,
    );
    if (created) {
      setTitle("");
      setDescription("");
      after();
    }
  };
  return (
    <>
      {queue.topics.length > 0 ? (
        <ul>
          {queue.topics.map((topic) => (
            <li key={topic.id}>
              <Link to={`/community/topic/${topic.id}`}>{topic.title}</Link>
              {topic.course_id
                ? ` (${t("for “{course}”", { course: courses.find((course) => course.id === topic.course_id)?.title ?? t("a course") })})`
                : ""}{" "}
              · {t("{threads, plural, one {# conversation} other {# conversations}}", { threads: topic.threads })}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("No topics yet: members see the community empty until you open one.")}</p>
      )}
      <Box
        component="form"
        onSubmit={create}
        noValidate
        aria-label={t("New topic")}
        // minmax(0, …): a long course title in the select does not widen the form past a phone's screen.
        sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 1.5, maxWidth: 560 }}
      >
        <TextField
          label={t("Topic")}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(details?.title)}
          helperText={details?.title}
        />
        <TextField label={t("What it is for (optional)")} value={description} onChange={(event) => setDescription(event.target.value)} />
        <Box component="label" sx={{ display: "flex", flexDirection: "column", fontWeight: 600 }}>
          {t("Only for the members of a course (optional)")}
          <select
            value={courseId}
            onChange={(event) => setCourseId(event.target.value)}
            style={{ font: "inherit", fontWeight: 400, padding: 8, borderRadius: 8, maxWidth: "100%" }}
          >
            <option value="">{t("Every member")}</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.title}
              </option>
            ))}
          </select>
        </Box>
        <OutcomeNotice outcome={details ? null : outcome} />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t("Create the topic")}
          </Button>
        </Box>
      </Box>
    </>
  );
}

function ContentNotesList() {
  const { answer, refresh } = useAnswer("contentNotes");
  const [name, setName] = useState("");
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (
      await run(
        () => send("addContentNote", { body: { name } }),
        (answer) => answer.message,
      )
    ) {
      setName("");
      refresh();
    }
  };
  return (
    <>
      <p>{answer?.notes.map((note) => contentNoteName(note.name)).join(" · ")}</p>
      <Box
        component="form"
        onSubmit={add}
        noValidate
        aria-label={t("New content note")}
        sx={{ display: "flex", gap: 1, alignItems: "flex-end", flexWrap: "wrap" }}
      >
        <TextField
          label={t("Another note")}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={Boolean(details?.name)}
          helperText={details?.name}
        />
        <Button type="submit" disabled={busy}>
          {t("Add")}
        </Button>
      </Box>
      <OutcomeNotice outcome={details ? null : outcome} />
    </>
  );
}

/** /studio/community: what waits for her, her topics, the moderation settings and the content notes. */
export default function CommunityModerationPage() {
  const { answer, refresh } = useAnswer("communityQueue");
  const action = useAction();
  return (
    <StudioPage title={t("Community")} intro={t("First posts waiting for you, reported posts, questions under lessons, and your topics.")}>
      <OutcomeNotice outcome={action.outcome} />
      {!answer ? <Loading what={t("the community")} /> : null}
      {answer ? (
        <>
          <PageSection title={t("Waiting for you ({length})", { length: answer.waiting.length })} id="waiting">
            {answer.waiting.length === 0 ? <p>{t("Nothing waits.")}</p> : null}
            <Box sx={{ display: "grid", gap: 2 }}>
              {answer.waiting.map((entry) => (
                <Waiting key={entry.post.id} entry={entry} action={action} after={refresh} />
              ))}
            </Box>
          </PageSection>
          <PageSection title={t("Reported ({length})", { length: answer.reported.length })} id="reported">
            {answer.reported.length === 0 ? <p>{t("No reports.")}</p> : null}
            <Box sx={{ display: "grid", gap: 2 }}>
              {answer.reported.map((entry) => (
                <Reported key={entry.post.id} entry={entry} action={action} after={refresh} />
              ))}
            </Box>
          </PageSection>
          <PageSection
            title={t("Questions under lessons with no answer ({length})", { length: answer.unanswered_questions.length })}
            id="questions"
          >
            {answer.unanswered_questions.length === 0 ? <p>{t("Every question has your answer.")}</p> : null}
            <ul>
              {answer.unanswered_questions.map((question) => (
                <li key={question.thread_id}>
                  {tWith("{link} (asked {asked_at})", {
                    asked_at: formatDateTime(question.asked_at),
                    link: <Link to={`/community/thread/${question.thread_id}`}>{question.title}</Link>,
                  })}
                </li>
              ))}
            </ul>
          </PageSection>
          <PageSection title={t("Topics")} id="topics">
            <Topics queue={answer} after={refresh} />
          </PageSection>
          <PageSection title={t("Moderation settings")} id="settings">
            <Settings queue={answer} after={refresh} />
          </PageSection>
          <PageSection title={t("Content notes")} id="notes">
            <ContentNotesList />
          </PageSection>
        </>
      ) : null}
    </StudioPage>
  );
}
