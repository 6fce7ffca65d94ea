import { answerWith, sentence } from "../../../contract/languages.ts";
import type { FastifyInstance } from "fastify";
import { pacingStage } from "../../../contract/pacing.ts";
import type { PartnerLink as PartnerLinkAnswer } from "../../../contract/partners.ts";
import { fullName } from "../accounts/users-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { inLanguage, type MailContext } from "../mail/mail-templates.ts";
import { partnerInvitationMail } from "./partner-mails.ts";
import { queueMail } from "../mail/outbox.ts";
import { SlidingWindow, tooManyAttempts } from "../rate-limits/sliding-window.ts";
import { accountsByIds } from "../accounts/users-repository.ts";
import { createPartnerInvitation, linkOf, pendingInvitationOf, removePartnerLink, setSharing } from "./partners-repository.ts";

export type PartnerDeps = { db: Database; clock: Clock; mail: MailContext; sender: MailSender };

const HOUR_MS = 60 * 60 * 1000;
// A mistyped address is sent again a few times; more than this is someone using her account to mail a stranger.
const INVITATIONS_PER_MEMBER = 5;
const INVITATIONS_PER_ADDRESS = 3;

const person = (user: { firstName: string | null; lastName: string | null; email: string }) => ({
  first_name: user.firstName,
  last_name: user.lastName,
  email: user.email,
});

/** Her side and his (under /reactapi/account): the invitation, the link, and what she shares through it. */
export async function partnerRoutes(app: FastifyInstance, { db, clock, mail, sender }: PartnerDeps) {
  const hourly = new SlidingWindow(db, HOUR_MS, () => clock.now().getTime());
  route(app, "partner", async (_input, request): Promise<PartnerLinkAnswer> => {
    const me = requireMember(request);
    const now = clock.now();
    const link = await linkOf(db, me.id);
    const other = link
      ? (await accountsByIds(db, [link.memberId === me.id ? link.partnerId : link.memberId])).values().next().value
      : undefined;
    const invitation = me.joinedAs === "member" && !link ? await pendingInvitationOf(db, me.id, now) : undefined;
    const stage =
      other && link?.partnerId === me.id ? pacingStage({ due_date: other.dueDate, baby_arrived: other.babyArrived }, now) : null;
    return {
      joined_as: me.joinedAs,
      may_invite: me.joinedAs === "member" && !link,
      invitation: invitation ? { email: invitation.email, expires_at: invitation.expiresAt.toISOString() } : null,
      partner:
        link && other && link.memberId === me.id
          ? {
              ...person(other),
              linked_at: link.linkedAt.toISOString(),
              shares_birth_plan: link.shareBirthPlan,
              shares_timer: link.shareTimer,
            }
          : null,
      member:
        link && other && link.partnerId === me.id
          ? {
              ...person(other),
              due_date: other.dueDate,
              week: stage?.kind === "pregnant" ? stage.week : null,
              baby_arrived: other.babyArrived,
              shares_birth_plan: link.shareBirthPlan,
              shares_timer: link.shareTimer,
            }
          : null,
    };
  });

  route(app, "invitePartner", async ({ body: { email } }, request, reply) => {
    const me = requireMember(request);
    const admission = await hourly.admit([
      { key: `partner-invitation-from:${me.id}`, limit: INVITATIONS_PER_MEMBER },
      { key: `partner-invitation-to:${email}`, limit: INVITATIONS_PER_ADDRESS },
    ]);
    if (!admission.admitted)
      throw tooManyAttempts(
        sentence("We have sent several invitations already."),
        admission.retryAfterSeconds,
        sentence("Please ask him to look in his spam folder."),
      );
    // A refused invitation (she has a partner, or he is one) mails nobody, so it does not count.
    const expiresAt = await db
      .transaction(async (tx) => {
        const invitation = await createPartnerInvitation(tx, me, email, clock.now());
        await queueMail(tx, partnerInvitationMail(email, fullName(me) || me.email, invitation.token, inLanguage(mail, request.language)));
        return invitation.expiresAt;
      })
      .catch(async (error: unknown) => {
        await hourly.takeBack(admission.hitIds);
        throw error;
      });
    sender.wake();
    return reply.code(201).send({
      message: answerWith("The invitation is on its way to {email}. The link works once, for 7 days.", { email }),
      expires_at: expiresAt.toISOString(),
    });
  });

  route(app, "removePartner", async (_input, request) => {
    const me = requireMember(request);
    const removed = await removePartnerLink(db, me.id);
    if (!removed) throw new HttpError(404, "There is no partner link to end.");
    request.log.info({ userId: me.id }, "partner link ended");
    return {
      message:
        removed.memberId === me.id
          ? "Your partner's link has ended."
          : "You have left the link. Her courses and what she shared are closed to you now.",
    };
  });

  route(app, "sharePartner", async ({ body }, request) => {
    const link = await setSharing(db, requireMember(request).id, { birthPlan: body.birth_plan, timer: body.timer });
    if (link.shareBirthPlan && link.shareTimer) return { message: "Your partner sees your birth preferences and your contraction timer." };
    if (link.shareBirthPlan) return { message: "Your partner sees your birth preferences." };
    if (link.shareTimer) return { message: "Your partner sees your contraction timer." };
    return { message: "Your partner sees only the courses for partners." };
  });
}
