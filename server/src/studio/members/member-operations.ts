import { answerWith } from "../../../../contract/languages.ts";
import type { Role } from "../../../../contract/sign-in.ts";
import { createAccountToken } from "../../accounts/account-tokens-repository.ts";
import { endSessionsOf } from "../../accounts/sessions-repository.ts";
import { findUserById, fullName, updateAccount, type UserRow } from "../../accounts/users-repository.ts";
import { type Actor, recordActivity } from "../../activity/activity-repository.ts";
import { changeAndAnnounce } from "../../db/data-changes.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { grantByInstructor, revokeByInstructor } from "../../grants/grants-repository.ts";
import { HttpError } from "../../http/errors.ts";
import { releaseBackupsOf } from "../../care/care-repository.ts";
import { courseOrNotFound } from "../../catalogue/course-editor-repository.ts";

// The instructor's operations on members, for the studio and the CLI alike. Each change touches
// what app servers cache about signed-in members (grants, roles, sessions), so each runs in
// changeAndAnnounce, and records itself in the activity log in the same transaction.

/** How long a password link made by the instructor stays valid: she may send it by a slower road than mail. */
export const PASSWORD_LINK_HOURS = 24;

const described = (user: UserRow) => (fullName(user) ? `${fullName(user)} (${user.email})` : user.email);

export async function memberOrNotFound(db: Queryable, userId: number): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw HttpError.withValues(404, "There is no member with the id {id}.", { id: userId });
  return user;
}

export async function grantCourse(db: Database, actor: Actor, userId: number, courseId: number): Promise<{ message: string }> {
  return changeAndAnnounce(db, "access", async (tx) => {
    const [user, course] = await Promise.all([memberOrNotFound(tx, userId), courseOrNotFound(tx, courseId)]);
    const added = await grantByInstructor(tx, user.id, course.id);
    if (added) await recordActivity(tx, actor, "grant", `Opened "${course.title}" to ${described(user)}.`);
    return {
      message: added
        ? `${user.email} can now open "${course.title}".`
        : `${user.email} already had "${course.title}" from you; nothing changed.`,
    };
  });
}

/** Removes the instructor's grant; a course the member paid for, or a free one, stays open, and the answer says so. */
export async function revokeCourse(db: Database, actor: Actor, userId: number, courseId: number): Promise<{ message: string }> {
  return changeAndAnnounce(db, "access", async (tx) => {
    const [user, course] = await Promise.all([memberOrNotFound(tx, userId), courseOrNotFound(tx, courseId)]);
    const { removed, paidThrough } = await revokeByInstructor(tx, user.id, course.id);
    if (removed) await recordActivity(tx, actor, "grant", `Closed "${course.title}" to ${described(user)}.`);
    const notes = [
      ...(course.freeForMembers ? ["This course is free for every member, so they can still open it."] : []),
      ...paidThrough.map(
        (paid) =>
          `They still open it through purchase #${paid.purchaseId} (${paid.planName}); to close that, refund or cancel it in Stripe.`,
      ),
    ];
    const outcome = removed
      ? `${user.email} no longer has a grant from you for "${course.title}".`
      : `${user.email} had no grant from you for "${course.title}"; nothing changed.`;
    return { message: [outcome, ...notes].join(" ") };
  });
}

/** The clients who lost their backup doula with a change, as the answer names them (any language reads a comma). */
const clientNames = (clients: string[]) => clients.join(", ");

export async function setRole(db: Database, actor: Actor, userId: number, role: Role): Promise<{ user: UserRow; message: string }> {
  if (actor.userId === userId && role !== "admin") {
    throw new HttpError(409, "You cannot remove your own instructor role. Another instructor, or the command line, can.");
  }
  return changeAndAnnounce(db, "access", async (tx) => {
    const before = await memberOrNotFound(tx, userId);
    const user = await updateAccount(tx, userId, { role });
    if (before.role !== role)
      await recordActivity(tx, actor, "role", `Made ${described(before)} ${role === "admin" ? "an instructor" : "a member"}.`);
    // A doula who leaves the team is nobody's backup from now on: her clients' alerts come to the instructor.
    const released = role === "team" ? [] : await releaseBackupsOf(tx, userId);
    const email = user!.email;
    const names = clientNames(released);
    const message =
      role === "admin"
        ? released.length > 0
          ? answerWith(
              "{email} is now an admin: an instructor who can open the studio. She is no longer the backup doula of {names}: choose another backup for them in Studio → Clients.",
              { email, names },
            )
          : answerWith("{email} is now an admin: an instructor who can open the studio.", { email })
        : released.length > 0
          ? answerWith(
              "{email} is now a member, and no longer the backup doula of {names}: choose another backup for them in Studio → Clients.",
              { email, names },
            )
          : answerWith("{email} is now a member.", { email });
    return { user: user!, message };
  });
}

export async function signOutEverywhere(db: Database, actor: Actor, userId: number): Promise<{ message: string }> {
  return changeAndAnnounce(db, "access", async (tx) => {
    const user = await memberOrNotFound(tx, userId);
    const ended = await endSessionsOf(tx, user.id);
    await recordActivity(tx, actor, "member", `Signed ${described(user)} out everywhere (${ended} session(s)).`);
    return {
      message:
        ended === 0
          ? answerWith("{email} was not signed in anywhere.", { email: user.email })
          : ended === 1
            ? answerWith("{email} is signed out on 1 device.", { email: user.email })
            : answerWith("{email} is signed out on {count} devices.", { email: user.email, count: ended }),
    };
  });
}

/** A deactivated account cannot sign in, and its sessions end now; reactivating lets it sign in again. */
export async function setAccountActive(
  db: Database,
  actor: Actor,
  userId: number,
  active: boolean,
): Promise<{ user: UserRow; message: string }> {
  if (actor.userId === userId && !active) throw new HttpError(409, "You cannot deactivate your own account.");
  return changeAndAnnounce(db, "access", async (tx) => {
    const before = await memberOrNotFound(tx, userId);
    const user = await updateAccount(tx, userId, { deactivatedAt: active ? null : (before.deactivatedAt ?? new Date()) });
    if (!active) await endSessionsOf(tx, userId);
    if (Boolean(before.deactivatedAt) === active)
      await recordActivity(tx, actor, "member", `${active ? "Reactivated" : "Deactivated"} the account of ${described(before)}.`);
    const released = active ? [] : await releaseBackupsOf(tx, userId);
    return {
      user: user!,
      message: active
        ? `${user!.email} can sign in again.`
        : released.length > 0
          ? answerWith(
              "{email} is signed out and cannot sign in until you reactivate the account. She is no longer the backup doula of {names}: choose another backup for them in Studio → Clients.",
              { email: user!.email, names: clientNames(released) },
            )
          : `${user!.email} is signed out and cannot sign in until you reactivate the account.`,
    };
  });
}

/**
 * A one-time link to choose a new password, for the instructor to send herself (by message or
 * mail) when a member forgot hers: the same links as the mailed reset, valid 24 hours.
 */
export async function createPasswordLink(
  db: Database,
  actor: Actor,
  userId: number,
  publicUrl: string,
): Promise<{ url: string; expiresAt: Date; message: string }> {
  return db.transaction(async (tx) => {
    const user = await memberOrNotFound(tx, userId);
    const token = await createAccountToken(tx, user.id, "password_reset", { validMinutes: PASSWORD_LINK_HOURS * 60 });
    await recordActivity(tx, actor, "member", `Created a password link for ${described(user)}.`);
    return {
      url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
      expiresAt: new Date(Date.now() + PASSWORD_LINK_HOURS * 60 * 60 * 1000),
      message: answerWith(
        "This link lets {email} choose a new password, once, within {PASSWORD_LINK_HOURS} hours. Send it to her yourself.",
        { email: user.email, PASSWORD_LINK_HOURS },
      ),
    };
  });
}
