import type { FastifyInstance } from "fastify";
import { ContactRequest, FeedbackRequest, type FormReceipt } from "../../../contract/forms.ts";
import { requireMember } from "../accounts/authentication.ts";
import type { Database } from "../db/client.ts";
import { parseInput } from "../http/errors.ts";
import { storeSubmission } from "./forms-repository.ts";

export async function formsRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.post("/reactapi/feedback", async (request, reply) => {
    const member = requireMember(request);
    const feedback = parseInput(FeedbackRequest, request.body);
    const row = await storeSubmission(db, "feedback", member.id, feedback);
    const receipt: FormReceipt = { id: row.id, received_at: row.createdAt.toISOString() };
    return reply.code(201).send(receipt);
  });

  app.post("/reactapi/contact", async (request, reply) => {
    const member = requireMember(request);
    const contact = parseInput(ContactRequest, request.body);
    const row = await storeSubmission(db, "contact", member.id, contact);
    const receipt: FormReceipt = { id: row.id, received_at: row.createdAt.toISOString() };
    return reply.code(201).send(receipt);
  });
}
