import { defineCapability, mount } from "../capabilities/capability.ts";
import { pushPersonalData } from "./push-repository.ts";
import { pushRoutes } from "./push-routes.ts";
import { pushDelivery } from "./push-sender.ts";

/** Push notifications: her devices, and the sender that delivers what other capabilities queue. */
export default defineCapability({
  name: "push",
  start: ({ db, clock, config, log }) => {
    const sending = pushDelivery({ db, clock, push: config.push, contactEmail: config.site.contactEmail, log });
    return {
      routes: [mount("/reactapi/push", pushRoutes, { db, clock, push: config.push, wakeOnQueued: sending.wakeOnQueued })],
      timedWork: [sending],
      points: { personalData: [pushPersonalData(db)] },
    };
  },
});
