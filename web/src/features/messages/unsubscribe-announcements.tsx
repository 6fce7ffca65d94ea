import { Link } from "react-router";
import { OnePressUnsubscribe } from "../../components/one-press-unsubscribe.tsx";
import { useSend } from "../../lib/answers.ts";

/** /unsubscribe with no list, the link at the foot of an announcement. */
export default function UnsubscribeAnnouncements({ token }: { token: string }) {
  const send = useSend();
  return (
    <OnePressUnsubscribe
      title="Announcements by e-mail"
      question="Stop receiving your doula's announcements by e-mail? Lessons, bookings and your account's own mails are not affected."
      button="Stop announcement e-mails"
      done={
        <>
          You can still read them on your <Link to="/home">home page</Link>.
        </>
      }
      token={token}
      stop={() => send("unsubscribeAnnouncements", { params: { token } })}
    />
  );
}
