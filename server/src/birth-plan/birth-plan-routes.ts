import type { FastifyInstance } from "fastify";
import type { BirthPlan } from "../../../contract/birth-plan.ts";
import { findUserById, fullName, type UserRow } from "../accounts/users-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import { memberSharingWith } from "../partners/partners-repository.ts";
import { planOf, readTemplate, savePlan, saveTemplate } from "./birth-plan-repository.ts";
import { renderBirthPlan } from "./birth-plan-pdf.ts";

export type BirthPlanDeps = { db: Database; clock: Clock; businessName: string; catalogue: CatalogueReader };

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
export async function birthPlanRoutes(app: FastifyInstance, { db, clock, businessName, catalogue }: BirthPlanDeps) {
  route(app, "birthPlan", async (_input, request): Promise<BirthPlan> => {
    const reader = requireMember(request);
    const { owner, readOnly } = await ownerFor(db, reader);
    const [template, plan] = await Promise.all([readTemplate(db), planOf(db, owner.id)]);
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
    if (member.joinedAs === "partner")
      throw new HttpError(403, "Her birth preferences are hers to change; you can read them when she shares them.");
    const saved = await savePlan(db, member.id, body, body.revision, clock.now());
    return { revision: saved.revision, updated_at: saved.updatedAt.toISOString(), message: "Saved." };
  });

  route(app, "birthPlanPdf", async ({ query: { size } }, request, reply) => {
    const { owner } = await ownerFor(db, requireMember(request));
    const [template, plan] = await Promise.all([readTemplate(db), planOf(db, owner.id)]);
    const pdf = await renderBirthPlan({
      name: fullName(owner) || owner.email,
      dueDate: owner.babyArrived ? null : owner.dueDate,
      supportPeople: plan?.supportPeople ?? "",
      sections: template.sections,
      choices: plan?.choices ?? [],
      businessName,
      size,
    });
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="birth-preferences-${size}.pdf"`)
      .header("cache-control", "private, no-store")
      .send(pdf);
  });
}

/** Behind the studio's guard (features.ts): the sections and options every member's builder shows. */
export async function birthPlanStudioRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "studioBirthPlanTemplate", async () => readTemplate(db));
  route(app, "saveBirthPlanTemplate", async ({ body }, request) =>
    saveTemplate(db, { userId: request.member!.id, label: request.member!.email }, body.sections, body.revision),
  );
}
