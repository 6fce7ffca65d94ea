import { t } from "./messages.ts";

/** What the login and register pages tell a doula who came from a team invitation (the invitations slot, web/src/feature-slots.ts). */
export default function TeamInvitationWords({ at }: { at: "login" | "register" }) {
  return at === "login"
    ? t("You were invited to join a doula's team as her backup. New here? Create your account below: no access code is needed.")
    : t(
        "You were invited to join her team as a backup doula: create your account here, with the address her mail came to and no access code.",
      );
}
