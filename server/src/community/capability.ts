import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { communityPersonalData } from "./community-repository.ts";
import { type CommunityOptions, communityRoutes, communityStudioRoutes, replyDigestWork } from "./community-routes.ts";

/** The community: circles by due month and topic, posts, replies, and her moderation. */
export default defineCapability({
  name: "community",
  optional: { title: sentence("Community") },
  needs: ["catalogue"],
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
