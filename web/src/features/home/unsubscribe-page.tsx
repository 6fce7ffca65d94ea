import "./unsubscribe-endpoints.ts";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { PageColumn } from "../../components/page-column.tsx";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";

/**
 * The link at the foot of an announcement, or of a class's mail (?list=classes): one press stops
 * them by e-mail, without signing in. It asks for the press rather than acting on opening, since
 * mail scanners open every link.
 */
export default function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const list = searchParams.get("list");
  const classes = list === "classes";
  const community = list === "community";
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const [done, setDone] = useState(false);
  const stop = async () => {
    const answer = await run(
      () =>
        classes
          ? send("unsubscribeClassMails", { params: { token } })
          : community
            ? send("unsubscribeThread", { params: { token } })
            : send("unsubscribeAnnouncements", { params: { token } }),
      (result) => result.message,
    );
    if (answer) setDone(true);
  };
  if (community) {
    return (
      <PageColumn title="Replies by e-mail">
        <OutcomeNotice outcome={outcome} style={{ marginBottom: 16 }} />
        {done ? (
          <p>
            The conversation is still in the <Link to="/community">community</Link>, and your other conversations still write to you.
          </p>
        ) : (
          <>
            <p style={{ margin: "0 0 16px" }}>Stop mail about new replies in this conversation? Other conversations are not affected.</p>
            <button type="button" className="button button-contained" disabled={busy || token === ""} onClick={() => void stop()}>
              Stop mail about this conversation
            </button>
            {token === "" ? <p className="small-text">This link is not complete. Please open the whole link from the mail.</p> : null}
          </>
        )}
      </PageColumn>
    );
  }
  if (classes) {
    return (
      <PageColumn title="Class reminders by e-mail">
        <OutcomeNotice outcome={outcome} style={{ marginBottom: 16 }} />
        {done ? (
          <p>
            Your classes, their join links and replays are still on the <Link to="/classes">classes page</Link>.
          </p>
        ) : (
          <>
            <p style={{ margin: "0 0 16px" }}>
              Stop class reminders and replay mails? News about a place (its confirmation, or a cancellation) still comes, so you are never
              left wondering.
            </p>
            <button type="button" className="button button-contained" disabled={busy || token === ""} onClick={() => void stop()}>
              Stop class reminders
            </button>
            {token === "" ? <p className="small-text">This link is not complete. Please open the whole link from the mail.</p> : null}
          </>
        )}
      </PageColumn>
    );
  }
  return (
    <PageColumn title="Announcements by e-mail">
      <OutcomeNotice outcome={outcome} style={{ marginBottom: 16 }} />
      {done ? (
        <p>
          You can still read them on your <Link to="/home">home page</Link>.
        </p>
      ) : (
        <>
          <p style={{ margin: "0 0 16px" }}>
            Stop receiving your doula's announcements by e-mail? Lessons, bookings and your account's own mails are not affected.
          </p>
          <button type="button" className="button button-contained" disabled={busy || token === ""} onClick={() => void stop()}>
            Stop announcement e-mails
          </button>
          {token === "" ? <p className="small-text">This link is not complete. Please open the whole link from the mail.</p> : null}
        </>
      )}
    </PageColumn>
  );
}
