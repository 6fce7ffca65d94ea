import { defineCapability, mount } from "../capabilities/capability.ts";
import { sitePagesRoutes, siteStudioRoutes } from "./site-pages-routes.ts";

/** Her site's own pages (About, and the pages she writes). */
export default defineCapability({
  name: "site-pages",
  start: ({ db, practice }) => ({
    routes: [mount("/reactapi/pages", sitePagesRoutes, { db, practice })],
    studio: [mount("/site", siteStudioRoutes, { db })],
  }),
});
