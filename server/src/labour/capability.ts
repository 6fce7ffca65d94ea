import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { labourEscalation, type LabourDeps } from "./labour-alerts.ts";
import { labourPersonalData } from "./labour-repository.ts";
import { labourRoutes, labourStudioRoutes } from "./labour-routes.ts";
import { labourSettings } from "./settings.ts";

/** The labour line: her alert when labour starts, to her doula and, if unanswered, her backup. */
export default defineCapability({
  name: "labour",
  optional: { title: sentence("Labour line"), needs: ["care"] },
  settings: labourSettings,
  start: ({ db, clock, mail, practice, settings }) => {
    const labour: LabourDeps = {
      db,
      clock,
      mail: mail.context,
      sender: mail.sender,
      practice,
      escalateMinutes: settings.escalateMinutes,
    };
    return {
      routes: [
        mount("/reactapi/care", labourRoutes, labour),
        // Outside the studio's guard: a team doula reaches the alerts shared with her (access "doula").
        mount("/reactapi/studio", labourStudioRoutes, labour),
      ],
      timedWork: [labourEscalation(labour)],
      points: { personalData: [labourPersonalData(db)] },
    };
  },
});
