import { defineCapability, mount } from "../capabilities/capability.ts";
import { certificatesPersonalData } from "./certificates-repository.ts";
import { certificatesRoutes } from "./certificates-routes.ts";

/** Certificates of a finished course. */
export default defineCapability({
  name: "certificates",
  needs: ["catalogue"],
  start: ({ db, use, config, practice }) => ({
    routes: [
      mount("/reactapi/certificates", certificatesRoutes, { db, catalogue: use("catalogue"), publicUrl: config.publicUrl, practice }),
    ],
    points: { personalData: [certificatesPersonalData(db)] },
  }),
});
