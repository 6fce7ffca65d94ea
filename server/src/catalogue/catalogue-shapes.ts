import type { SubscriptionPlan } from "../../../contract/catalogue.ts";
import type { planCourses, subscriptionPlans } from "../db/schema.ts";

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
  };
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
