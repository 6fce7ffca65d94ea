import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { type FormReceipt } from "../../../contract/forms.ts";
import type { Database } from "../db/client.ts";
import { storeSubmission } from "./forms-repository.ts";
import { requireMember } from "../http/signed-in-member.ts";

export async function formsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  route(app, "sendFeedback", async ({ body }, request, reply) => {
    const member = requireMember(request);
    const feedback = body;
    const row = await storeSubmission(db, "feedback", member.id, feedback);
    const receipt: FormReceipt = { id: row.id, received_at: row.createdAt.toISOString() };
    return reply.code(201).send(receipt);
  });

  route(app, "sendContact", async ({ body }, request, reply) => {
    const member = requireMember(request);
    const contact = body;
    const row = await storeSubmission(db, "contact", member.id, contact);
    const receipt: FormReceipt = { id: row.id, received_at: row.createdAt.toISOString() };
    return reply.code(201).send(receipt);
  });
}
