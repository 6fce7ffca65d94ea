import { Link } from "react-router";
import { OnePressUnsubscribe } from "../../components/one-press-unsubscribe.tsx";
import { useSend } from "../../lib/answers.ts";
import { t, tWith } from "./messages.ts";

/** /unsubscribe?list=classes, the link of a class's mails. */
export default function UnsubscribeClassMails({ token }: { token: string }) {
  const send = useSend();
  return (
    <OnePressUnsubscribe
      title={t("Class reminders by e-mail")}
      question={t(
        "Stop class reminders and replay mails? News about a place (its confirmation, or a cancellation) still comes, so you are never left wondering.",
      )}
      button={t("Stop class reminders")}
      done={tWith("Your classes, their join links and replays are still on the {page}.", {
        page: <Link to="/classes">{t("classes page")}</Link>,
      })}
      token={token}
      stop={() => send("unsubscribeClassMails", { params: { token } })}
    />
  );
}
