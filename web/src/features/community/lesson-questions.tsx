import "./community-endpoints.ts";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { Conversation, PostForm } from "./conversation.tsx";
import { PageSection } from "../../components/page-section.tsx";
import { t } from "./messages.ts";

/** "Questions about this lesson" under its notes: each question with its replies, live, and her own question. */
export default function LessonQuestions({ lessonId }: { lessonId: number }) {
  const { answer, refresh } = useAnswer("lessonQuestions", { params: { lessonId } });
  const send = useSend();
  return (
    <PageSection title={t("Questions about this lesson")} id="lesson-questions">
      {answer && answer.threads.length === 0 ? (
        <p style={{ margin: 0 }}>{t("No questions yet. Yours is welcome: your doula answers here.")}</p>
      ) : null}
      {answer?.threads.map((thread) => (
        <article key={thread.id} aria-labelledby={`question-${thread.id}`} className="panel" style={{ margin: "0 0 16px" }}>
          <h3 id={`question-${thread.id}`} style={{ margin: "0 0 8px" }}>
            {thread.title}
          </h3>
          <Conversation thread={thread} refresh={refresh} />
        </article>
      ))}
      <PostForm
        label={t("Ask a question about this lesson")}
        withTitle
        submit={({ title, body, content_note }) => send("askLessonQuestion", { params: { lessonId }, body: { title, body, content_note } })}
      />
    </PageSection>
  );
}
