import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { birthPlanPersonalData, plansSharedWithInstructor } from "./birth-plan-repository.ts";
import { birthPlanRoutes, birthPlanStudioRoutes } from "./birth-plan-routes.ts";

declare module "../capabilities/capability.ts" {
  interface Offered {
    /** Of these members, those who share their birth preferences with her (her calendar marks them). */
    plansSharedWithInstructor: (userIds: number[]) => Promise<Set<number>>;
  }
}

/** Birth preferences: her plan, printed and shared with her doula if she chooses. */
export default defineCapability({
  name: "birth-plan",
  optional: { title: sentence("Birth preferences") },
  needs: ["catalogue"],
  offers: {
    plansSharedWithInstructor:
      ({ db }) =>
      (userIds) =>
        plansSharedWithInstructor(db, userIds),
  },
  start: ({ db, clock, practice, use }) => ({
    routes: [mount("/reactapi", birthPlanRoutes, { db, clock, practice, catalogue: use("catalogue") })],
    studio: [mount("", birthPlanStudioRoutes, { db, practice, catalogue: use("catalogue") })],
    points: { personalData: [birthPlanPersonalData(db)] },
  }),
});
