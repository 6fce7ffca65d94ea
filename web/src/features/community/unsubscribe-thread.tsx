import { Link } from "react-router";
import { OnePressUnsubscribe } from "../../components/one-press-unsubscribe.tsx";
import { useSend } from "../../lib/answers.ts";

/** /unsubscribe?list=community, the link of a conversation's reply mails. */
export default function UnsubscribeThread({ token }: { token: string }) {
  const send = useSend();
  return (
    <OnePressUnsubscribe
      title="Replies by e-mail"
      question="Stop mail about new replies in this conversation? Other conversations are not affected."
      button="Stop mail about this conversation"
      done={
        <>
          The conversation is still in the <Link to="/community">community</Link>, and your other conversations still write to you.
        </>
      }
      token={token}
      stop={() => send("unsubscribeThread", { params: { token } })}
    />
  );
}
