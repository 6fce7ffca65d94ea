import { Link } from "react-router";
import { OnePressUnsubscribe } from "../../components/one-press-unsubscribe.tsx";
import { useSend } from "../../lib/answers.ts";

/** /unsubscribe?list=classes, the link of a class's mails. */
export default function UnsubscribeClassMails({ token }: { token: string }) {
  const send = useSend();
  return (
    <OnePressUnsubscribe
      title="Class reminders by e-mail"
      question="Stop class reminders and replay mails? News about a place (its confirmation, or a cancellation) still comes, so you are never left wondering."
      button="Stop class reminders"
      done={
        <>
          Your classes, their join links and replays are still on the <Link to="/classes">classes page</Link>.
        </>
      }
      token={token}
      stop={() => send("unsubscribeClassMails", { params: { token } })}
    />
  );
}
