import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { communityPersonalData, postAnnouncement } from "./community-repository.ts";
import type { UserRow } from "../accounts/users-repository.ts";

declare module "../capabilities/capability.ts" {
  interface Offered {
    /**
     * Posts a member's news (a birth) as a conversation of hers in the first topic open to every
     * member, as if she wrote it (a new member's post waits for the doula). Null when there is no
     * such topic, or the community is off.
     */
    communityAnnouncements: { announce: (author: UserRow, post: { title: string; body: string }) => Promise<{ id: number } | null> };
  }
}
import { type CommunityOptions, communityRoutes, communityStudioRoutes, replyDigestWork } from "./community-routes.ts";

/** The community: circles by due month and topic, posts, replies, and her moderation. */
export default defineCapability({
  name: "community",
  optional: { title: sentence("Community") },
  needs: ["catalogue"],
  offers: {
    communityAnnouncements: (ctx) => ({
      announce: async (author, post) =>
        (await ctx.isOn("community"))
          ? postAnnouncement({ db: ctx.db, clock: ctx.clock, catalogue: ctx.use("catalogue") }, author, post)
          : null,
    }),
  },
  start: ({ db, clock, use, mail, practice, siteLanguage }) => {
    const community: CommunityOptions = {
      db,
      clock,
      catalogue: use("catalogue"),
      mail: mail.context,
      sender: mail.sender,
      practice,
      siteLanguage,
    };
    return {
      routes: [mount("/reactapi/community", communityRoutes, community)],
      studio: [mount("/community", communityStudioRoutes, community)],
      timedWork: [replyDigestWork(community)],
      points: { personalData: [communityPersonalData(db)] },
    };
  },
});
