import { defineCapability, mount } from "../capabilities/capability.ts";
import { openApiRoutes } from "./openapi.ts";

/** The API's description at /reactapi/openapi.json. */
export default defineCapability({
  name: "openapi",
  start: () => ({ routes: [mount("/reactapi", openApiRoutes, {})] }),
});
