import { defineCapability, mount } from "../capabilities/capability.ts";
import { CatalogueReader, coursesPersonalData } from "./catalogue-repository.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";
import { forgetUnfinishedUploads } from "./lesson-files-repository.ts";
import { moveLessonFilesToStorage, removeUnnamedLessonFiles } from "./files-repository.ts";
import { forgetOldTrash } from "./trash-repository.ts";

declare module "../capabilities/capability.ts" {
  interface Offered {
    /** The course library as members, visitors and the studio read it, kept in memory. */
    catalogue: CatalogueReader;
  }
}

/** The course library: courses, modules and lessons as members and visitors read them. */
export default defineCapability({
  name: "catalogue",
  // Who may open what is asked of the grants and the partners' links once a member asks, and both read the catalogue.
  later: ["openGrants", "partnerReach"],
  offers: {
    catalogue: (ctx) =>
      new CatalogueReader(
        ctx.db,
        ctx.cacheTrust,
        {
          openGrants: (db, memberId) => ctx.use("openGrants")(db, memberId),
          partnerReach: (db, partnerId) => ctx.use("partnerReach")(db, partnerId),
        },
        ctx.cacheStats,
      ),
  },
  start: (ctx) => {
    const catalogue = ctx.use("catalogue");
    return {
      routes: [mount("/reactapi", catalogueRoutes, { db: ctx.db, catalogue, storage: ctx.storage })],
      points: { personalData: [coursesPersonalData(catalogue)] },
      sweeps: [
        () => forgetOldTrash(ctx.db),
        () => forgetUnfinishedUploads(ctx.db),
        () => moveLessonFilesToStorage({ db: ctx.db, storage: ctx.storage }, ctx.clock.now()),
        () => removeUnnamedLessonFiles({ db: ctx.db, storage: ctx.storage }, ctx.clock.now()),
      ],
      close: () => catalogue.close(),
    };
  },
});
