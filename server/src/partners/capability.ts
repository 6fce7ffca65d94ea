import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { acceptInvitation, checkInvitation, linkCommitted, partnerReach, partnersPersonalData } from "./partners-repository.ts";
import { partnerRoutes } from "./partners-routes.ts";

declare module "../capabilities/capability.ts" {
  interface Offered {
    /** What comes to a partner through his link (the catalogue asks). */
    partnerReach: typeof partnerReach;
  }
}

/** The partner seat: her invitation, his account, and what she shares with him. */
export default defineCapability({
  name: "partners",
  optional: { title: sentence("Partner seat") },
  offers: { partnerReach: () => partnerReach },
  start: ({ db, clock, mail }) => ({
    routes: [mount("/reactapi/account", partnerRoutes, { db, clock, mail: mail.context, sender: mail.sender })],
    points: {
      personalData: [partnersPersonalData(db)],
      invitations: [
        {
          field: "invitation",
          invitations: { check: checkInvitation, accept: acceptInvitation, committed: linkCommitted, joinedAs: "partner" },
        },
      ],
    },
  }),
});
