import { defineCapability, mount } from "../capabilities/capability.ts";
import { announcementMailChoice, announcementsPersonalData } from "./announcements-repository.ts";
import { announcementsRoutes, messagesStudioRoutes } from "./messages-routes.ts";
import { repliesPersonalData } from "./replies-repository.ts";

/** Her announcements to members, and the replies they write back. */
export default defineCapability({
  name: "messages",
  needs: ["catalogue"],
  // Its part comes before the forms' in her data: her messages are found by her id, which the forms' part takes off them.
  before: ["forms"],
  start: ({ db, use, clock, mail, config }) => {
    const messages = { db, catalogue: use("catalogue"), clock, mail: { ...mail.context, contactEmail: config.site.contactEmail } };
    return {
      routes: [mount("/reactapi/announcements", announcementsRoutes, messages)],
      studio: [mount("", messagesStudioRoutes, messages)],
      points: { personalData: [repliesPersonalData(db), announcementsPersonalData(db)], mailChoices: [announcementMailChoice] },
    };
  },
});
