import { defineCapability, mount } from "../capabilities/capability.ts";
import { progressInTheTrash, progressPersonalData } from "./progress-repository.ts";
import { progressRoutes } from "./progress-routes.ts";

/** Progress: the lessons she has finished. */
export default defineCapability({
  name: "progress",
  needs: ["catalogue"],
  start: ({ db, use }) => ({
    routes: [mount("/reactapi/progress", progressRoutes, { db, catalogue: use("catalogue") })],
    points: { personalData: [progressPersonalData(db)], rowsOnCatalogue: [progressInTheTrash] },
  }),
});
