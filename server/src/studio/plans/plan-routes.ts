import type { FastifyInstance } from "fastify";
import type { ParsedRequestOf } from "../../../../contract/api.ts";
import { route } from "../../http/endpoint-route.ts";
import { actorOf, type StudioOptions } from "../studio-scope.ts";
import { createPlan, deletePlan, listPlans, updatePlan } from "../../catalogue/plans-repository.ts";

const planFields = (input: ParsedRequestOf<"createPlan">["body"]) => ({
  name: input.name,
  description: input.description,
  priceMinor: input.price_minor,
  currency: input.currency,
  billingInterval: input.billing_interval,
  partnerSeat: input.partner_seat,
  courseIds: input.course_ids,
  tiers: input.tiers,
});

/** The plans of the Purchase page: list, create, edit, delete. */
export async function planRoutes(app: FastifyInstance, { db, catalogue }: StudioOptions) {
  route(app, "studioPlans", async () => {
    const [plans, courses] = await Promise.all([listPlans(db), catalogue.allCourses()]);
    return { plans, courses: courses.map((course) => ({ id: course.id, title: course.title })) };
  });

  route(app, "createPlan", async ({ body }, request) => createPlan(db, actorOf(request), planFields(body)));

  route(app, "updatePlan", async ({ params: { id }, body }, request) =>
    updatePlan(db, actorOf(request), id, body.revision, planFields(body)),
  );

  route(app, "deletePlan", async ({ params: { id }, body: { revision } }, request) => deletePlan(db, actorOf(request), id, revision));
}
