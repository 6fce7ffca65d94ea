import { defineCapability, mount } from "../capabilities/capability.ts";
import { sitePagesRoutes, siteStudioRoutes } from "./site-pages-routes.ts";

/** Her site's own pages (About, and the pages she writes). */
export default defineCapability({
  name: "site-pages",
  needs: ["pictureUploads"],
  start: ({ db, practice, use }) => ({
    routes: [mount("/reactapi/pages", sitePagesRoutes, { db, practice })],
    studio: [mount("/site", siteStudioRoutes, { db, pictures: use("pictureUploads") })],
  }),
});
