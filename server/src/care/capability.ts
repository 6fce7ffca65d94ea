import { moveCareFilesToStorage, removeUnnamedCareFiles } from "./care-files.ts";
import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Queryable } from "../db/types.ts";
import { careCheckouts } from "./care-checkouts.ts";
import { careWork } from "./care-reminders.ts";
import {
  acceptCareInvitation,
  carePersonalData,
  careRecordsDueByMonth,
  careRecordsDueIn,
  checkCareInvitation,
  isCareClient,
  onCallWindowsBetween,
} from "./care-repository.ts";
import { type CareOptions, careRoutes, careStudioRoutes } from "./care-routes.ts";
import type { StoredQuestion } from "./care-schema.ts";
import { checkedAnswers, listQuestionnaires, questionnaireById, refuseMissingAnswers } from "./questionnaires-repository.ts";

declare module "../capabilities/capability.ts" {
  interface Offered {
    /** Births she has taken on as her clients': they count towards a due month's places (bookings ask). */
    birthsElsewhere: { inMonth(db: Queryable, month: string): Promise<number>; byMonth(db: Queryable): Promise<Map<string, number>> };
    /** Her clients' on-call windows touching these days (her calendar and its feed carry them). */
    onCallWindows: (from: string, until: string) => Promise<{ recordId: number; client: string; from: string; until: string }[]>;
    /** What her birth clients' capabilities (team, labour line) are given. */
    careOptions: CareOptions;
    /** Whether a member is one of her birth clients (has a care record): a journey for her clients asks. */
    birthClients: { isClient(memberId: number): Promise<boolean> };
    /**
     * The questionnaire engine her clients' questionnaires are made with, for another capability to
     * ask one (a journey's check-in): her questionnaires, one's questions, and answers checked against
     * them (a 400 with a sentence per answer that does not fit, or per question left unanswered).
     */
    questionnaires: {
      list(): Promise<{ id: number; title: string }[]>;
      find(id: number): Promise<{ id: number; title: string; questions: StoredQuestion[] } | undefined>;
      check(questions: StoredQuestion[], answers: Record<string, string | string[] | boolean>): Record<string, string | string[] | boolean>;
    };
  }
}

/** Her birth clients' journey: packages, agreements, payments, questionnaires, messages and files. */
export default defineCapability({
  name: "care",
  optional: { title: sentence("Her clients' journey") },
  needs: ["oneOffPayments", "checkoutPricing"],
  offers: {
    questionnaires: ({ db }) => ({
      list: () => listQuestionnaires(db),
      find: (id) => questionnaireById(db, id),
      check: (questions, answers) => {
        const checked = checkedAnswers(questions, answers);
        refuseMissingAnswers(questions, checked);
        return checked;
      },
    }),
    birthsElsewhere: () => ({ inMonth: careRecordsDueIn, byMonth: careRecordsDueByMonth }),
    birthClients: ({ db }) => ({ isClient: (memberId) => isCareClient(db, memberId) }),
    onCallWindows:
      ({ db }) =>
      (from, until) =>
        onCallWindowsBetween(db, from, until),
    careOptions: (ctx) => ({
      db: ctx.db,
      clock: ctx.clock,
      mail: ctx.mail.context,
      sender: ctx.mail.sender,
      practice: ctx.practice,
      contactEmail: ctx.config.site.contactEmail,
      payments: ctx.use("oneOffPayments"),
      pricing: ctx.use("checkoutPricing"),
      storage: ctx.storage,
    }),
  },
  start: (ctx) => {
    const care = ctx.use("careOptions");
    return {
      routes: [mount("/reactapi/care", careRoutes, care)],
      studio: [mount("/care", careStudioRoutes, care)],
      timedWork: [careWork({ ...care, siteLanguage: ctx.siteLanguage })],
      sweeps: [
        () => moveCareFilesToStorage({ db: ctx.db, storage: ctx.storage }, ctx.clock.now()),
        () => removeUnnamedCareFiles({ db: ctx.db, storage: ctx.storage }, ctx.clock.now()),
      ],
      points: {
        checkouts: [careCheckouts(care)],
        personalData: [carePersonalData(ctx.db, ctx.clock, ctx.practice, ctx.storage)],
        accessLevels: [
          {
            level: "client",
            check: async (request) => {
              if (!(await isCareClient(ctx.db, requireMember(request).id)))
                throw new HttpError(403, "This is your doula's space for her birth clients: it opens when she takes you on.");
            },
          },
        ],
        invitations: [
          {
            field: "care_invitation",
            invitations: { check: checkCareInvitation, accept: acceptCareInvitation, committed: () => {}, joinedAs: "member" },
          },
        ],
      },
    };
  },
});
