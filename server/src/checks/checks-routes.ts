import type { FastifyInstance } from "fastify";
import { answerWith, sentence } from "../../../contract/languages.ts";
import type { UserRow } from "../accounts/users-repository.ts";
import { type CatalogueReader, lessonHomes, moduleHomes } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import { addCheck, answer, checksOfCourse, checksOfLesson, findCheck, forMember, forStudio, removeCheck } from "./checks-repository.ts";

type ChecksOptions = { db: Database; catalogue: CatalogueReader; clock: Clock };

const noSuchCheck = () => new HttpError(404, "There is no such check.");
const locked = () => new HttpError(403, "This check is part of the full course. Unlock the course to answer it.");

/** The studio's side, behind its guard (its manifest's studio areas): add a check, see how members answer, delete it. */
export async function checksStudioRoutes(app: FastifyInstance, { db }: ChecksOptions) {
  route(app, "createCheck", async ({ body }, _request, reply) => {
    const lessonId = body.lesson_id ?? null;
    const moduleId = body.module_id ?? null;
    const home =
      lessonId !== null ? (await lessonHomes(db, [lessonId])).get(lessonId) : (await moduleHomes(db, [moduleId!])).get(moduleId!);
    if (!home)
      throw lessonId !== null
        ? HttpError.withValues(404, "There is no lesson with the id {id}.", { id: lessonId })
        : HttpError.withValues(404, "There is no module with the id {id}.", { id: moduleId! });
    const id = await addCheck(db, { courseId: home.courseId, lessonId, moduleId, title: body.title, questions: body.questions });
    return reply.code(201).send({
      id,
      message:
        body.questions.length === 1
          ? sentence("Added the check: 1 question. Members answer it under the lesson now.")
          : answerWith("Added the check: {count} questions. Members answer it under the lesson now.", { count: body.questions.length }),
    });
  });

  route(app, "studioLessonChecks", async ({ params: { lessonId } }) => ({
    checks: await forStudio(db, await checksOfLesson(db, lessonId)),
  }));

  route(app, "removeCheck", async ({ params: { id } }) => {
    if (!(await removeCheck(db, id))) throw noSuchCheck();
    return { message: "Deleted the check and the answers sent to it." };
  });
}

/** Her side: a check she may open, answered as often as she likes; her best result counts. */
export async function checksRoutes(app: FastifyInstance, { db, catalogue, clock }: ChecksOptions) {
  /** The check, when she may open where it is: its lesson (a preview's included), else its course. */
  async function openCheck(member: UserRow, checkId: number) {
    const check = await findCheck(db, checkId);
    if (!check) throw noSuchCheck();
    if (check.lessonId !== null) {
      const place = await catalogue.lessonAccess(member, check.lessonId);
      if (place.access === "missing") throw noSuchCheck();
      if (place.access === "locked") throw locked();
    } else if (!(await catalogue.mayOpen(member, check.courseId))) {
      if (!(await catalogue.isVisibleTo(member, check.courseId))) throw noSuchCheck();
      throw locked();
    }
    return check;
  }

  route(app, "lessonChecks", async ({ params: { lessonId } }, request) => {
    const member = requireMember(request);
    const place = await catalogue.lessonAccess(member, lessonId);
    if (place.access === "missing") throw HttpError.withValues(404, "There is no lesson with the id {id}.", { id: lessonId });
    if (place.access === "locked") throw locked();
    return { checks: await forMember(db, member.id, await checksOfLesson(db, lessonId)) };
  });

  route(app, "courseChecks", async ({ params: { courseId } }, request) => {
    const member = requireMember(request);
    if (!(await catalogue.mayOpen(member, courseId))) {
      if (!(await catalogue.isVisibleTo(member, courseId))) throw new HttpError(404, "That course does not exist.");
      throw locked();
    }
    return { checks: await forMember(db, member.id, await checksOfCourse(db, courseId)) };
  });

  route(app, "check", async ({ params: { id } }, request) => {
    const member = requireMember(request);
    const [check] = await forMember(db, member.id, [await openCheck(member, id)]);
    return check!;
  });

  route(app, "answerCheck", async ({ params: { id }, body }, request) => {
    const member = requireMember(request);
    // The right answers and why are shown to an attempt at every question, never to an empty one.
    if (body.answers.some((chosen) => chosen.length === 0))
      throw new HttpError(400, "Please answer every question first: then you see which answers were right, and why.");
    const result = await answer(db, await openCheck(member, id), member.id, body.answers, clock.now());
    if (!result)
      throw new HttpError(
        400,
        "Send one list of chosen answers per question, each answer by its place in the list, from 0 (one for a question with one right answer).",
      );
    return result;
  });
}
