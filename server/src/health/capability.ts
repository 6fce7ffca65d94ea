import { defineCapability, mount } from "../capabilities/capability.ts";
import { healthRoutes } from "./health-routes.ts";

/** /health, for the server's supervisor and a load balancer. */
export default defineCapability({
  name: "health",
  start: ({ db }) => ({ routes: [mount("", healthRoutes, { db })] }),
});
