import type { FastifyInstance } from "fastify";
import { answerWith } from "../../../contract/languages.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { addCode, codesForStudio, giveBackLostHolds, removeCode } from "./codes-repository.ts";

type GiftsOptions = { db: Database; clock: Clock };

/** The studio's side, behind its guard (features.ts): Studio → Plans → Codes. */
export async function giftsStudioRoutes(app: FastifyInstance, { db }: GiftsOptions) {
  route(app, "createCode", async ({ body }, _request, reply) => {
    const id = await addCode(db, {
      code: body.code,
      percentOff: body.percent_off ?? null,
      amountOffMinor: body.amount_off ?? null,
      planIds: body.plan_ids,
      packageIds: body.package_ids,
      classIds: body.class_ids,
      startsOn: body.starts_on ?? null,
      endsOn: body.ends_on ?? null,
      maxUses: body.max_uses ?? null,
      firstPurchaseOnly: body.first_purchase_only,
    });
    if (id === null) throw HttpError.withValues(409, "There is a code {code} already. Choose other letters.", { code: body.code });
    return reply.code(201).send({ id, message: answerWith("Added the code {code}.", { code: body.code }) });
  });

  route(app, "studioCodes", async () => ({ codes: await codesForStudio(db) }));

  route(app, "removeCode", async ({ params: { id } }) => {
    if (!(await removeCode(db, id))) throw new HttpError(404, "There is no such code.");
    return { message: "Deleted the code. It is refused from now on." };
  });
}

/** Uses held by checkouts that never reached Stripe (their server stopped on the way) come back within the hour. */
export function giftsWork({ db, clock }: GiftsOptions): TimedWork {
  return { name: "gifts: codes' lost holds", everyMs: 15 * 60 * 1000, run: () => giveBackLostHolds(db, clock.now()) };
}
