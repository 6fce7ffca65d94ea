import { defineCapability, mount } from "../capabilities/capability.ts";
import {
  closePurchaseGrants,
  deleteEndedGrants,
  grantsInTheTrash,
  grantsPersonalData,
  listOpenGrants,
  openPurchaseGrants,
} from "./grants-repository.ts";
import { grantsRoutes } from "./grants-routes.ts";

declare module "../capabilities/capability.ts" {
  interface Offered {
    /** The courses a member's grants open now (the catalogue asks). */
    openGrants: typeof listOpenGrants;
    /** What a paid purchase opens and an ended one closes (payments asks). */
    purchaseGrants: { open: typeof openPurchaseGrants; close: typeof closePurchaseGrants };
  }
}

/** Grants: who may open which course, by a code, a purchase or her doula's hand. */
export default defineCapability({
  name: "grants",
  needs: ["catalogue"],
  offers: { openGrants: () => listOpenGrants, purchaseGrants: () => ({ open: openPurchaseGrants, close: closePurchaseGrants }) },
  start: ({ db, use }) => ({
    routes: [mount("/reactapi", grantsRoutes, { db, catalogue: use("catalogue") })],
    points: {
      personalData: [grantsPersonalData(db)],
      rowsOnCatalogue: [grantsInTheTrash],
    },
    sweeps: [() => deleteEndedGrants(db)],
  }),
});
