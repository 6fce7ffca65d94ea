import { sentence } from "../../../contract/languages.ts";
import { findUserById, type UserRow } from "../accounts/users-repository.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { journeyWork } from "./journey-work.ts";
import { checkInsOf, tellBackups } from "./check-ins.ts";
import { journeysSettings } from "./settings.ts";
import { writeDefaultJourney } from "./default-journey.ts";
import { audienceCheck, journeysPersonalData, type QuestionnaireEngine } from "./journeys-repository.ts";
import { birthRoutes, clientBirthRoutes, journeyRoutes, journeysStudioRoutes } from "./journeys-routes.ts";

/** Journeys: steps the doula writes in pregnancy time, each reaching a member once at its hour of her day (docs/journeys.md). */
export default defineCapability({
  name: "journeys",
  optional: { title: sentence("Journeys in pregnancy time") },
  // A journey for a course's members asks the catalogue who may open it, once a member is asked about.
  // "Baby is here" tells the community only when she chose it, through what the community offers.
  later: ["catalogue", "communityAnnouncements", "questionnaires", "birthClients"],
  settings: journeysSettings,
  start: (ctx) => {
    const { settings } = ctx;
    const isFor = audienceCheck({
      mayOpenCourse: async (memberId, courseId) => {
        const member = await findUserById(ctx.db, memberId);
        return member ? ctx.use("catalogue").mayOpen(member, courseId) : false;
      },
      isBirthClient: async (memberId) => (await ctx.isOn("care")) && ctx.use("birthClients").isClient(memberId),
    });
    // Asked once a step names one (care starts after journeys may).
    const questionnaires: QuestionnaireEngine = {
      list: () => ctx.use("questionnaires").list(),
      find: (id) => ctx.use("questionnaires").find(id),
      check: (questions, answers) => ctx.use("questionnaires").check(questions, answers),
    };
    const options = { db: ctx.db, clock: ctx.clock, isFor, catalogue: () => ctx.use("catalogue"), questionnaires };
    const births = {
      db: ctx.db,
      clock: ctx.clock,
      mail: ctx.mail.context,
      sender: ctx.mail.sender,
      contactEmail: ctx.config.site.contactEmail,
      questionnaires,
      announce: (author: UserRow, post: { title: string; body: string }) => ctx.use("communityAnnouncements").announce(author, post),
    };
    return {
      routes: [
        mount("/reactapi/journey", journeyRoutes, { ...options, checkIns: births }),
        mount("/reactapi/account", birthRoutes, births),
      ],
      studio: [mount("/journeys", journeysStudioRoutes, options), mount("/care/clients", clientBirthRoutes, births)],
      timedWork: [
        journeyWork({ db: ctx.db, clock: ctx.clock, mail: ctx.mail.context, sender: ctx.mail.sender, isFor }),
        {
          name: "journeys: contact requests to backups",
          everyMs: 60_000,
          run: () => tellBackups({ ...births, escalateMinutes: settings.escalateMinutes }),
        },
      ],
      points: {
        personalData: [journeysPersonalData(ctx.db, (memberId) => checkInsOf(ctx.db, memberId))],
        newInstallation: [(tx) => writeDefaultJourney(tx, ctx.clock.now())],
      },
    };
  },
});
