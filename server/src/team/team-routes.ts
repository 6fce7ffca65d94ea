import type { FastifyInstance } from "fastify";
import { answerWith } from "../../../contract/languages.ts";
import { findUserByEmail } from "../accounts/users-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { type MailContext, inLanguage } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { teamInvitationMail } from "./team-mails.ts";
import { createTeamInvitation, renewTeamInvitation, teamPage } from "./team-repository.ts";

export type TeamOptions = { db: Database; clock: Clock; mail: MailContext; sender: MailSender };

/** Studio → Team: the doulas she invites as backups (docs/push.md). */
export async function teamStudioRoutes(app: FastifyInstance, { db, clock, mail, sender }: TeamOptions) {
  route(app, "team", async () => teamPage(db, clock.now()));

  route(app, "inviteTeamDoula", async ({ body }, request, reply) => {
    if (await findUserByEmail(db, body.email))
      throw HttpError.withValues(409, "{email} has an account already; a team doula joins with a new one.", { email: body.email });
    await db.transaction(async (tx) => {
      const token = await createTeamInvitation(tx, { email: body.email, firstName: body.first_name }, clock.now());
      await queueMail(tx, teamInvitationMail(body.email, body.first_name, token, inLanguage(mail, request.language)));
    });
    sender.wake();
    return reply.code(201).send({ message: answerWith("Invited {email} to your team.", { email: body.email }) });
  });

  route(app, "resendTeamInvitation", async ({ params }, request) => {
    const sent = await db.transaction(async (tx) => {
      const renewed = await renewTeamInvitation(tx, params.id, clock.now());
      if (!renewed) throw new HttpError(404, "This invitation is not waiting any more: she has joined, or it was replaced by a newer one.");
      await queueMail(tx, teamInvitationMail(renewed.email, renewed.firstName, renewed.token, inLanguage(mail, request.language)));
      return renewed;
    });
    sender.wake();
    return { message: answerWith("Sent the invitation to {email} again, with a new link.", { email: sent.email }) };
  });
}
