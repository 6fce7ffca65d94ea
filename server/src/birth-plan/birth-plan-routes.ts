import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BirthPlan, BirthPlanTemplateSave, LinkableLesson } from "../../../contract/birth-plan.ts";
import { findUserById, fullName, type UserRow } from "../accounts/users-repository.ts";
import { findBooking } from "../bookings/bookings-repository.ts";
import { labourRecords } from "../care/care-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireDoula, requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import { memberSharingWith } from "../partners/partners-repository.ts";
import { planOf, readTemplate, savePlan, saveTemplate } from "./birth-plan-repository.ts";
import type { renderBirthPlan } from "./birth-plan-pdf.ts";
import { renderDocument } from "../documents/render-document.ts";
import type { PracticeNames } from "../lib/practice-names.ts";

export type BirthPlanDeps = { db: Database; clock: Clock; practice: PracticeNames; catalogue: CatalogueReader };

/**
 * Whose plan the reader opens: her own, or (on a partner's account) hers when she shares it with
 * him. A partner she does not share it with gets the sentence, not an empty plan.
 */
async function ownerFor(db: Database, reader: UserRow): Promise<{ owner: UserRow; readOnly: boolean }> {
  if (reader.joinedAs !== "partner") return { owner: reader, readOnly: false };
  const memberId = await memberSharingWith(db, reader.id, "birthPlan");
  const owner = memberId === undefined ? undefined : await findUserById(db, memberId);
  if (!owner) throw new HttpError(403, "She has not shared her birth preferences with you. She can do so from her account.");
  return { owner, readOnly: true };
}

/** Her birth preferences (docs/product.md, Birth preferences): read, save with a revision, print. */
export async function birthPlanRoutes(app: FastifyInstance, { db, clock, practice, catalogue }: BirthPlanDeps) {
  route(app, "birthPlan", async (_input, request): Promise<BirthPlan> => {
    const reader = requireMember(request);
    const { owner, readOnly } = await ownerFor(db, reader);
    const [template, plan] = await Promise.all([readTemplate(db, request.language), planOf(db, owner.id)]);
    // "Learn about this" leads to the lesson's page, which needs its course; a lesson gone (or a draft's) has no link.
    const lessonIds = template.sections.flatMap((section) =>
      section.options.flatMap((option) => (option.lesson_id === null ? [] : [option.lesson_id])),
    );
    const access = await catalogue.lessonsAccess(reader, lessonIds);
    const courseOf = new Map(
      lessonIds.map((id, index) => [id, access[index]!.access === "missing" ? null : (access[index] as { courseId: number }).courseId]),
    );
    return {
      sections: template.sections.map((section) => ({
        ...section,
        options: section.options.map((option) => ({
          ...option,
          course_id: option.lesson_id === null ? null : (courseOf.get(option.lesson_id) ?? null),
        })),
      })),
      choices: (plan?.choices ?? []).map((choice) => ({ option_id: choice.optionId, note: choice.note })),
      support_people: plan?.supportPeople ?? "",
      share_with_instructor: plan?.shareWithInstructor ?? false,
      revision: plan?.revision ?? 0,
      updated_at: plan?.updatedAt.toISOString() ?? null,
      owner: { first_name: owner.firstName, last_name: owner.lastName, due_date: owner.dueDate },
      read_only: readOnly,
    };
  });

  route(app, "saveBirthPlan", async ({ body }, request) => {
    const member = requireMember(request);
    const saved = await savePlan(db, member.id, body, body.revision, clock.now());
    return { revision: saved.revision, updated_at: saved.updatedAt.toISOString(), message: "Saved." };
  });

  route(app, "birthPlanPdf", async ({ query: { size } }, request, reply) => {
    const { owner } = await ownerFor(db, requireMember(request));
    return sendPdf(reply, await birthPlanPdf(db, owner, size, practice, request), size);
  });
  // A birth client's plan for her doulas (docs/labour-line.md): the doula, and her backup on a record
  // she backs up; "share with my doula" is the mother's word for both of them. Outside the studio's
  // guard, which admits the instructor alone: the contract's access ("doula") admits the team.
  route(app, "careBirthPlanPdf", async ({ params: { id }, query: { size } }, request, reply) => {
    const doula = requireDoula(request);
    const [record] = await labourRecords(db, { recordId: id });
    if (!record || (doula.role !== "admin" && record.backupUserId !== doula.id))
      throw HttpError.withValues(404, "There is no client with the id {id}.", { id });
    const owner = record.memberId === null ? undefined : await findUserById(db, record.memberId);
    const plan = owner ? await planOf(db, owner.id) : undefined;
    if (!owner || !plan?.shareWithInstructor) throw new HttpError(404, "She does not share her birth preferences with her doulas.");
    return sendPdf(reply, await birthPlanPdf(db, owner, size, practice, request), size);
  });
}

/** Her plan as a document (the member's route and the studio's booking share it). */
async function birthPlanPdf(
  db: Database,
  owner: UserRow,
  size: "a4" | "letter",
  practice: PracticeNames,
  request: FastifyRequest,
): Promise<Buffer> {
  const [template, plan] = await Promise.all([readTemplate(db, request.language), planOf(db, owner.id)]);
  return renderDocument<typeof renderBirthPlan>(
    "birthPlan",
    [
      {
        name: fullName(owner) || owner.email,
        dueDate: owner.babyArrived ? null : owner.dueDate,
        supportPeople: plan?.supportPeople ?? "",
        sections: template.sections,
        choices: plan?.choices ?? [],
        businessName: practice.now(request.language).businessName,
        size,
        language: request.language,
      },
    ],
    request.log,
  );
}

const sendPdf = (reply: FastifyReply, pdf: Buffer, size: string) =>
  reply
    .header("content-type", "application/pdf")
    .header("content-disposition", `attachment; filename="birth-preferences-${size}.pdf"`)
    .header("cache-control", "private, no-store")
    .send(pdf);

/** Every lesson, drafts' too, in library and reading order: what the studio offers for "Learn about this". */
async function linkableLessons(catalogue: CatalogueReader, instructor: UserRow): Promise<LinkableLesson[]> {
  const outlines = await Promise.all((await catalogue.allCourses()).map((course) => catalogue.courseOutline(course.id, instructor)));
  return outlines.flatMap((outline) =>
    outline ? outline.lessons.map((lesson) => ({ id: lesson.id, title: lesson.title, course_title: outline.title })) : [],
  );
}

/** An option may only link to a lesson that exists; the studio's form names the one that does not. */
async function refuseUnknownLessons(catalogue: CatalogueReader, instructor: UserRow, sections: BirthPlanTemplateSave["sections"]) {
  const links = sections.flatMap((section, sectionIndex) =>
    section.options.flatMap((option, optionIndex) =>
      option.lesson_id ? [{ lessonId: option.lesson_id, field: `sections.${sectionIndex}.options.${optionIndex}.lesson_id` }] : [],
    ),
  );
  const access = await catalogue.lessonsAccess(
    instructor,
    links.map((link) => link.lessonId),
  );
  const details = Object.fromEntries(
    links.flatMap((link, index) =>
      access[index]!.access === "missing" ? [[link.field, `There is no lesson ${link.lessonId}; choose one from the list.`]] : [],
    ),
  );
  if (Object.keys(details).length > 0) throw new HttpError(400, "An option links to a lesson that does not exist.", details);
}

/** Behind the studio's guard (its manifest's studio areas): the sections and options every member's builder shows. */
export async function birthPlanStudioRoutes(
  app: FastifyInstance,
  { db, practice, catalogue }: { db: Database; practice: PracticeNames; catalogue: CatalogueReader },
) {
  route(app, "studioBirthPlanTemplate", async (_input, request) => ({
    ...(await readTemplate(db, request.language)),
    lessons: await linkableLessons(catalogue, request.member!),
  }));
  // Her plan on her 1:1 booking, only while she shares it with the instructor.
  route(app, "bookingBirthPlanPdf", async ({ params: { id }, query: { size } }, request, reply) => {
    const booking = await findBooking(db, { id });
    const owner = booking?.userId ? await findUserById(db, booking.userId) : undefined;
    const plan = owner ? await planOf(db, owner.id) : undefined;
    if (!owner || !plan?.shareWithInstructor)
      throw new HttpError(404, "She does not share her birth preferences with you on this booking.");
    return sendPdf(reply, await birthPlanPdf(db, owner, size, practice, request), size);
  });
  route(app, "saveBirthPlanTemplate", async ({ body }, request) => {
    const instructor = request.member!;
    await refuseUnknownLessons(catalogue, instructor, body.sections);
    return saveTemplate(db, { userId: instructor.id, label: instructor.email }, body.sections, body.revision);
  });
}
