import { t } from "./messages.ts";

/** What the login and register pages tell someone who came from a gift's mail (the invitations slot, web/src/feature-slots.ts). */
export default function GiftInvitationWords({ at }: { at: "login" | "register" }) {
  return at === "login"
    ? t("Someone has given you a course. Log in and it opens on your account; new here? Create your account below, with no access code.")
    : t(
        "Someone has given you a course: create your account here, with the address the gift came to and no access code. It opens at once.",
      );
}
