import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { classCheckouts } from "./class-actions.ts";
import { type ClassDeps, classesPersonalData, classMailChoice } from "./classes-repository.ts";
import { type ClassesOptions, classesRoutes, classesStudioRoutes, classWork } from "./classes-routes.ts";

/** Live classes: her sessions, their places, waiting lists, reminders and recordings. */
export default defineCapability({
  name: "classes",
  optional: { title: sentence("Live classes") },
  needs: ["catalogue", "oneOffPayments", "checkoutPricing"],
  start: (ctx) => {
    const { db, clock, mail, config } = ctx;
    const catalogue = ctx.use("catalogue");
    const classes: ClassDeps = {
      db,
      clock,
      mail: { ...mail.context, contactEmail: config.site.contactEmail },
      payments: ctx.use("oneOffPayments"),
      catalogue,
      pricing: ctx.use("checkoutPricing"),
    };
    const withSender: ClassesOptions = { ...classes, sender: mail.sender };
    return {
      routes: [mount("/reactapi/classes", classesRoutes, { ...withSender, visitorHoldsPerHour: config.bookingsPerHour })],
      studio: [mount("/classes", classesStudioRoutes, withSender)],
      timedWork: [classWork(withSender)],
      points: {
        checkouts: [classCheckouts({ ...classes, wake: () => mail.sender.wake() })],
        personalData: [classesPersonalData(db)],
        mailChoices: [classMailChoice()],
      },
    };
  },
});
