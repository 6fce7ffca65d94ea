import { answerWith } from "../../../contract/languages.ts";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { staleRevisionMessage } from "../../../contract/constants.ts";
import type { StudioPlan } from "../../../contract/studio/plans.ts";
import type { PlanTier } from "../../../contract/catalogue.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import { changeCatalogue } from "./catalogue-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { courses, planCourses, subscriptionPlans } from "./catalogue-schema.ts";
import { HttpError } from "../http/errors.ts";

// The instructor's plans. Each save names the revision she opened: a save over a newer one (from
// another tab, another instructor or an import) is refused with 409, and nothing is overwritten.
// Purchases keep their own copy of the plan (payments), so no change here alters what was bought.

export type PlanFields = {
  name: string;
  description: string;
  priceMinor: number;
  currency: string;
  billingInterval: "month" | "year" | "once";
  /** Whether her linked partner shares the plan's courses for partners; left as it is when not given. */
  partnerSeat?: boolean;
  courseIds: number[];
  /** Pay what you can, kept lowest first; left as they are when not given. */
  tiers?: PlanTier[];
};

const byPrice = (tiers: PlanTier[]) => [...tiers].sort((a, b) => a.price - b.price);

export async function listPlans(db: Queryable): Promise<StudioPlan[]> {
  const [plans, links] = await Promise.all([
    db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.id)),
    db.select().from(planCourses).orderBy(asc(planCourses.courseId)),
  ]);
  return plans.map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price_minor: plan.priceMinor,
    currency: plan.currency,
    billing_interval: plan.billingInterval,
    partner_seat: plan.partnerSeat,
    course_ids: links.filter((link) => link.planId === plan.id).map((link) => link.courseId),
    tiers: plan.tiers,
    revision: plan.revision,
  }));
}

async function planOf(db: Queryable, id: number): Promise<StudioPlan> {
  const plan = (await listPlans(db)).find((candidate) => candidate.id === id);
  if (!plan) throw HttpError.withValues(404, "There is no plan with the id {id}.", { id });
  return plan;
}

async function linkCourses(db: Queryable, planId: number, courseIds: number[]): Promise<void> {
  const known =
    courseIds.length === 0
      ? []
      : (await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, courseIds))).map((course) => course.id);
  const missing = courseIds.filter((id) => !known.includes(id));
  if (missing.length > 0) {
    const sentence = `There is no course with the id ${missing.join(", ")}; reload to see the courses as they are now.`;
    throw new HttpError(400, sentence, { course_ids: sentence });
  }
  await db.delete(planCourses).where(eq(planCourses.planId, planId));
  if (courseIds.length > 0) await db.insert(planCourses).values(courseIds.map((courseId) => ({ planId, courseId })));
}

export async function createPlan(db: Database, actor: Actor, fields: PlanFields): Promise<{ plan: StudioPlan; message: string }> {
  return changeCatalogue(db, async (tx) => {
    // Plan ids are chosen by the content file; a new one takes the next free id, one creation at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('subscription_plans'))`);
    const [next] = await tx
      .select({
        id: sql<number>`coalesce(max(${subscriptionPlans.id}), 0) + 1`,
        position: sql<number>`coalesce(max(${subscriptionPlans.position}), 0) + 1`,
      })
      .from(subscriptionPlans);
    const id = Number(next!.id);
    await tx.insert(subscriptionPlans).values({
      id,
      position: Number(next!.position),
      name: fields.name,
      description: fields.description,
      priceMinor: fields.priceMinor,
      currency: fields.currency,
      billingInterval: fields.billingInterval,
      partnerSeat: fields.partnerSeat ?? false,
      tiers: byPrice(fields.tiers ?? []),
    });
    await linkCourses(tx, id, fields.courseIds);
    await recordActivity(tx, actor, "plan", `Created the plan "${fields.name}".`);
    return {
      plan: await planOf(tx, id),
      message: answerWith('Created the plan "{name}". Members see it on the Purchase page now.', { name: fields.name }),
    };
  });
}

/** The 409 or 404 of a save that matched no row at the revision given. */
async function refusal(db: Queryable, id: number): Promise<HttpError> {
  const [exists] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  return exists
    ? new HttpError(409, staleRevisionMessage)
    : HttpError.withValues(404, "There is no plan with the id {id}. It may have been deleted meanwhile.", { id });
}

export async function updatePlan(
  db: Database,
  actor: Actor,
  id: number,
  revision: number,
  fields: PlanFields,
): Promise<{ plan: StudioPlan; message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [updated] = await tx
      .update(subscriptionPlans)
      .set({
        name: fields.name,
        description: fields.description,
        priceMinor: fields.priceMinor,
        currency: fields.currency,
        billingInterval: fields.billingInterval,
        ...(fields.partnerSeat === undefined ? {} : { partnerSeat: fields.partnerSeat }),
        ...(fields.tiers === undefined ? {} : { tiers: byPrice(fields.tiers) }),
        revision: sql`${subscriptionPlans.revision} + 1`,
      })
      .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.revision, revision)))
      .returning({ id: subscriptionPlans.id });
    if (!updated) throw await refusal(tx, id);
    await linkCourses(tx, id, fields.courseIds);
    await recordActivity(tx, actor, "plan", `Changed the plan "${fields.name}".`);
    return {
      plan: await planOf(tx, id),
      message: answerWith('Saved the plan "{name}". Purchases already made keep what they bought.', { name: fields.name }),
    };
  });
}

export async function deletePlan(db: Database, actor: Actor, id: number, revision: number): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [deleted] = await tx
      .delete(subscriptionPlans)
      .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.revision, revision)))
      .returning({ name: subscriptionPlans.name });
    if (!deleted) throw await refusal(tx, id);
    await recordActivity(tx, actor, "plan", `Deleted the plan "${deleted.name}".`);
    return {
      message: answerWith('Deleted the plan "{name}". Nobody can buy it any more; members who bought it keep their courses.', {
        name: deleted.name,
      }),
    };
  });
}
