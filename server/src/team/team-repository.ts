import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { fullName, makeTeamDoula, teamAccounts } from "../accounts/users-repository.ts";
import type { Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { teamInvitations } from "./team-schema.ts";

const INVITATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A new invitation to her team; the token goes only into the mail. */
export async function createTeamInvitation(db: Queryable, invite: { email: string; firstName: string }, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(teamInvitations).values({
    email: invite.email.toLowerCase(),
    firstName: invite.firstName,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  return token;
}

/** Registration with the link (server/src/accounts/sign-in-routes.ts): whom it was sent to, without using it. */
export async function checkTeamInvitation(db: Queryable, token: string, now: Date): Promise<{ email: string }> {
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
  return { email: row.email };
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

/** Studio → Team: who joined, and who was invited and has not yet. */
export async function teamPage(db: Queryable, now: Date) {
  const [doulas, pending] = await Promise.all([
    teamAccounts(db),
    db
      .select()
      .from(teamInvitations)
      .where(and(isNull(teamInvitations.acceptedAt), gt(teamInvitations.expiresAt, now)))
      .orderBy(desc(teamInvitations.createdAt)),
  ]);
  return {
    doulas: doulas.map((doula) => ({
      id: doula.id,
      name: fullName(doula) || doula.email,
      email: doula.email,
      joined_at: doula.createdAt.toISOString(),
    })),
    invited: pending.map((invite) => ({ email: invite.email, first_name: invite.firstName, sent_at: invite.createdAt.toISOString() })),
  };
}
