import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { timerPersonalData } from "./timer-repository.ts";
import { timerRoutes } from "./timer-routes.ts";

/** The contraction timer, kept on her phone and, if she chooses, in sync with her partner's. */
export default defineCapability({
  name: "timer",
  optional: { title: sentence("Contraction timer") },
  start: ({ db, clock }) => ({
    routes: [mount("/reactapi/timer", timerRoutes, { db, clock })],
    points: { personalData: [timerPersonalData(db)] },
  }),
});
