import { sql } from "drizzle-orm";
import { route } from "../../http/endpoint-route.ts";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { checkAccountToken, createAccountToken, dropSetupLinks, useToken } from "../../accounts/account-tokens-repository.ts";
import type { Passwords } from "../../lib/passwords.ts";
import { startSession } from "../../accounts/sessions-repository.ts";
import { createAccount, findUserByEmail, hasInstructor, toProfile } from "../../accounts/users-repository.ts";
import { recordActivity } from "../../activity/activity-repository.ts";
import { changeAndAnnounce } from "../../db/data-changes.ts";
import { type Database, postgresErrorCode, UNIQUE_VIOLATION } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import { setSessionCookies } from "../../http/session-cookies.ts";

const SETUP_PATH = "/studio/setup";

/**
 * While no instructor exists, prints a one-time link (72 hours) that creates the first one. Each
 * start of an installation without an instructor prints a new link; older ones stay valid until
 * they expire or one of them is used.
 */
export async function offerInstructorSetup(db: Database, log: FastifyBaseLogger, publicUrl: string): Promise<string | null> {
  if (await hasInstructor(db)) return null;
  const token = await createAccountToken(db, null, "instructor_setup");
  const url = `${publicUrl}${SETUP_PATH}?token=${token}`;
  log.info(`No instructor yet. Studio setup link (valid 72 hours, works once): ${url}`);
  return url;
}

const alreadySetUp = () =>
  new HttpError(410, "The studio already has an instructor. Please sign in; another instructor can be named in the studio's Members page.");

export async function instructorSetupRoutes(
  app: FastifyInstance,
  { db, sessionDays, production, passwords }: { db: Database; sessionDays: number; production: boolean; passwords: Passwords },
) {
  route(app, "checkSetupLink", async ({ body }, _request) => {
    const { token } = body;
    await checkAccountToken(db, token, "instructor_setup");
    if (await hasInstructor(db)) throw alreadySetUp();
    return { message: "This setup link is valid." };
  });

  route(app, "setUpInstructor", async ({ body }, request, reply) => {
    const input = body;
    await checkAccountToken(db, input.token, "instructor_setup");
    if (await findUserByEmail(db, input.email)) {
      throw new HttpError(
        409,
        "This e-mail already has an account. Use another address, or make that account an instructor with npm run admin -- user set-role.",
        {
          email: "This e-mail already has an account.",
        },
      );
    }
    const passwordHash = await passwords.hash(input.password);
    try {
      const user = await changeAndAnnounce(db, "access", async (tx) => {
        // Two setup links opened at once on two app servers must not make two first instructors.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('instructor_setup'))`);
        if (await hasInstructor(tx)) throw alreadySetUp();
        await useToken(tx, input.token, "instructor_setup");
        await dropSetupLinks(tx);
        const created = await createAccount(tx, {
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          role: "admin",
          lastSignInAt: new Date(),
          language: request.languageAsked,
        });
        await recordActivity(tx, { userId: created.id, label: created.email }, "setup", "Set up the studio as its first instructor.");
        return created;
      });
      const session = await startSession(db, user.id, sessionDays, request.headers["user-agent"]);
      setSessionCookies(request, reply, production, session.token, session.expiresAt);
      request.log.info({ userId: user.id }, "first instructor set up");
      return reply.code(201).send(toProfile(user));
    } catch (error) {
      if (postgresErrorCode(error) === UNIQUE_VIOLATION)
        throw new HttpError(409, "This e-mail already has an account.", { email: "This e-mail already has an account." });
      throw error;
    }
  });
}
