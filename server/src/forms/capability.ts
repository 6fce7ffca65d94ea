import { defineCapability, mount } from "../capabilities/capability.ts";
import { formsPersonalData } from "./forms-repository.ts";
import { formsRoutes } from "./forms-routes.ts";

/** The contact form and what visitors send through it. */
export default defineCapability({
  name: "forms",
  start: ({ db, clock }) => ({
    routes: [mount("/reactapi", formsRoutes, { db, clock })],
    points: { personalData: [formsPersonalData(db)] },
  }),
});
