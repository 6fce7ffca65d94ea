import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { acceptTeamInvitation, checkTeamInvitation } from "./team-repository.ts";
import { teamStudioRoutes } from "./team-routes.ts";

/** Her team: the doulas she invites as backups for her clients. */
export default defineCapability({
  name: "team",
  optional: { title: sentence("Team"), needs: ["care"] },
  start: ({ db, clock, mail }) => ({
    studio: [mount("/team", teamStudioRoutes, { db, clock, mail: mail.context, sender: mail.sender })],
    points: {
      invitations: [
        {
          field: "team_invitation",
          invitations: { check: checkTeamInvitation, accept: acceptTeamInvitation, committed: () => {}, joinedAs: "member" },
        },
      ],
    },
  }),
});
