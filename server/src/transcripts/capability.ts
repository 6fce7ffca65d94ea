import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { transcriptsRoutes, transcriptsStudioRoutes } from "./transcripts-routes.ts";

/** Transcripts and captions of her lessons' videos. */
export default defineCapability({
  name: "transcripts",
  optional: { title: sentence("Transcripts") },
  start: ({ db, catalogue, clock }) => ({
    routes: [mount("/reactapi", transcriptsRoutes, { db, catalogue })],
    studio: [mount("", transcriptsStudioRoutes, { db, clock })],
  }),
});
