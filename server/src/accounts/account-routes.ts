import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  type Account,
  DeleteAccountRequest,
  EmailChangeRequest,
  type Message,
  NameChangeRequest,
  PacingRequest,
  PasswordChangeRequest,
  TokenRequest,
} from "../../../contract/account.ts";
import type { Profile } from "../../../contract/accounts.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import { changeAndAnnounce } from "../data-changes.ts";
import { postgresErrorCode, UNIQUE_VIOLATION, type Database } from "../db/client.ts";
import { accountTokens, certificates, users } from "../db/schema.ts";
import { anonymiseSubmissionsOf, submissionsOf } from "../forms/forms-repository.ts";
import { listOpenGrants } from "../grants/grants-repository.ts";
import { HttpError, parseInput } from "../http/errors.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { emailChangeConfirmMail, emailChangeNoticeMail, type MailContext, passwordChangedMail } from "../mail/mail-templates.ts";
import { forgetMailTo, queueMail } from "../mail/outbox.ts";
import { purchasesOf } from "../payments/purchases-repository.ts";
import { progressOf } from "../progress/progress-repository.ts";
import { LoginThrottle } from "../rate-limits/login-throttle.ts";
import { tooManyAttempts } from "../rate-limits/sliding-window.ts";
import { createAccountToken, dropAccountTokens, useAccountToken } from "./account-tokens.ts";
import { clearSessionCookies, requireMember } from "./authentication.ts";
import { describeBrowser } from "./browser-name.ts";
import { hashPassword, passwordMatches } from "./passwords.ts";
import { endSessionsOf, listSessions, SESSION_COOKIE, sessionIdOf } from "./sessions.ts";
import { findUserByEmail, toProfile, type UserRow } from "./users-repository.ts";

export type AccountOptions = {
  db: Database;
  catalogue: CatalogueReader;
  mail: { sender: MailSender; context: MailContext };
  production: boolean;
};

const emailTaken = () => new HttpError(409, "Email already registered.");

export async function accountRoutes(app: FastifyInstance, { db, catalogue, mail, production }: AccountOptions) {
  // Asking for her password again guards changes made from a phone left unlocked; the sign-in
  // limit applies to these guesses too.
  const throttle = new LoginThrottle(db);
  async function confirmPassword(request: FastifyRequest, member: UserRow, password: string, field: string): Promise<void> {
    const attempt = await throttle.attempt(request.ip, member.email);
    if (!attempt.admitted) throw tooManyAttempts("Too many wrong passwords.", attempt.retryAfterSeconds);
    if (!(await passwordMatches(password, member.passwordHash)))
      throw new HttpError(403, "That password is not right.", { [field]: "That password is not right." });
    await throttle.rightPassword(attempt);
  }

  // Her own row, read now: the session cache may hold one from before her last change.
  async function freshMember(request: FastifyRequest): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.id, requireMember(request).id));
    if (!row) throw new HttpError(401, "Please sign in to continue.");
    return row;
  }

  // Every change below touches what servers cache about signed-in members (her row, her
  // sessions): it is made with changeAndAnnounce, so that every server forgets it.
  async function updateMember(changes: Partial<typeof users.$inferInsert>, userId: number): Promise<UserRow> {
    return changeAndAnnounce(db, "access", async (tx) => {
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
      return updated!;
    });
  }

  app.get("/reactapi/account", async (request): Promise<Account> => {
    const member = await freshMember(request);
    const token = request.cookies[SESSION_COOKIE];
    const currentId = token ? sessionIdOf(token) : "";
    const [sessionRows, [pending]] = await Promise.all([
      listSessions(db, member.id),
      db
        .select({ newEmail: accountTokens.newEmail })
        .from(accountTokens)
        .where(
          and(
            eq(accountTokens.userId, member.id),
            eq(accountTokens.purpose, "email_change"),
            isNull(accountTokens.usedAt),
            gt(accountTokens.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(accountTokens.createdAt))
        .limit(1),
    ]);
    return {
      profile: toProfile(member),
      pending_email: pending?.newEmail ?? null,
      sessions: sessionRows.map((session) => ({
        id: session.id,
        browser: describeBrowser(session.userAgent),
        last_seen_at: session.lastSeenAt.toISOString(),
        current: session.id === currentId,
      })),
    };
  });

  app.post("/reactapi/account/name", async (request): Promise<Profile> => {
    const member = requireMember(request);
    const input = parseInput(NameChangeRequest, request.body);
    return toProfile(await updateMember({ firstName: input.first_name, lastName: input.last_name }, member.id));
  });

  app.post("/reactapi/account/pacing", async (request): Promise<Profile> => {
    const member = requireMember(request);
    const input = parseInput(PacingRequest, request.body);
    return toProfile(await updateMember({ dueDate: input.due_date, babyArrived: input.baby_arrived }, member.id));
  });

  app.post("/reactapi/account/email", async (request, reply) => {
    const member = await freshMember(request);
    const input = parseInput(EmailChangeRequest, request.body);
    await confirmPassword(request, member, input.password, "password");
    if (input.email === member.email)
      throw new HttpError(400, "That is already your e-mail address.", { email: "That is already your e-mail address." });
    if (await findUserByEmail(db, input.email)) throw emailTaken();
    await db.transaction(async (tx) => {
      await dropAccountTokens(tx, member.id, "email_change");
      const token = await createAccountToken(tx, member.id, "email_change", { newEmail: input.email });
      await queueMail(tx, emailChangeConfirmMail(input.email, member.firstName, token, mail.context));
      await queueMail(tx, emailChangeNoticeMail(member.email, member.firstName, input.email, mail.context));
    });
    mail.sender.wake();
    return reply
      .code(202)
      .send({ message: `We have sent a confirmation link to ${input.email}. Your address changes when you open it.` } satisfies Message);
  });

  // Anyone holding the link may confirm: it was sent to the new address, which is the proof asked for.
  app.post("/reactapi/account/email/confirm", async (request): Promise<Profile> => {
    const { token } = parseInput(TokenRequest, request.body);
    try {
      const user = await changeAndAnnounce(db, "access", async (tx) => {
        const used = await useAccountToken(tx, token, "email_change");
        const [row] = await tx.update(users).set({ email: used.newEmail! }).where(eq(users.id, used.userId)).returning();
        return row!;
      });
      return toProfile(user);
    } catch (error) {
      if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
  });

  app.post("/reactapi/account/password", async (request): Promise<Message> => {
    const member = await freshMember(request);
    const input = parseInput(PasswordChangeRequest, request.body);
    await confirmPassword(request, member, input.current_password, "current_password");
    const passwordHash = await hashPassword(input.new_password);
    await changeAndAnnounce(db, "access", async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, member.id));
      await endSessionsOf(tx, member.id, request.cookies[SESSION_COOKIE]);
      await dropAccountTokens(tx, member.id, "password_reset");
      await queueMail(tx, passwordChangedMail(member.email, member.firstName, mail.context));
    });
    mail.sender.wake();
    return { message: "Your password has been changed. Your other devices have been signed out." };
  });

  app.post("/reactapi/account/sessions/end-others", async (request) => {
    const member = requireMember(request);
    const ended = await changeAndAnnounce(db, "access", (tx) => endSessionsOf(tx, member.id, request.cookies[SESSION_COOKIE]));
    return { ended };
  });

  app.get("/reactapi/account/export", async (request, reply) => {
    const member = await freshMember(request);
    const [sessionRows, grants, purchases, progress, forms, certificateRows] = await Promise.all([
      listSessions(db, member.id),
      listOpenGrants(db, member.id),
      purchasesOf(db, member.id),
      progressOf(db, member.id),
      submissionsOf(db, member.id),
      db.select().from(certificates).where(eq(certificates.userId, member.id)),
    ]);
    const accessible = await catalogue.accessibleCourseIds(member);
    const courseTitles = new Map<number, string>();
    for (const courseId of new Set([...accessible, ...grants.map((grant) => grant.courseId)])) {
      const outline = await catalogue.courseOutline(courseId);
      if (outline) courseTitles.set(courseId, outline.title);
    }
    const data = {
      exported_at: new Date().toISOString(),
      profile: toProfile(member),
      sessions: sessionRows.map((session) => ({
        browser: describeBrowser(session.userAgent),
        last_seen_at: session.lastSeenAt.toISOString(),
      })),
      courses: [...accessible].map((courseId) => ({ course_id: courseId, title: courseTitles.get(courseId) ?? null })),
      grants: grants.map((grant) => ({
        course_id: grant.courseId,
        source: grant.source,
        granted_at: grant.grantedAt.toISOString(),
        ends_at: grant.endsAt?.toISOString() ?? null,
      })),
      purchases: purchases.map((purchase) => ({
        plan: purchase.planName,
        amount_minor: purchase.amountMinor,
        currency: purchase.currency,
        status: purchase.status,
        created_at: purchase.createdAt.toISOString(),
        paid_at: purchase.paidAt?.toISOString() ?? null,
      })),
      progress: progress.map((row) => ({
        lesson_id: row.lessonId,
        started_at: row.startedAt.toISOString(),
        completed_at: row.completedAt?.toISOString() ?? null,
        position_seconds: row.positionSeconds,
      })),
      certificates: certificateRows.map((row) => ({
        code: row.code,
        course: row.courseTitle,
        completed_at: row.completedAt.toISOString(),
      })),
      forms: forms.map((form) => ({ kind: form.kind, sent_at: form.createdAt.toISOString(), answers: form.payload })),
    };
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", 'attachment; filename="my-data.json"')
      .header("cache-control", "private, no-store")
      .send(JSON.stringify(data, null, 2));
  });

  app.post("/reactapi/account/delete", async (request, reply): Promise<Message> => {
    const member = await freshMember(request);
    const { password } = parseInput(DeleteAccountRequest, request.body);
    await confirmPassword(request, member, password, "password");
    await changeAndAnnounce(db, "access", async (tx) => {
      await anonymiseSubmissionsOf(tx, member.id);
      const links = await tx.select({ newEmail: accountTokens.newEmail }).from(accountTokens).where(eq(accountTokens.userId, member.id));
      for (const address of new Set([member.email, ...links.map((link) => link.newEmail).filter((email) => email !== null)])) {
        await forgetMailTo(tx, address);
      }
      // Sessions, grants, progress, links and certificates go with the row (ON DELETE CASCADE);
      // purchases stay as the instructor's record of a payment, without her (ON DELETE SET NULL).
      await tx.delete(users).where(eq(users.id, member.id));
    });
    clearSessionCookies(request, reply, production);
    request.log.info({ userId: member.id }, "member deleted her account");
    return { message: "Your account and everything in it have been deleted." };
  });
}
