import "./community-endpoints.ts";
import { Link, useParams } from "react-router";
import { Conversation } from "./conversation.tsx";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { numericIdParams } from "../../lib/first-answers.ts";
import { t } from "./messages.ts";

/** /community/thread/:id: one conversation, live. */
export default function ThreadPage() {
  const id = useParams().id ?? "";
  const { answer, failure, refresh } = useAnswer("communityThread", numericIdParams(id));
  return (
    <PageColumn title={answer?.title ?? t("Conversation")}>
      <p style={{ margin: "0 0 12px" }}>
        {answer?.topic ? (
          <Link to={`/community/topic/${answer.topic.id}`}>{t("Back to {title}", { title: answer.topic.title })}</Link>
        ) : (
          <Link to="/community">{t("All topics")}</Link>
        )}
      </p>
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("This conversation could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!answer && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {answer ? <Conversation thread={answer} refresh={refresh} /> : null}
    </PageColumn>
  );
}
