import { defineCapability } from "../capabilities/capability.ts";
import { activityPersonalData, forgetOldActivity } from "./activity-repository.ts";

/** The studio's activity log (its screen is the studio's); her part of it is in her data. */
export default defineCapability({
  name: "activity",
  start: ({ db }) => ({ points: { personalData: [activityPersonalData(db)] }, sweeps: [() => forgetOldActivity(db)] }),
});
