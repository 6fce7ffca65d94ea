import { t } from "./messages.ts";

/** What the login and register pages tell someone who came from her doula's invitation (the invitations slot, web/src/feature-slots.ts). */
export default function CareInvitationWords({ at }: { at: "login" | "register" }) {
  return at === "login"
    ? t("Your doula has opened a client space for you. New here? Create your account below: no access code is needed.")
    : t("Your doula invited you to your client space: create your account here, with the address her mail came to and no access code.");
}
