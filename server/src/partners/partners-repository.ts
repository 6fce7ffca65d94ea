import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { announceChange, changeAndAnnounce, dataChanges } from "../db/data-changes.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { accountsByIds, type InvitedPerson, type UserRow } from "../accounts/users-repository.ts";
import { plansWithPartnerSeat } from "../catalogue/catalogue-repository.ts";
import { grantsOf } from "../grants/grants-repository.ts";
import { planIdsOfPurchases } from "../payments/purchases-repository.ts";
import { partnerInvitations, partnerLinks } from "./partners-schema.ts";
import { HttpError } from "../http/errors.ts";

// The partner seat (docs/product.md, Partner seat): a member invites one partner, whose account is
// linked to hers. What comes to him through her is read here, at every request (catalogue-repository.ts
// caches it until an "access" change, which every link change announces to every app server).

const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export type PartnerLink = typeof partnerLinks.$inferSelect;

/** A new invitation (an older one not yet used stops working); the token goes in the mail, only its hash is kept. */
export async function createPartnerInvitation(
  db: Queryable,
  member: UserRow,
  email: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  if (await linkOf(db, member.id))
    throw new HttpError(409, "You already have a partner linked. Remove that link first to invite someone else.");
  if (email === member.email)
    throw new HttpError(400, "That is your own address. Please enter your partner's.", {
      email: "Enter your partner's address, not yours.",
    });
  await db.delete(partnerInvitations).where(and(eq(partnerInvitations.memberId, member.id), isNull(partnerInvitations.usedAt)));
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  await db.insert(partnerInvitations).values({ tokenHash: hashToken(token), memberId: member.id, email, expiresAt });
  return { token, expiresAt };
}

/** Her invitation still waiting for her partner, if any. */
export async function pendingInvitationOf(db: Queryable, memberId: number, now: Date) {
  const [row] = await db
    .select({ email: partnerInvitations.email, expiresAt: partnerInvitations.expiresAt })
    .from(partnerInvitations)
    .where(and(eq(partnerInvitations.memberId, memberId), isNull(partnerInvitations.usedAt), gt(partnerInvitations.expiresAt, now)));
  return row;
}

/**
 * Whether an invitation can still be used, without using it: registration checks it before the
 * (slow) password hash, so a bad link is told at once (docs/product.md, Error catalogue: 404, 403).
 */
export async function checkInvitation(db: Queryable, token: string, now: Date): Promise<InvitedPerson & { memberId: number }> {
  const [row] = await db
    .select()
    .from(partnerInvitations)
    .where(eq(partnerInvitations.tokenHash, hashToken(token)));
  if (!row) throw new HttpError(404, "This invitation is not known. It may have been copied incompletely, or replaced by a newer one.");
  if (row.usedAt) throw new HttpError(403, "This invitation has already been used. Please ask her to send a new one from her account.");
  if (row.expiresAt <= now)
    throw HttpError.withValues(403, "This invitation has expired: it was valid for {days} days. Please ask her to send a new one.", {
      days: INVITATION_DAYS,
    });
  return { memberId: row.memberId, email: row.email.toLowerCase(), firstName: null, lastName: null };
}

/**
 * Uses the invitation and links the new account to hers, in the registration's transaction. The
 * conditional UPDATE admits one registration per invitation however many arrive at once.
 */
export async function acceptInvitation(tx: Queryable, token: string, partnerId: number, now: Date): Promise<void> {
  const [used] = await tx
    .update(partnerInvitations)
    .set({ usedAt: now })
    .where(
      and(eq(partnerInvitations.tokenHash, hashToken(token)), isNull(partnerInvitations.usedAt), gt(partnerInvitations.expiresAt, now)),
    )
    .returning({ memberId: partnerInvitations.memberId });
  if (!used) {
    await checkInvitation(tx, token, now);
    throw new HttpError(403, "This invitation has already been used. Please ask her to send a new one from her account.");
  }
  const linked = await tx.insert(partnerLinks).values({ memberId: used.memberId, partnerId }).onConflictDoNothing().returning();
  if (linked.length === 0) throw new HttpError(409, "She already has a partner linked. Please ask her to remove that link first.");
  await announceChange(tx, "access");
}

/** The link she or he is part of, from either side. */
export async function linkOf(db: Queryable, userId: number): Promise<PartnerLink | undefined> {
  const [row] = await db
    .select()
    .from(partnerLinks)
    .where(or(eq(partnerLinks.memberId, userId), eq(partnerLinks.partnerId, userId)));
  return row;
}

/** Once acceptInvitation's transaction commits: this process forgets at once, the others hear its announcement. */
export const linkCommitted = () => dataChanges.emit("access");

/** Ends the link, from either side; what came through her closes on every app server at once. */
export async function removePartnerLink(db: Database, userId: number): Promise<PartnerLink | undefined> {
  return changeAndAnnounce(db, "access", async (tx) => {
    const [removed] = await tx
      .delete(partnerLinks)
      .where(or(eq(partnerLinks.memberId, userId), eq(partnerLinks.partnerId, userId)))
      .returning();
    return removed;
  });
}

/** What she shares with him beyond the courses: her birth preferences, her contraction timer. */
export async function setSharing(db: Queryable, memberId: number, sharing: { birthPlan?: boolean; timer?: boolean }): Promise<PartnerLink> {
  const [row] = await db
    .update(partnerLinks)
    .set({
      ...(sharing.birthPlan === undefined ? {} : { shareBirthPlan: sharing.birthPlan }),
      ...(sharing.timer === undefined ? {} : { shareTimer: sharing.timer }),
    })
    .where(eq(partnerLinks.memberId, memberId))
    .returning();
  if (!row) throw new HttpError(404, "You have no partner linked yet. Invite him from your account first.");
  return row;
}

/** The member whose partner he is, when she shares `what` with him; otherwise undefined. */
export async function memberSharingWith(db: Queryable, partnerId: number, what: "birthPlan" | "timer"): Promise<number | undefined> {
  const [row] = await db.select().from(partnerLinks).where(eq(partnerLinks.partnerId, partnerId));
  if (!row) return undefined;
  return (what === "birthPlan" ? row.shareBirthPlan : row.shareTimer) ? row.memberId : undefined;
}

/** The partner she shares her contraction timer with, if any. */
export async function partnerFollowingTimer(db: Queryable, memberId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ partnerId: partnerLinks.partnerId })
    .from(partnerLinks)
    .where(and(eq(partnerLinks.memberId, memberId), eq(partnerLinks.shareTimer, true)));
  return row?.partnerId;
}

/**
 * What reaches a partner through her: whether he has a link at all, and her open grants whose
 * source shares with a partner (the instructor's own grants, and plans with a partner seat). Her
 * free membership always includes a seat, so the catalogue adds the free courses marked for partners.
 */
export async function partnerReach(
  db: Queryable,
  partnerId: number,
): Promise<{ linked: boolean; grants: { courseId: number; endsAt: Date | null }[] }> {
  const [link] = await db.select({ memberId: partnerLinks.memberId }).from(partnerLinks).where(eq(partnerLinks.partnerId, partnerId));
  if (!link) return { linked: false, grants: [] };
  const grants = await grantsOf(db, link.memberId);
  const planOf = await planIdsOfPurchases(
    db,
    grants.flatMap((grant) => (grant.purchaseId === null ? [] : [grant.purchaseId])),
  );
  const withSeat = await plansWithPartnerSeat(
    db,
    [...planOf.values()].filter((planId): planId is number => planId !== null),
  );
  const seated = (purchaseId: number | null) => {
    const planId = purchaseId === null ? null : planOf.get(purchaseId);
    return planId !== null && planId !== undefined && withSeat.has(planId);
  };
  return {
    linked: true,
    grants: grants
      .filter((grant) => grant.source === "instructor" || seated(grant.purchaseId))
      .map(({ courseId, endsAt }) => ({ courseId, endsAt })),
  };
}

/** Her link (or his), in the data download; the link goes with either account (cascade). */
export const partnersPersonalData = (db: Queryable): PersonalData => ({
  key: "partner",
  export: async (member) => {
    const link = await linkOf(db, member.id);
    if (!link) return null;
    const other = (await accountsByIds(db, [link.memberId === member.id ? link.partnerId : link.memberId])).values().next().value;
    return {
      linked_as: link.memberId === member.id ? "member" : "partner",
      with: other ? { email: other.email, first_name: other.firstName } : null,
      linked_at: link.linkedAt.toISOString(),
      shares_birth_plan: link.shareBirthPlan,
      shares_timer: link.shareTimer,
    };
  },
});
