import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BirthPlanSection } from "../../../contract/birth-plan.ts";
import { staleRevisionMessage } from "../../../contract/constants.ts";
import { isLanguage, type Language, sourceLanguage } from "../../../contract/languages.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { birthPlans, birthPlanTemplate } from "./birth-plan-schema.ts";
import { HttpError } from "../http/errors.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import { defaultBirthPlanSectionsIn } from "./default-template.ts";

export type BirthPlanRow = typeof birthPlans.$inferSelect;

/** The sentence of a save made from a copy older than the last save (another device, another tab). */
export const staleBirthPlanMessage =
  "Your birth preferences were changed on another device since this page loaded, so this change was not saved. Load the newer version, then make your change again.";

/**
 * The sections and options as the instructor left them, or the default set (revision 1) before her
 * first save, in the reader's language.
 */
export async function readTemplate(
  db: Queryable,
  language: Language = sourceLanguage,
): Promise<{ sections: BirthPlanSection[]; revision: number }> {
  const [row] = await db.select().from(birthPlanTemplate).where(eq(birthPlanTemplate.id, 1));
  return row ? { sections: row.sections, revision: row.revision } : { sections: defaultBirthPlanSectionsIn(language), revision: 1 };
}

type TemplateInput = { id?: string; title: string; options: { id?: string; label: string; lesson_id: number | null }[] }[];

/** Saves her sections and options; new ones get ids, kept ones keep theirs (members' choices name them). */
export async function saveTemplate(db: Database, actor: Actor, input: TemplateInput, revision: number) {
  const sections: BirthPlanSection[] = input.map((section) => ({
    id: section.id ?? `section-${randomUUID().slice(0, 8)}`,
    title: section.title,
    options: section.options.map((option) => ({
      id: option.id ?? `option-${randomUUID().slice(0, 8)}`,
      label: option.label,
      lesson_id: option.lesson_id,
    })),
  }));
  return db.transaction(async (tx) => {
    const current = await readTemplate(tx);
    if (current.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    const next = revision + 1;
    const written = await tx
      .insert(birthPlanTemplate)
      .values({ id: 1, sections, revision: next })
      .onConflictDoUpdate({
        target: birthPlanTemplate.id,
        set: { sections, revision: next },
        setWhere: eq(birthPlanTemplate.revision, revision),
      })
      .returning({ revision: birthPlanTemplate.revision });
    if (written.length === 0) throw new HttpError(409, staleRevisionMessage);
    await recordActivity(tx, actor, "catalogue", "Edited the birth-preferences sections and options.");
    return { sections, revision: next, message: "Saved. Members see these sections and options now." };
  });
}

export async function planOf(db: Queryable, userId: number): Promise<BirthPlanRow | undefined> {
  const [row] = await db.select().from(birthPlans).where(eq(birthPlans.userId, userId));
  return row;
}

export type PlanInput = { choices: { option_id: string; note: string }[]; support_people: string; share_with_instructor?: boolean };

/**
 * Saves her plan over the revision she loaded, or refuses with 409 and the sentence: two devices
 * never overwrite each other silently. Options the instructor has since removed are dropped.
 */
export async function savePlan(db: Database, userId: number, input: PlanInput, revision: number, now: Date): Promise<BirthPlanRow> {
  const offered = new Set((await readTemplate(db)).sections.flatMap((section) => section.options.map((option) => option.id)));
  const seen = new Set<string>();
  const choices = input.choices
    .filter((choice) => offered.has(choice.option_id) && !seen.has(choice.option_id) && seen.add(choice.option_id))
    .map((choice) => ({ optionId: choice.option_id, note: choice.note }));
  const fields = {
    choices,
    supportPeople: input.support_people,
    ...(input.share_with_instructor === undefined ? {} : { shareWithInstructor: input.share_with_instructor }),
    updatedAt: now,
  };
  const [saved] =
    revision === 0
      ? await db
          .insert(birthPlans)
          .values({ userId, ...fields, revision: 1 })
          .onConflictDoNothing()
          .returning()
      : await db
          .update(birthPlans)
          .set({ ...fields, revision: sql`${birthPlans.revision} + 1` })
          .where(and(eq(birthPlans.userId, userId), eq(birthPlans.revision, revision)))
          .returning();
  if (!saved) throw new HttpError(409, staleBirthPlanMessage);
  return saved;
}

/** Of these members, those who share their birth preferences with the instructor (the studio shows them on their bookings). */
export async function plansSharedWithInstructor(db: Queryable, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: birthPlans.userId })
    .from(birthPlans)
    .where(and(inArray(birthPlans.userId, [...new Set(userIds)]), eq(birthPlans.shareWithInstructor, true)));
  return new Set(rows.map((row) => row.userId));
}

/** Her plan in her download; it goes with her account (cascade). */
export const birthPlanPersonalData = (db: Queryable): PersonalData => ({
  key: "birth_plan",
  export: async (member) => {
    const row = await planOf(db, member.id);
    if (!row) return null;
    const labels = new Map(
      (await readTemplate(db, isLanguage(member.language) ? member.language : sourceLanguage)).sections.flatMap((section) =>
        section.options.map((option) => [option.id, option.label]),
      ),
    );
    return {
      choices: row.choices.map((choice) => ({ choice: labels.get(choice.optionId) ?? choice.optionId, note: choice.note })),
      support_people: row.supportPeople,
      shared_with_instructor: row.shareWithInstructor,
      updated_at: row.updatedAt.toISOString(),
    };
  },
});
