import { activityPersonalData } from "./activity/activity-repository.ts";
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from "fastify";
import { myAccountRoutes } from "./accounts/my-account-routes.ts";
import { passwordResetRoutes } from "./accounts/password-reset-routes.ts";
import type { SessionStore } from "./accounts/session-store.ts";
import { signInRoutes } from "./accounts/sign-in-routes.ts";
import { type CatalogueReader, coursesPersonalData } from "./catalogue/catalogue-repository.ts";
import { catalogueRoutes } from "./catalogue/catalogue-routes.ts";
import { grantsRoutes } from "./grants/grants-routes.ts";
import { certificatesPersonalData } from "./certificates/certificates-repository.ts";
import { certificatesRoutes } from "./certificates/certificates-routes.ts";
import { bookingCheckouts, type BookingDeps, bookingWork } from "./bookings/booking-actions.ts";
import { bookingRoutes } from "./bookings/booking-routes.ts";
import { bookingsPersonalData } from "./bookings/bookings-repository.ts";
import { calendarStudioRoutes } from "./bookings/calendar-studio-routes.ts";
import { type ClassDeps, classesPersonalData, classMailChoice } from "./classes/classes-repository.ts";
import { classCheckouts } from "./classes/class-actions.ts";
import { classesRoutes, classesStudioRoutes, classWork } from "./classes/classes-routes.ts";
import { communityPersonalData } from "./community/community-repository.ts";
import { communityRoutes, communityStudioRoutes, replyDigestWork } from "./community/community-routes.ts";
import { contentNoteChoicesRoutes, contentNotesRoutes, contentNotesStudioRoutes } from "./content-notes/content-notes-routes.ts";
import { contentNotesPersonalData } from "./content-notes/content-notes-repository.ts";
import type { Config } from "./config.ts";
import type { Clock } from "./lib/clock.ts";
import type { TimedWork } from "./timed-work/timed-work.ts";
import { oneOffPayments } from "./payments/stripe-client.ts";
import type { Database } from "./db/client.ts";
import { dataChanges } from "./db/data-changes.ts";
import type { PersonalData } from "./db/personal-data.ts";
import { formsPersonalData } from "./forms/forms-repository.ts";
import { formsRoutes } from "./forms/forms-routes.ts";
import { closePurchaseGrants, grantsInTheTrash, grantsPersonalData, openPurchaseGrants } from "./grants/grants-repository.ts";
import { healthRoutes } from "./health/health-routes.ts";
import type { MailSender } from "./mail/mail-sender.ts";
import type { MailContext } from "./mail/mail-templates.ts";
import { announcementMailChoice, announcementsPersonalData } from "./messages/announcements-repository.ts";
import { announcementsRoutes, messagesStudioRoutes } from "./messages/messages-routes.ts";
import { repliesPersonalData } from "./messages/replies-repository.ts";
import { openApiRoutes } from "./openapi/openapi.ts";
import { birthPlanPersonalData, plansSharedWithInstructor } from "./birth-plan/birth-plan-repository.ts";
import { birthPlanRoutes, birthPlanStudioRoutes } from "./birth-plan/birth-plan-routes.ts";
import { timerPersonalData } from "./timer/timer-repository.ts";
import { timerRoutes } from "./timer/timer-routes.ts";
import { acceptTeamInvitation, checkTeamInvitation } from "./team/team-repository.ts";
import { teamStudioRoutes } from "./team/team-routes.ts";
import { labourEscalation } from "./labour/labour-alerts.ts";
import { labourPersonalData } from "./labour/labour-repository.ts";
import { labourRoutes, labourStudioRoutes } from "./labour/labour-routes.ts";
import { pushPersonalData } from "./push/push-repository.ts";
import { pushRoutes } from "./push/push-routes.ts";
import { pushDelivery } from "./push/push-sender.ts";
import { acceptInvitation, checkInvitation, linkCommitted, partnersPersonalData } from "./partners/partners-repository.ts";
import {
  acceptCareInvitation,
  carePersonalData,
  careRecordsDueByMonth,
  careRecordsDueIn,
  checkCareInvitation,
  onCallWindowsBetween,
} from "./care/care-repository.ts";
import { careRoutes, careStudioRoutes } from "./care/care-routes.ts";
import { careCheckouts } from "./care/care-checkouts.ts";
import { careWork } from "./care/care-reminders.ts";
import { transcriptsRoutes, transcriptsStudioRoutes } from "./transcripts/transcripts-routes.ts";
import { searchRoutes } from "./search/search-routes.ts";
import { checksPersonalData } from "./checks/checks-repository.ts";
import { checksRoutes, checksStudioRoutes } from "./checks/checks-routes.ts";
import { codePricing, codesPersonalData } from "./gifts/codes-repository.ts";
import { giftsRoutes, giftsStudioRoutes, giftsWork, registryAccountRoutes, registryRoutes } from "./gifts/gifts-routes.ts";
import { registryCheckouts, registryPersonalData } from "./gifts/registry-repository.ts";
import { communityPlacesPersonalData } from "./gifts/community-places.ts";
import { checkGiftLink, giftCheckouts, giftsPersonalData, openGift } from "./gifts/gifts-repository.ts";
import { partnerRoutes } from "./partners/partners-routes.ts";
import { pictureRoutes } from "./pictures/picture-routes.ts";
import { purchasesPersonalData } from "./payments/purchases-repository.ts";
import { paymentsRoutes } from "./payments/payments-routes.ts";
import { progressInTheTrash, progressPersonalData } from "./progress/progress-repository.ts";
import { progressRoutes } from "./progress/progress-routes.ts";
import { siteRoutes, siteSettingsStudioRoutes } from "./site/site-routes.ts";
import type { PracticeNamesStore, SiteLanguageStore } from "./site/site-repository.ts";
import { sitePagesRoutes, siteStudioRoutes } from "./site-pages/site-pages-routes.ts";
import { instructorSetupRoutes } from "./studio/setup/instructor-setup.ts";
import { studioApi } from "./studio/studio-plugin.ts";
import { noticeMails } from "./notifications/notifications-work.ts";
import { notificationsStudioRoutes } from "./notifications/notifications-routes.ts";

/** What the app makes once and lends to the features (app.ts). */
export type AppServices = {
  db: Database;
  config: Config;
  sessions: SessionStore;
  catalogue: CatalogueReader;
  mail: { sender: MailSender; context: MailContext };
  clock: Clock;
  siteLanguage: SiteLanguageStore;
  /** Her name, title and business name (Studio → Site), as every page, PDF and mail prints them. */
  practice: PracticeNamesStore;
  /** The app's log, for work that runs outside a request (the push sender's deliveries). */
  log: FastifyBaseLogger;
};

/** A feature: its routes, and the timed work it declares (reminders, lapsed holds, digests), which app.ts runs. */
type Feature = { register: (app: FastifyInstance) => Promise<unknown>; timedWork: TimedWork[] };

/** A feature's plugin, registered under its address prefix with the options it asks for. */
function feature<Options extends Record<string, unknown>>(
  prefix: string,
  plugin: FastifyPluginAsync<Options>,
  options: Options,
  timedWork: TimedWork[] = [],
): Feature {
  return { register: async (app) => app.register(plugin, { ...options, prefix }), timedWork };
}

/**
 * Every capability of the server, in one list: adding one is its folder and its line here. A
 * feature that keeps anything about a member adds its part to `personalData`, which her data
 * download and the deletion of her account go through.
 */
export function features({ db, config, sessions, catalogue, mail, clock, siteLanguage, practice, log }: AppServices): Feature[] {
  const production = config.env === "production";
  const bookings: BookingDeps = {
    db,
    clock,
    mail: {
      sender: mail.sender,
      context: { ...mail.context, contactEmail: config.site.contactEmail },
    },
    payments: config.stripe ? oneOffPayments(config.stripe) : null,
    birthsElsewhere: { inMonth: careRecordsDueIn, byMonth: careRecordsDueByMonth },
  };
  const classes: ClassDeps = { db, clock, mail: bookings.mail.context, payments: bookings.payments, catalogue, pricing: codePricing(db) };
  const personalData: PersonalData[] = [
    coursesPersonalData(catalogue),
    grantsPersonalData(db),
    purchasesPersonalData(db),
    progressPersonalData(db),
    certificatesPersonalData(db),
    // Before the forms' part: her messages are found by her id, which that part takes off them.
    repliesPersonalData(db),
    formsPersonalData(db),
    announcementsPersonalData(db),
    bookingsPersonalData(db),
    classesPersonalData(db),
    communityPersonalData(db),
    contentNotesPersonalData(db),
    partnersPersonalData(db),
    birthPlanPersonalData(db),
    timerPersonalData(db),
    pushPersonalData(db),
    labourPersonalData(db),
    activityPersonalData(db),
    carePersonalData(db, clock, practice),
    checksPersonalData(db),
    codesPersonalData(db),
    giftsPersonalData(db),
    registryPersonalData(db),
    communityPlacesPersonalData(db, clock, mail.context),
  ];
  const community = { db, clock, catalogue, mail: mail.context, sender: mail.sender, practice, siteLanguage };
  const messages = { db, catalogue, clock, mail: { ...mail.context, contactEmail: config.site.contactEmail } };
  const care = {
    db,
    clock,
    mail: mail.context,
    sender: mail.sender,
    practice,
    contactEmail: config.site.contactEmail,
    payments: bookings.payments,
    pricing: codePricing(db),
  };
  const labour = {
    db,
    clock,
    mail: mail.context,
    sender: mail.sender,
    practice,
    escalateMinutes: config.labourEscalateMinutes,
  };
  const gifts = {
    db,
    clock,
    mail: mail.context,
    sender: mail.sender,
    payments: bookings.payments,
    catalogue,
    publicUrl: config.publicUrl,
    checkoutsPerHour: config.bookingsPerHour,
    // A class place given through her registry is mailed to her as the classes' own places are.
    classMail: classes.mail,
  };
  const pushSending = pushDelivery({ db, clock, push: config.push, contactEmail: config.site.contactEmail, log });
  return [
    feature("/reactapi/users", signInRoutes, {
      db,
      sessions,
      sessionDays: config.sessionDays,
      production,
      trustProxy: config.trustProxy,
      mail,
      contactEmail: config.site.contactEmail,
      registrationsPerHour: config.registrationsPerHour,
      clock,
      invitations: {
        invitation: { check: checkInvitation, accept: acceptInvitation, committed: linkCommitted, joinedAs: "partner" },
        care_invitation: { check: checkCareInvitation, accept: acceptCareInvitation, committed: () => {}, joinedAs: "member" },
        team_invitation: { check: checkTeamInvitation, accept: acceptTeamInvitation, committed: () => {}, joinedAs: "member" },
        gift_token: {
          check: checkGiftLink,
          accept: async (tx, token, memberId, now) => void (await openGift(tx, token, memberId, now)),
          committed: () => dataChanges.emit("access"),
          joinedAs: "member",
        },
      },
    }),
    feature("/reactapi/users", passwordResetRoutes, { db, mail, production, personalData }),
    feature("/reactapi/account", myAccountRoutes, {
      db,
      mail,
      production,
      personalData,
      mailChoices: [announcementMailChoice, classMailChoice()],
    }),
    feature("/reactapi", catalogueRoutes, { db, catalogue }),
    feature("/reactapi", grantsRoutes, { db, catalogue }),
    feature("/reactapi/progress", progressRoutes, { db, catalogue }),
    feature("/reactapi/certificates", certificatesRoutes, {
      db,
      catalogue,
      publicUrl: config.publicUrl,
      practice,
    }),
    feature("/reactapi", formsRoutes, { db, clock }),
    feature("/reactapi/pages", sitePagesRoutes, { db, practice }),
    feature("/reactapi", paymentsRoutes, {
      db,
      catalogue,
      stripe: config.stripe,
      publicUrl: config.publicUrl,
      mail,
      siteLanguage,
      hooks: {
        owners: [
          bookingCheckouts(bookings),
          classCheckouts({ ...classes, wake: () => mail.sender.wake() }),
          careCheckouts(care),
          giftCheckouts(gifts),
          registryCheckouts(gifts),
        ],
        grants: { open: openPurchaseGrants, close: closePurchaseGrants },
        pricing: codePricing(db),
      },
      clock,
    }),
    feature(
      "/reactapi/bookings",
      bookingRoutes,
      { ...bookings, bookingsPerHour: config.bookingsPerHour, onCallWindows: (from, until) => onCallWindowsBetween(db, from, until) },
      [bookingWork(bookings)],
    ),
    feature("/reactapi/announcements", announcementsRoutes, messages),
    feature("/reactapi/classes", classesRoutes, { ...classes, sender: mail.sender, visitorHoldsPerHour: config.bookingsPerHour }, [
      classWork({ ...classes, sender: mail.sender }),
    ]),
    feature("/reactapi/community", communityRoutes, community, [replyDigestWork(community)]),
    feature("/reactapi/content-notes", contentNotesRoutes, { db }),
    feature("/reactapi/account", contentNoteChoicesRoutes, { db, catalogue }),
    feature("/reactapi", birthPlanRoutes, { db, clock, practice, catalogue }),
    feature("/reactapi/timer", timerRoutes, { db, clock }),
    feature("/reactapi/push", pushRoutes, { db, clock, push: config.push, wakeOnQueued: pushSending.wakeOnQueued }, [pushSending]),
    feature("/reactapi/account", partnerRoutes, { db, clock, mail: mail.context, sender: mail.sender }),
    feature("/reactapi/care", careRoutes, care, [careWork({ ...care, siteLanguage })]),
    feature("/reactapi/care", labourRoutes, labour, [labourEscalation(labour)]),
    // Outside the studio's guard: a team doula reaches the alerts shared with her (access "doula").
    feature("/reactapi/studio", labourStudioRoutes, labour),
    feature("/reactapi", transcriptsRoutes, { db, catalogue }),
    feature("/reactapi", searchRoutes, { db, catalogue, siteLanguage }),
    feature("/reactapi", checksRoutes, { db, catalogue, clock }),
    // Its entries say who may call them (access "instructor"), as the studio's guard would.
    feature("/reactapi/gifts", giftsRoutes, gifts, giftsWork(gifts)),
    feature("/reactapi/account", registryAccountRoutes, gifts),
    feature("/reactapi/registry", registryRoutes, gifts),
    feature("/reactapi/studio", giftsStudioRoutes, gifts),
    feature("/reactapi/instructor-setup", instructorSetupRoutes, { db, sessionDays: config.sessionDays, production }),
    feature("/reactapi/studio", studioApi, {
      db,
      clock,
      catalogue,
      publicUrl: config.publicUrl,
      uploadMaxBytes: config.uploadMaxBytes,
      rowsOnCatalogue: [grantsInTheTrash, progressInTheTrash],
      featureAreas: [
        async (app) =>
          app.register(calendarStudioRoutes, {
            ...bookings,
            plansSharedWithInstructor: (userIds) => plansSharedWithInstructor(db, userIds),
            onCallWindows: (from, until) => onCallWindowsBetween(db, from, until),
            prefix: "/calendar",
          }),
        async (app) => app.register(siteStudioRoutes, { db, prefix: "/site" }),
        async (app) => app.register(siteSettingsStudioRoutes, { siteLanguage, practice, prefix: "/site" }),
        async (app) => app.register(messagesStudioRoutes, messages),
        async (app) => app.register(classesStudioRoutes, { ...classes, sender: mail.sender, prefix: "/classes" }),
        async (app) => app.register(communityStudioRoutes, { ...community, prefix: "/community" }),
        async (app) => app.register(contentNotesStudioRoutes, { db, prefix: "/content-notes" }),
        async (app) => app.register(birthPlanStudioRoutes, { db, practice, catalogue }),
        async (app) => app.register(careStudioRoutes, { ...care, prefix: "/care" }),
        async (app) => app.register(teamStudioRoutes, { ...care, prefix: "/team" }),
        async (app) => app.register(transcriptsStudioRoutes, { db, clock }),
        async (app) => app.register(checksStudioRoutes, { db, catalogue, clock }),
        async (app) => app.register(notificationsStudioRoutes, { db, clock, prefix: "/notifications" }),
      ],
    }),
    // What happened, told once: its routes are the studio's (above); its mails are its own timed work.
    { register: async () => {}, timedWork: [noticeMails({ db, clock, mail: mail.context, sender: mail.sender, siteLanguage })] },
    feature("/reactapi/site", siteRoutes, { site: config.site, onlinePayment: config.stripe !== null, siteLanguage }),
    feature("/reactapi/pictures", pictureRoutes, { db }),
    feature("/reactapi", openApiRoutes, {}),
    feature("", healthRoutes, { db }),
  ];
}
