import { defineCapability, mount } from "../capabilities/capability.ts";
import { contentNotesPersonalData } from "./content-notes-repository.ts";
import { contentNoteChoicesRoutes, contentNotesRoutes, contentNotesStudioRoutes } from "./content-notes-routes.ts";

/** Content notes: what a lesson speaks of, and what a member chose to be told of first. */
export default defineCapability({
  name: "content-notes",
  needs: ["catalogue"],
  start: ({ db, use }) => ({
    routes: [
      mount("/reactapi/content-notes", contentNotesRoutes, { db }),
      mount("/reactapi/account", contentNoteChoicesRoutes, { db, catalogue: use("catalogue") }),
    ],
    studio: [mount("/content-notes", contentNotesStudioRoutes, { db })],
    points: { personalData: [contentNotesPersonalData(db)] },
  }),
});
