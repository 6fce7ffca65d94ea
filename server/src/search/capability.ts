import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { searchRoutes } from "./search-routes.ts";

/** Search across the lessons she may open, their words and transcripts. */
export default defineCapability({
  name: "search",
  optional: { title: sentence("Search") },
  needs: ["catalogue"],
  start: ({ db, use, siteLanguage }) => ({ routes: [mount("/reactapi", searchRoutes, { db, catalogue: use("catalogue"), siteLanguage })] }),
});
