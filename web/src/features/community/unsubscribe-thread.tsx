import { Link } from "react-router";
import { OnePressUnsubscribe } from "../../components/one-press-unsubscribe.tsx";
import { useSend } from "../../lib/answers.ts";
import { t, tWith } from "./messages.ts";

/** /unsubscribe?list=community, the link of a conversation's reply mails. */
export default function UnsubscribeThread({ token }: { token: string }) {
  const send = useSend();
  return (
    <OnePressUnsubscribe
      title={t("Replies by e-mail")}
      question={t("Stop mail about new replies in this conversation? Other conversations are not affected.")}
      button={t("Stop mail about this conversation")}
      done={
        <>
          {tWith("The conversation is still in the {link}, and your other conversations still write to you.", {
            link: <Link to="/community">{t("community")}</Link>,
          })}
        </>
      }
      token={token}
      stop={() => send("unsubscribeThread", { params: { token } })}
    />
  );
}
