import { defineCapability, mount } from "../capabilities/capability.ts";
import { coursesPersonalData } from "./catalogue-repository.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";

/** The course library: courses, modules and lessons as members and visitors read them. */
export default defineCapability({
  name: "catalogue",
  needs: ["openGrants", "partnerReach"],
  start: (ctx) => {
    ctx.catalogue.answerAccessWith({ openGrants: ctx.use("openGrants"), partnerReach: ctx.use("partnerReach") });
    return {
      routes: [mount("/reactapi", catalogueRoutes, { db: ctx.db, catalogue: ctx.catalogue })],
      points: { personalData: [coursesPersonalData(ctx.catalogue)] },
    };
  },
});
