import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { transcriptsRoutes, transcriptsStudioRoutes } from "./transcripts-routes.ts";

/** Transcripts and captions of her lessons' videos. */
export default defineCapability({
  name: "transcripts",
  optional: { title: sentence("Transcripts") },
  needs: ["catalogue"],
  start: ({ db, use, clock }) => ({
    routes: [mount("/reactapi", transcriptsRoutes, { db, catalogue: use("catalogue") })],
    studio: [mount("", transcriptsStudioRoutes, { db, clock })],
  }),
});
