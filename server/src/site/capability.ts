import { defineCapability, mount } from "../capabilities/capability.ts";
import { siteRoutes, siteSettingsStudioRoutes } from "./site-routes.ts";

/** The site's settings: its language, her currency and names, what every page shows of the practice. */
export default defineCapability({
  name: "site",
  start: ({ config, siteLanguage, practice }) => ({
    routes: [mount("/reactapi/site", siteRoutes, { site: config.site, onlinePayment: config.stripe !== null, siteLanguage })],
    studio: [mount("/site", siteSettingsStudioRoutes, { siteLanguage, practice })],
  }),
});
