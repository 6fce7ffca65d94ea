import { Link } from "react-router";
import { OnePressUnsubscribe } from "../../components/one-press-unsubscribe.tsx";
import { useSend } from "../../lib/answers.ts";
import { t, tWith } from "./messages.ts";

/** /unsubscribe with no list, the link at the foot of an announcement. */
export default function UnsubscribeAnnouncements({ token }: { token: string }) {
  const send = useSend();
  return (
    <OnePressUnsubscribe
      title={t("Announcements by e-mail")}
      question={t("Stop receiving your doula's announcements by e-mail? Lessons, bookings and your account's own mails are not affected.")}
      button={t("Stop announcement e-mails")}
      done={<>{tWith("You can still read them on your {link}.", { link: <Link to="/home">{t("home page")}</Link> })}</>}
      token={token}
      stop={() => send("unsubscribeAnnouncements", { params: { token } })}
    />
  );
}
