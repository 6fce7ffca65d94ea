import { defineCapability, mount } from "../capabilities/capability.ts";
import type { RowsOnCatalogue } from "../catalogue/trash-repository.ts";
import { passwordsHashedBy } from "../lib/passwords.ts";
import { instructorSetupRoutes } from "./setup/instructor-setup.ts";
import { studioApi } from "./studio-plugin.ts";

declare module "../capabilities/capability.ts" {
  interface Points {
    /** What a capability keeps on courses and lessons, which the Trash keeps and puts back with them. */
    rowsOnCatalogue: RowsOnCatalogue;
  }
}

/** The studio's frame and its core areas (dashboard, members, codes, plans, courses, trash, inbox, activity). */
export default defineCapability({
  name: "studio",
  needs: ["catalogue", "pictureUploads"],
  start: (ctx) => ({
    routes: [
      mount("/reactapi/instructor-setup", instructorSetupRoutes, {
        db: ctx.db,
        sessionDays: ctx.config.sessionDays,
        production: ctx.config.env === "production",
        passwords: passwordsHashedBy(ctx.config.passwordHashing),
      }),
      mount("/reactapi/studio", studioApi, {
        db: ctx.db,
        clock: ctx.clock,
        catalogue: ctx.use("catalogue"),
        publicUrl: ctx.config.publicUrl,
        uploadMaxBytes: ctx.config.uploadMaxBytes,
        storage: ctx.storage,
        rowsOnCatalogue: ctx.all("rowsOnCatalogue"),
        pictures: ctx.use("pictureUploads"),
        featureAreas: ctx.studioAreas,
      }),
    ],
  }),
});
