import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { fullName, type InvitedPerson, makeTeamDoula, teamAccounts } from "../accounts/users-repository.ts";
import type { Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { teamInvitations } from "./team-schema.ts";

const INVITATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new invitation to her team; the token goes only into the mail. */
export async function createTeamInvitation(db: Queryable, invite: { email: string; firstName: string }, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Inviting her again replaces the invitation she has not used: one link per address works, the newest.
  await db.delete(teamInvitations).where(and(eq(teamInvitations.email, invite.email.toLowerCase()), isNull(teamInvitations.acceptedAt)));
  await db.insert(teamInvitations).values({
    email: invite.email.toLowerCase(),
    firstName: invite.firstName,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  return token;
}

/** Registration with the link (server/src/accounts/sign-in-routes.ts): whom it was sent to, without using it. */
export async function checkTeamInvitation(db: Queryable, token: string, now: Date): Promise<InvitedPerson> {
  const [row] = await db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  if (!row) throw new HttpError(404, "This invitation is not known. It may have been copied incompletely.");
  if (row.acceptedAt) throw new HttpError(403, "This invitation has been used already. Please sign in.");
  if (row.expiresAt <= now)
    throw HttpError.withValues(403, "This invitation has expired: it was valid for {days} days. Please ask for a new one.", {
      days: INVITATION_DAYS,
    });
  return { email: row.email, firstName: row.firstName, lastName: null };
}

/** Uses the link inside the registration's transaction: once, and the new account is a team doula. */
export async function acceptTeamInvitation(tx: Queryable, token: string, userId: number, now: Date): Promise<void> {
  const [used] = await tx
    .update(teamInvitations)
    .set({ acceptedBy: userId, acceptedAt: now })
    .where(and(eq(teamInvitations.tokenHash, hashToken(token)), isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
    .returning({ id: teamInvitations.id });
  if (!used) throw new HttpError(403, "This invitation has been used already. Please sign in.");
  await makeTeamDoula(tx, userId);
}

/**
 * Sends an invitation not yet used again with a new link, valid from now: the link mailed before
 * stops working. Answers whom it goes to, or undefined when there is no such invitation left to send.
 */
export async function renewTeamInvitation(
  db: Queryable,
  id: number,
  now: Date,
): Promise<{ email: string; firstName: string; token: string } | undefined> {
  const token = randomBytes(32).toString("base64url");
  const [renewed] = await db
    .update(teamInvitations)
    .set({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS), createdAt: now })
    .where(and(eq(teamInvitations.id, id), isNull(teamInvitations.acceptedAt)))
    .returning({ email: teamInvitations.email, firstName: teamInvitations.firstName });
  return renewed && { ...renewed, token };
}

/** Studio → Team: who joined, and who was invited and has not yet. */
export async function teamPage(db: Queryable, now: Date) {
  const [doulas, pending] = await Promise.all([
    teamAccounts(db),
    db.select().from(teamInvitations).where(isNull(teamInvitations.acceptedAt)).orderBy(desc(teamInvitations.createdAt)),
  ]);
  return {
    doulas: doulas.map((doula) => ({
      id: doula.id,
      name: fullName(doula) || doula.email,
      email: doula.email,
      joined_at: doula.createdAt.toISOString(),
    })),
    invited: pending.map((invite) => ({
      id: invite.id,
      email: invite.email,
      first_name: invite.firstName,
      sent_at: invite.createdAt.toISOString(),
      expires_at: invite.expiresAt.toISOString(),
      expired: invite.expiresAt <= now,
    })),
  };
}
