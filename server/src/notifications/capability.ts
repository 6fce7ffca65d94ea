import { defineCapability, mount } from "../capabilities/capability.ts";
import { notificationsStudioRoutes } from "./notifications-routes.ts";
import { noticeMails } from "./notifications-work.ts";

/** What happened in her practice, told once: the studio's list, and a mail or a push by her choice. */
export default defineCapability({
  name: "notifications",
  start: ({ db, clock, mail, siteLanguage }) => ({
    studio: [mount("/notifications", notificationsStudioRoutes, { db, clock })],
    timedWork: [noticeMails({ db, clock, mail: mail.context, sender: mail.sender, siteLanguage })],
  }),
});
