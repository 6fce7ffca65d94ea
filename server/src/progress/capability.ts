import { defineCapability, mount } from "../capabilities/capability.ts";
import { progressInTheTrash, progressPersonalData } from "./progress-repository.ts";
import { progressRoutes } from "./progress-routes.ts";

/** Progress: the lessons she has finished. */
export default defineCapability({
  name: "progress",
  start: ({ db, catalogue }) => ({
    routes: [mount("/reactapi/progress", progressRoutes, { db, catalogue })],
    points: { personalData: [progressPersonalData(db)], rowsOnCatalogue: [progressInTheTrash] },
  }),
});
