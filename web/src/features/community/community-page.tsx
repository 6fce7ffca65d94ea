import "./community-endpoints.ts";
import { Link } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { dateFormatOnUse } from "../../lib/formats.ts";
import { t, tWith } from "./messages.ts";

const dayFormat = dateFormatOnUse({ day: "numeric", month: "long" });

/** /community: the topics she may see, each with its conversations' count and latest activity. */
export default function CommunityPage() {
  const { answer, failure } = useAnswer("communityTopics");
  const profile = useAnswer("communityProfile").answer;
  return (
    <PageColumn title={t("Community")}>
      <p style={{ margin: "0 0 16px" }}>
        {t(
          "A quiet place to ask “is this normal?” and hear from the others and from your doula. Posts that touch on something hard carry a note and stay folded until you choose to read them.",
        )}
        {profile ? (
          <>
            {" "}
            {tWith("You appear here as {strong}; change it on {link}.", {
              strong: <strong>{profile.display_name}</strong>,
              link: <Link to="/account">{t("My account")}</Link>,
            })}
          </>
        ) : null}
      </p>
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("The community could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!answer && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {answer && answer.topics.length === 0 ? <p>{t("Your doula has not opened any topics yet.")}</p> : null}
      {answer ? (
        <ul className="topic-list">
          {answer.topics.map((topic) => (
            <li key={topic.id} className="panel" style={{ margin: 0 }}>
              <h2 className="page-section-title" style={{ margin: 0 }}>
                <Link to={`/community/topic/${topic.id}`}>{topic.title}</Link>
              </h2>
              {topic.description ? <p style={{ margin: "4px 0" }}>{topic.description}</p> : null}
              <p className="small-text quiet-text" style={{ margin: 0 }}>
                {t("{threads, plural, one {# conversation} other {# conversations}}", { threads: topic.threads })}
                {topic.last_activity_at ? ` · ${t("latest {day}", { day: dayFormat.format(new Date(topic.last_activity_at)) })}` : ""}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </PageColumn>
  );
}
