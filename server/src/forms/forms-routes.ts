import { sentence } from "../../../contract/languages.ts";
import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { type FormReceipt } from "../../../contract/forms.ts";
import type { Database } from "../db/client.ts";
import { storeSubmission } from "./forms-repository.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import { SlidingWindow, tooManyAttempts } from "../rate-limits/sliding-window.ts";

/** A person takes longer than this to fill in the Contact form; a robot sends it at once. */
const SHORTEST_FILLING_MS = 3000;
const PUBLIC_MESSAGES_PER_HOUR = 5;

export async function formsRoutes(app: FastifyInstance, { db, clock }: { db: Database; clock: Clock }) {
  const hourly = new SlidingWindow(db, 60 * 60 * 1000, () => clock.now().getTime());
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

  // The Contact page, open to visitors. Spam is kept out without a third-party captcha: a field
  // people never see (filled: the robot is told "received" and nothing is kept), a form sent
  // faster than a person can fill it, and a few messages an hour from one address.
  route(app, "sendPublicContact", async ({ body }, request, reply) => {
    const { website, filled_in_ms: filledInMs, ...message } = body;
    const receipt = (id: number): FormReceipt => ({ id, received_at: clock.now().toISOString() });
    if (website) {
      request.log.info("contact form: a filled hidden field; the message was dropped");
      return reply.code(201).send(receipt(0));
    }
    if (filledInMs === undefined || filledInMs < SHORTEST_FILLING_MS) {
      throw new HttpError(400, "That was quicker than we expected. Please check your message and send it again.");
    }
    const admission = await hourly.admit([{ key: `contact-client:${request.ip}`, limit: PUBLIC_MESSAGES_PER_HOUR }]);
    if (!admission.admitted) {
      throw tooManyAttempts(
        sentence("Several messages have been sent from here in the last hour."),
        admission.retryAfterSeconds,
        sentence("We read every one."),
      );
    }
    const row = await storeSubmission(db, "contact", request.member?.id ?? null, { ...message, from_contact_page: true });
    return reply.code(201).send({ id: row.id, received_at: row.createdAt.toISOString() });
  });
}
