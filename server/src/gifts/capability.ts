import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { codePricing, codesPersonalData } from "./codes-repository.ts";
import { communityPlacesPersonalData } from "./community-places.ts";
import { giftsRoutes, giftsStudioRoutes, giftsWork, registryAccountRoutes, registryRoutes } from "./gifts-routes.ts";
import { checkGiftLink, giftCheckouts, giftsPersonalData, openGift } from "./gifts-repository.ts";
import { registryCheckouts, registryPersonalData } from "./registry-repository.ts";
import { dataChanges } from "../db/data-changes.ts";

/** Gifts, her birth registry, codes and tiers. */
export default defineCapability({
  name: "gifts",
  optional: { title: sentence("Gifts, registry, codes and tiers") },
  needs: ["catalogue", "oneOffPayments"],
  start: (ctx) => {
    const { db, clock, mail, config } = ctx;
    const catalogue = ctx.use("catalogue");
    const gifts = {
      db,
      clock,
      mail: mail.context,
      sender: mail.sender,
      payments: ctx.use("oneOffPayments"),
      catalogue,
      publicUrl: config.publicUrl,
      checkoutsPerHour: config.bookingsPerHour,
      // A class place given through her registry is mailed to her as the classes' own places are.
      classMail: { ...mail.context, contactEmail: config.site.contactEmail },
    };
    return {
      routes: [
        // Its entries say who may call them (access "instructor"), as the studio's guard would.
        mount("/reactapi/gifts", giftsRoutes, gifts),
        mount("/reactapi/account", registryAccountRoutes, gifts),
        mount("/reactapi/registry", registryRoutes, gifts),
        mount("/reactapi/studio", giftsStudioRoutes, gifts),
      ],
      timedWork: giftsWork(gifts),
      points: {
        checkouts: [giftCheckouts(gifts), registryCheckouts(gifts)],
        priceAdjustments: [codePricing(db)],
        personalData: [
          codesPersonalData(db),
          giftsPersonalData(db),
          registryPersonalData(db),
          communityPlacesPersonalData(db, clock, mail.context),
        ],
        invitations: [
          {
            field: "gift_token",
            invitations: {
              check: checkGiftLink,
              accept: async (tx, token, memberId, now) => void (await openGift(tx, token, memberId, now)),
              committed: () => dataChanges.emit("access"),
              joinedAs: "member",
            },
          },
        ],
      },
    };
  },
});
