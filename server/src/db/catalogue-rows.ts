import type { LessonVideo, SubscriptionPlan } from "../../../contract/catalogue.ts";
import type { lessons, planCourses, subscriptionPlans } from "../catalogue/catalogue-schema.ts";

// How catalogue rows become what the API and the content file show, shared by both.

export const courseReferenceCode = (courseId: number) => `C${courseId}`;
export const moduleReferenceCode = (moduleId: number) => `M${moduleId}`;

/** A plan as the API and the content file show it, with the courses it includes. */
export function toSubscriptionPlan(
  plan: typeof subscriptionPlans.$inferSelect,
  links: (typeof planCourses.$inferSelect)[],
): SubscriptionPlan {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.priceMinor,
    currency: plan.currency,
    billing_interval: plan.billingInterval,
    course_ids: links.filter((link) => link.planId === plan.id).map((link) => link.courseId),
    ...(plan.tiers.length > 0 ? { tiers: plan.tiers } : {}),
  };
}

/** A lesson row's video as the API and the content file show it. */
export function lessonVideo(
  lesson: Pick<typeof lessons.$inferSelect, "videoProvider" | "videoId" | "videoHash" | "videoStart" | "videoSeconds" | "videoLine">,
): LessonVideo | null {
  if (!lesson.videoProvider || !lesson.videoId) return null;
  return {
    provider: lesson.videoProvider,
    id: lesson.videoId,
    ...(lesson.videoHash ? { hash: lesson.videoHash } : {}),
    ...(lesson.videoStart ? { start: lesson.videoStart } : {}),
    ...(lesson.videoSeconds ? { length: lesson.videoSeconds } : {}),
    ...(lesson.videoLine ? { line: lesson.videoLine } : {}),
  };
}

type TreeRow = { referenceCode: string; parentReferenceCode: string };

/** The parentReferenceCode its topics carry: the module's own path of codes, ending with its code. */
export const ancestryBelow = (module: TreeRow) => `${module.parentReferenceCode}_${module.referenceCode}`;

/** Whether a parentReferenceCode names the module whose ancestryBelow is `top`, or a topic somewhere inside it. */
export const isAtOrBelow = (ancestry: string, top: string) => ancestry === top || ancestry.startsWith(`${top}_`);

/**
 * A course's modules in reading order: each module, then the topics inside it, depth first. The
 * rows come sorted by position; a topic names its parent by the parent's own path of codes.
 */
export function modulesDepthFirst<Row extends TreeRow>(rows: Row[], courseId: number): { module: Row; depth: number }[] {
  const childrenByParent = groupBy(rows, (row) => row.parentReferenceCode);
  const ordered: { module: Row; depth: number }[] = [];
  const visit = (module: Row, depth: number) => {
    ordered.push({ module, depth });
    for (const child of childrenByParent.get(ancestryBelow(module)) ?? []) visit(child, depth + 1);
  };
  for (const top of childrenByParent.get(courseReferenceCode(courseId)) ?? []) visit(top, 0);
  return ordered;
}

export function groupBy<Item, Key>(items: Item[], keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
