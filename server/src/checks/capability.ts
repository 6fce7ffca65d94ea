import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { checksPersonalData } from "./checks-repository.ts";
import { checksRoutes, checksStudioRoutes } from "./checks-routes.ts";

/** Knowledge checks: a few questions after a lesson, with kind feedback. */
export default defineCapability({
  name: "checks",
  optional: { title: sentence("Knowledge checks") },
  needs: ["catalogue"],
  start: ({ db, use, clock }) => ({
    routes: [mount("/reactapi", checksRoutes, { db, catalogue: use("catalogue"), clock })],
    studio: [mount("", checksStudioRoutes, { db, catalogue: use("catalogue"), clock })],
    points: { personalData: [checksPersonalData(db)] },
  }),
});
