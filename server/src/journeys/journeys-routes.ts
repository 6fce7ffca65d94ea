import type { FastifyInstance } from "fastify";
import { languageOr, sentence, sourceLanguage } from "../../../contract/languages.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { HttpError } from "../http/errors.ts";
import { labourRecords } from "../care/care-repository.ts";
import { linkOf } from "../partners/partners-repository.ts";
import { type BirthDeps, recordBirth } from "./births.ts";
import { sendDueStepsTo } from "./journey-work.ts";
import { translatorFor } from "../language/catalogues.ts";
import {
  answerCheckIn,
  type CheckInDeps,
  crisisLinesOf,
  saveCrisisLines,
  listContactRequests,
  markContactRequestSeen,
  memberJourneyForDoula,
  stepOf,
} from "./check-ins.ts";
import type { Clock } from "../lib/clock.ts";
import type { UserRow } from "../accounts/users-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import {
  type AudienceCheck,
  type QuestionnaireEngine,
  createJourney,
  deleteJourney,
  listJourneys,
  previewJourney,
  saveJourney,
  saveSettings,
  journeyMembersWithDueDates,
  journeysWithSteps,
  timelineOf,
} from "./journeys-repository.ts";

export type JourneyRouteOptions = {
  db: Database;
  clock: Clock;
  isFor: AudienceCheck;
  /** The library as the catalogue offers it: the courses and lessons a journey may name. */
  catalogue: () => CatalogueReader;
  /** Her clients' questionnaires, as the care capability offers them: a step may send one as its check-in. */
  questionnaires: QuestionnaireEngine;
};

/** Every course, and every lesson (drafts' too) in library and reading order, as the studio names them. */
async function library(catalogue: CatalogueReader, instructor: UserRow) {
  const courses = await catalogue.allCourses();
  const outlines = await Promise.all(courses.map((course) => catalogue.courseOutline(course.id, instructor)));
  return {
    courses: courses.map((course) => ({ id: course.id, title: course.title })),
    lessons: outlines.flatMap((outline) =>
      outline ? outline.lessons.map((lesson) => ({ id: lesson.id, title: lesson.title, course_title: outline.title })) : [],
    ),
  };
}

/** Studio → Journeys (docs/journeys.md): write them, see when each step would come, and who asked for contact. */
export async function journeysStudioRoutes(app: FastifyInstance, { db, clock, catalogue, questionnaires }: JourneyRouteOptions) {
  route(app, "contactRequests", async () => listContactRequests(db));
  route(app, "studioCrisisLines", async (_input, request) =>
    crisisLinesOf(db, translatorFor(languageOr(request.language, sourceLanguage))),
  );
  route(app, "saveCrisisLines", async ({ body }) => saveCrisisLines(db, body.lines, clock.now()));
  route(app, "studioMemberJourney", async ({ params: { id } }, request) => memberJourneyForDoula(db, id, request.language, questionnaires));
  route(app, "markContactRequestSeen", async ({ params: { id } }, request) =>
    markContactRequestSeen(db, id, requireMember(request), clock.now()),
  );
  route(app, "studioJourneys", async (_input, request) => ({
    journeys: await listJourneys(db),
    ...(await library(catalogue(), requireMember(request))),
    questionnaires: (await questionnaires.list()).map(({ id, title }) => ({ id, title })),
  }));
  route(app, "createJourney", async ({ body }, _request, reply) =>
    reply.code(201).send(await createJourney(db, body, clock.now(), questionnaires)),
  );
  route(app, "saveJourney", async ({ params: { id }, body }) => saveJourney(db, id, body, clock.now(), questionnaires));
  route(app, "deleteJourney", async ({ params: { id } }) => deleteJourney(db, id));
  route(app, "previewJourney", async ({ params: { id }, query: { due_date } }) => previewJourney(db, id, due_date));
}

/** Her side: her timeline, its steps and their check-ins, and her choices. */
export async function journeyRoutes(app: FastifyInstance, { db, clock, isFor, checkIns }: JourneyRouteOptions & { checkIns: CheckInDeps }) {
  route(app, "myJourneyStep", async ({ params: { id } }, request) =>
    stepOf(db, requireMember(request), id, request.language, checkIns.questionnaires),
  );
  route(app, "answerCheckIn", async ({ params: { id }, body }, request) =>
    answerCheckIn(checkIns, requireMember(request), id, body, request.language),
  );
  route(app, "myJourney", async (_input, request) => {
    const reader = requireMember(request);
    const now = clock.now();
    const all = await journeysWithSteps(db);
    const [member] = await journeyMembersWithDueDates(db, [reader.id]);
    if (member && (await sendDueStepsTo({ ...checkIns, isFor }, member, all, now)) > 0) checkIns.sender.wake();
    return timelineOf(db, reader, request.language, isFor, now, { member, all });
  });
  route(app, "saveJourneySettings", async ({ body }, request) => {
    await saveSettings(db, requireMember(request).id, body, clock.now());
    return { message: sentence("Saved your journey's settings.") };
  });
}

/** "Baby is here", from her account or her partner's (docs/journeys.md). */
export async function birthRoutes(app: FastifyInstance, deps: BirthDeps) {
  route(app, "recordBirth", async ({ body }, request) => {
    const reader = requireMember(request);
    if (reader.joinedAs !== "partner") return recordBirth(deps, reader.id, body, "her", reader);
    const link = await linkOf(deps.db, reader.id);
    if (!link || link.partnerId !== reader.id)
      throw new HttpError(404, "Your account is not linked to hers any more, so there is no birth to record here.");
    return recordBirth(deps, link.memberId, body, "her partner", reader);
  });
}

/** The doula records a client's birth, as the client would. */
export async function clientBirthRoutes(app: FastifyInstance, deps: BirthDeps) {
  route(app, "recordClientBirth", async ({ params: { id }, body }) => {
    const [record] = await labourRecords(deps.db, { recordId: id });
    if (!record) throw HttpError.withValues(404, "There is no client with the id {id}.", { id });
    if (record.memberId === null)
      throw new HttpError(404, "She has no account on the site yet: the birth is recorded on her account, once she has one.");
    return recordBirth(deps, record.memberId, body, "her doula");
  });
}
