import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { searchRoutes } from "./search-routes.ts";

/** Search across the lessons she may open, their words and transcripts. */
export default defineCapability({
  name: "search",
  optional: { title: sentence("Search") },
  start: ({ db, catalogue, siteLanguage }) => ({ routes: [mount("/reactapi", searchRoutes, { db, catalogue, siteLanguage })] }),
});
