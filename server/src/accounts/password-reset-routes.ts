import { sentence } from "../../../contract/languages.ts";
import { setTimeout as sleep } from "node:timers/promises";
import { route } from "../http/endpoint-route.ts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { forgotPasswordAnswerText } from "../../../contract/my-account.ts";
import { changeAndAnnounce } from "../db/data-changes.ts";
import type { Database } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { users } from "./accounts-schema.ts";
import { inLanguage, type MailContext } from "../mail/mail-templates.ts";
import { passwordChangedMail, passwordResetMail } from "./account-mails.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { queueMail } from "../mail/outbox.ts";
import { SlidingWindow, tooManyAttempts } from "../rate-limits/sliding-window.ts";
import { checkAccountToken, createAccountToken, dropAccountTokens, useAccountToken } from "./account-tokens-repository.ts";
import type { Passwords } from "../lib/passwords.ts";
import { endSessionsOf } from "./sessions-repository.ts";
import { accountLanguage, findUserByEmail } from "./users-repository.ts";
import { clearSessionCookies } from "../http/session-cookies.ts";

export type PasswordResetOptions = {
  db: Database;
  mail: { sender: MailSender; context: MailContext };
  production: boolean;
  /** How passwords are hashed and checked (config PASSWORD_HASHING). */
  passwords: Passwords;
  /** Each feature's part of her data: a reset by mail proves her address, and what waited for it becomes hers. */
  personalData: readonly PersonalData[];
};

const HOUR_MS = 60 * 60 * 1000;
const RESET_MAILS_PER_ADDRESS = 3;
const RESET_MAILS_PER_CLIENT = 20;
// Every answer to "forgot password" takes at least this long, whether or not the account exists,
// so the time taken tells no more than the text does.
const FORGOT_PASSWORD_FLOOR_MS = 300;

export async function passwordResetRoutes(app: FastifyInstance, { db, mail, production, passwords, personalData }: PasswordResetOptions) {
  const hourly = new SlidingWindow(db, HOUR_MS);

  route(app, "forgotPassword", async ({ body }, request) => {
    const started = Date.now();
    const { email } = body;
    // Counted whether or not the account exists, so the limit itself reveals nothing.
    const admission = await hourly.admit([
      { key: `reset-mail:${email}`, limit: RESET_MAILS_PER_ADDRESS },
      { key: `reset-client:${request.ip}`, limit: RESET_MAILS_PER_CLIENT },
    ]);
    if (!admission.admitted)
      throw tooManyAttempts(
        sentence("We have sent several reset links already."),
        admission.retryAfterSeconds,
        sentence("Please also look in your spam folder."),
      );
    await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (user) {
        const token = await createAccountToken(tx, user.id, "password_reset");
        await queueMail(
          tx,
          passwordResetMail(user.email, user.firstName, token, inLanguage(mail.context, accountLanguage(user, request.language))),
        );
      }
    });
    mail.sender.wake();
    const remaining = FORGOT_PASSWORD_FLOOR_MS - (Date.now() - started);
    if (remaining > 0) await sleep(remaining);
    return { message: forgotPasswordAnswerText };
  });

  // Lets the reset page say at once that a link is old or used, before she types a new password.
  route(app, "checkResetLink", async ({ body }, _request) => {
    const { token } = body;
    await checkAccountToken(db, token, "password_reset");
    return { message: "This link is valid." };
  });

  route(app, "resetPassword", async ({ body }, request, reply) => {
    const input = body;
    await checkAccountToken(db, input.token, "password_reset");
    // Hashing is slow by design; it happens before the transaction so no lock is held meanwhile.
    const passwordHash = await passwords.hash(input.password);
    await changeAndAnnounce(db, "access", async (tx) => {
      const token = await useAccountToken(tx, input.token, "password_reset");
      // The link reached her address: that proves it hers (db/personal-data.ts keptFor).
      const [user] = await tx
        .update(users)
        .set({ passwordHash, emailProvenAt: sql`coalesce(${users.emailProvenAt}, now())` })
        .where(eq(users.id, token.userId))
        .returning();
      if (user) for (const part of personalData) await part.proven?.(tx, user);
      await dropAccountTokens(tx, token.userId, "password_reset");
      await endSessionsOf(tx, token.userId);
      if (user)
        await queueMail(
          tx,
          passwordChangedMail(user.email, user.firstName, inLanguage(mail.context, accountLanguage(user, request.language))),
        );
    });
    mail.sender.wake();
    clearSessionCookies(request, reply, production);
    request.log.info("password reset by link; every session of the member ended");
    return { message: "Your password has been changed. Please sign in with your new password." };
  });
}
