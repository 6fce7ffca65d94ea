import { defineCapability, mount } from "../capabilities/capability.ts";
import { pictureRoutes } from "./picture-routes.ts";

/** Pictures: courses' covers and lessons' images, served in the sizes a page asks for. */
export default defineCapability({
  name: "pictures",
  start: ({ db }) => ({ routes: [mount("/reactapi/pictures", pictureRoutes, { db })] }),
});
