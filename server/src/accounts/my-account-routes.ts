import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { route } from "../http/endpoint-route.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { changeAndAnnounce } from "../db/data-changes.ts";
import { translatorFor } from "../language/catalogues.ts";
import { postgresErrorCode, UNIQUE_VIOLATION, type Database } from "../db/client.ts";
import { accountTokens, users } from "./accounts-schema.ts";
import type { MailChoice, PersonalData } from "../db/personal-data.ts";
import { HttpError } from "../http/errors.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { inLanguage, type MailContext, type MailKind } from "../mail/mail-templates.ts";
import { emailChangeConfirmMail, emailChangeNoticeMail, emailProofMail, passwordChangedMail } from "./account-mails.ts";
import { forgetMailTo, queueMail } from "../mail/outbox.ts";
import { LoginThrottle } from "../rate-limits/login-throttle.ts";
import { SlidingWindow, tooManyAttempts } from "../rate-limits/sliding-window.ts";
import { createAccountToken, dropAccountTokens, useAccountToken } from "./account-tokens-repository.ts";
import { describeBrowser } from "./browser-name.ts";
import type { Passwords } from "../lib/passwords.ts";
import { endSessionsOf, listSessions, sessionIdOf } from "./sessions-repository.ts";
import { findUserByEmail, saveAccountLanguage, toProfile, type UserRow } from "./users-repository.ts";
import type { MailChoices } from "../../../contract/my-account.ts";
import { answerWith, formattingLocales, languageOr, sentence } from "../../../contract/languages.ts";
import { clearSessionCookies, SESSION_COOKIE } from "../http/session-cookies.ts";
import { requireMember } from "../http/signed-in-member.ts";

export type MyAccountOptions = {
  db: Database;
  mail: { sender: MailSender; context: MailContext };
  production: boolean;
  /** How passwords are hashed and checked (config PASSWORD_HASHING). */
  passwords: Passwords;
  /** What every feature keeps about her, for her data download and her account's deletion (the `personalData` point). */
  personalData: readonly PersonalData[];
  /** Her mail choices, each declared by the feature that sends those mails, in the order her page lists them. */
  mailChoices: readonly MailChoice[];
};

const emailTaken = () => new HttpError(409, "Email already registered.");

/** The mails about her account itself, which go with it whoever the address belongs to. */
const accountMailKinds: MailKind[] = [
  "welcome",
  "email_proof",
  "password_reset",
  "password_changed",
  "email_change_confirm",
  "email_change_notice",
];

export async function myAccountRoutes(
  app: FastifyInstance,
  { db, mail, production, passwords, personalData, mailChoices }: MyAccountOptions,
) {
  // Asking for her password again guards changes made from a phone left unlocked; the sign-in
  // limit applies to these guesses too.
  const throttle = new LoginThrottle(db);
  async function confirmPassword(request: FastifyRequest, member: UserRow, password: string, field: string): Promise<void> {
    const attempt = await throttle.attempt(request.ip, member.email);
    if (!attempt.admitted) throw tooManyAttempts(sentence("Too many wrong passwords."), attempt.retryAfterSeconds);
    if (!(await passwords.matches(password, member.passwordHash)))
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

  route(app, "myAccount", async (_input, request) => {
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
      mail: await mailChoicesOf(member),
      pending_email: pending?.newEmail ?? null,
      sessions: sessionRows.map((session) => ({
        id: session.id,
        browser: describeBrowser(session.userAgent),
        last_seen_at: session.lastSeenAt.toISOString(),
        current: session.id === currentId,
      })),
      language: languageOr(member.language, request.language),
    };
  });

  async function mailChoicesOf(member: UserRow): Promise<MailChoices> {
    const choices = { announcements: true, class_reminders: true };
    for (const choice of mailChoices) choices[choice.key] = await choice.wanted(db, member);
    return choices;
  }

  route(app, "saveMailChoices", async ({ body }, request) => {
    const member = requireMember(request);
    const updated = await changeAndAnnounce(db, "access", async (tx) => {
      for (const choice of mailChoices) {
        const wanted = body[choice.key];
        if (wanted === undefined) continue;
        // One kept by address: whoever may change it must have proven the address is hers.
        if (choice.unprovenAddressRefusal && !member.emailProvenAt) throw new HttpError(403, choice.unprovenAddressRefusal);
        await choice.save(tx, member, wanted);
      }
      const [row] = await tx.select().from(users).where(eq(users.id, member.id));
      return row!;
    });
    const choices = await mailChoicesOf(updated);
    // The mails she keeps, named and listed in her language ("announcements and class reminders").
    const i18n = translatorFor(request.language);
    const on = mailChoices.filter((choice) => choices[choice.key]).map((choice) => i18n._(choice.label));
    return {
      ...choices,
      message:
        on.length > 0
          ? i18n._("Saved. We will mail you {mails}.", { mails: new Intl.ListFormat(formattingLocales[request.language]).format(on) })
          : "Saved. We will mail you only about your own places and bookings.",
    };
  });

  route(app, "saveMyLanguage", async ({ body }, request) => {
    await saveAccountLanguage(db, requireMember(request).id, body.language);
    return { language: body.language };
  });

  route(app, "changeName", async ({ body }, request) => {
    const member = requireMember(request);
    const input = body;
    return toProfile(await updateMember({ firstName: input.first_name, lastName: input.last_name }, member.id));
  });

  route(app, "setPacing", async ({ body }, request) => {
    const member = requireMember(request);
    const input = body;
    return toProfile(await updateMember({ dueDate: input.due_date, babyArrived: input.baby_arrived }, member.id));
  });

  route(app, "changeEmail", async ({ body }, request, _reply) => {
    const member = await freshMember(request);
    const input = body;
    await confirmPassword(request, member, input.password, "password");
    if (input.email === member.email)
      throw new HttpError(400, "That is already your e-mail address.", { email: "That is already your e-mail address." });
    if (await findUserByEmail(db, input.email)) throw emailTaken();
    await db.transaction(async (tx) => {
      await dropAccountTokens(tx, member.id, "email_change");
      const token = await createAccountToken(tx, member.id, "email_change", { newEmail: input.email });
      await queueMail(tx, emailChangeConfirmMail(input.email, member.firstName, token, inLanguage(mail.context, request.language)));
      await queueMail(tx, emailChangeNoticeMail(member.email, member.firstName, input.email, inLanguage(mail.context, request.language)));
    });
    mail.sender.wake();
    return {
      message: answerWith("We have sent a confirmation link to {email}. Your address changes when you open it.", { email: input.email }),
    };
  });

  // Anyone holding the link may confirm: it was sent to the address, which is the proof asked for.
  // Two links end here: a new address's (email_change), and her address's at registration (email_proof).
  route(app, "confirmEmail", async ({ body }, _request) => {
    const { token } = body;
    try {
      const user = await changeAndAnnounce(db, "access", async (tx) => {
        const used = await useAccountToken(tx, token, ["email_change", "email_proof"]);
        const [before] = await tx.select().from(users).where(eq(users.id, used.userId));
        if (used.purpose === "email_proof") {
          if (before!.email !== used.newEmail)
            throw new HttpError(410, "This confirmation link was for an address your account no longer uses.");
          const [row] = await tx.update(users).set({ emailProvenAt: new Date() }).where(eq(users.id, used.userId)).returning();
          for (const part of personalData) await part.proven?.(tx, row!);
          return row!;
        }
        const [row] = await tx
          .update(users)
          .set({ email: used.newEmail!, emailProvenAt: new Date() })
          .where(eq(users.id, used.userId))
          .returning();
        for (const part of personalData) await part.readdress?.(tx, before!, used.newEmail!);
        for (const part of personalData) await part.proven?.(tx, row!);
        return row!;
      });
      return toProfile(user);
    } catch (error) {
      if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
  });

  // The registration's confirmation link, again (a mail lost, or older than a week): a few an hour.
  const proofMails = new SlidingWindow(db, 60 * 60 * 1000);
  route(app, "sendEmailProof", async (_input, request) => {
    const member = await freshMember(request);
    if (member.emailProvenAt) return { message: "Your e-mail address is already confirmed." };
    const admission = await proofMails.admit([{ key: `email-proof:${member.id}`, limit: 3 }]);
    if (!admission.admitted)
      throw tooManyAttempts(
        sentence("We have sent several confirmation links already."),
        admission.retryAfterSeconds,
        sentence("Please also look in your spam folder."),
      );
    await db.transaction(async (tx) => {
      await dropAccountTokens(tx, member.id, "email_proof");
      const token = await createAccountToken(tx, member.id, "email_proof", { newEmail: member.email });
      await queueMail(tx, emailProofMail(member.email, member.firstName, token, inLanguage(mail.context, request.language)));
    });
    mail.sender.wake();
    return { message: answerWith("We have sent a confirmation link to {email}.", { email: member.email }) };
  });

  route(app, "changePassword", async ({ body }, request) => {
    const member = await freshMember(request);
    const input = body;
    await confirmPassword(request, member, input.current_password, "current_password");
    const passwordHash = await passwords.hash(input.new_password);
    await changeAndAnnounce(db, "access", async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, member.id));
      await endSessionsOf(tx, member.id, request.cookies[SESSION_COOKIE]);
      for (const part of personalData) await part.passwordChanged?.(tx, member);
      await dropAccountTokens(tx, member.id, "password_reset");
      await queueMail(tx, passwordChangedMail(member.email, member.firstName, inLanguage(mail.context, request.language)));
    });
    mail.sender.wake();
    return { message: "Your password has been changed. Your other devices have been signed out." };
  });

  route(app, "endOtherSessions", async (_input, request) => {
    const member = requireMember(request);
    const ended = await changeAndAnnounce(db, "access", (tx) => endSessionsOf(tx, member.id, request.cookies[SESSION_COOKIE]));
    return { ended };
  });

  route(app, "exportMyData", async (_input, request, reply) => {
    const member = await freshMember(request);
    const sessionRows = await listSessions(db, member.id);
    const data: Record<string, unknown> = {
      exported_at: new Date().toISOString(),
      profile: toProfile(member),
      sessions: sessionRows.map((session) => ({
        browser: describeBrowser(session.userAgent),
        last_seen_at: session.lastSeenAt.toISOString(),
      })),
    };
    for (const part of personalData) data[part.key] = await part.export(member);
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", 'attachment; filename="my-data.json"')
      .send(JSON.stringify(data, null, 2));
  });

  route(app, "deleteMyAccount", async ({ body }, request, reply) => {
    const member = await freshMember(request);
    const { password } = body;
    await confirmPassword(request, member, password, "password");
    const onceCommitted: (() => Promise<void>)[] = [];
    await changeAndAnnounce(db, "access", async (tx) => {
      onceCommitted.length = 0;
      for (const part of personalData) {
        const afterwards = await part.erase?.(tx, member);
        if (afterwards) onceCommitted.push(afterwards);
      }
      const links = await tx
        .select({ newEmail: accountTokens.newEmail })
        .from(accountTokens)
        .where(and(eq(accountTokens.userId, member.id), eq(accountTokens.purpose, "email_change")));
      // Mail to her addresses goes too. An address never proven hers may be a visitor's: of the
      // mails still to be sent there, only her account's own go (a visitor's booking mail still goes).
      await forgetMailTo(tx, member.email, member.emailProvenAt ? {} : { pendingKinds: accountMailKinds });
      for (const link of links) if (link.newEmail) await forgetMailTo(tx, link.newEmail);
      // Her sessions and links go with the row (ON DELETE CASCADE), like whatever else of hers a
      // feature declared without an erase; purchases stay as the instructor's record, without her.
      await tx.delete(users).where(eq(users.id, member.id));
    });
    for (const afterwards of onceCommitted)
      await afterwards().catch((error: unknown) =>
        request.log.warn({ err: error }, "could not remove a deleted account's files from the media storage; the sweep will"),
      );
    clearSessionCookies(request, reply, production);
    request.log.info({ userId: member.id }, "member deleted her account");
    return { message: "Your account and everything in it have been deleted." };
  });
}
