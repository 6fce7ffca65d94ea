import { sql } from "drizzle-orm";
import { route } from "../http/endpoint-route.ts";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from "../http/error-handler.ts";

const READY_WITHIN_MS = 1_000;

/**
 * For load balancers and uptime checks: /healthz says the process answers, /readyz that the
 * database answers too, within a second.
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "healthz", async (_input, _request, reply) => reply.header("cache-control", "no-store").send({ status: "ok" }));

  route(app, "readyz", async (_input, request, reply) => {
    reply.header("cache-control", "no-store");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooSlow = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${READY_WITHIN_MS} ms`)), READY_WITHIN_MS);
    });
    try {
      await Promise.race([db.execute(sql`select 1`), tooSlow]);
      return reply.send({ status: "ready" });
    } catch (error) {
      request.log.warn({ reason: (error as Error).message }, "not ready: the database does not answer");
      return reply.code(503).header("retry-after", DATABASE_RETRY_AFTER_SECONDS).send({ error: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      clearTimeout(timer);
    }
  });
}
