import { sentence } from "../../../contract/languages.ts";
import { eq } from "drizzle-orm";
import { route } from "../http/endpoint-route.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { signedInHintCookie } from "../../../contract/constants.ts";
import { consumeAccessCode, releaseAccessCode } from "../access-codes/access-codes-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { postgresErrorCode, UNIQUE_VIOLATION } from "../db/client.ts";
import { users } from "./accounts-schema.ts";
import { HttpError } from "../http/errors.ts";
import { sentFromAnotherOrigin } from "../http/same-origin-guard.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { inLanguage, type MailContext } from "../mail/mail-templates.ts";
import { welcomeMail } from "./account-mails.ts";
import { queueMail } from "../mail/outbox.ts";
import { LoginThrottle } from "../rate-limits/login-throttle.ts";
import { SlidingWindow, tooManyAttempts } from "../rate-limits/sliding-window.ts";
import type { Passwords } from "../lib/passwords.ts";
import { createAccountToken } from "./account-tokens-repository.ts";
import type { SessionStore } from "./session-store.ts";
import { findUserByEmail, type InvitedPerson, toProfile } from "./users-repository.ts";
import { clearSessionCookies, setSessionCookies, SESSION_COOKIE } from "../http/session-cookies.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import type { RegistrationPassField } from "../../../contract/api.ts";

export type SignInOptions = {
  db: Database;
  sessions: SessionStore;
  sessionDays: number;
  production: boolean;
  /** How passwords are hashed and checked (config PASSWORD_HASHING). */
  passwords: Passwords;
  trustProxy: boolean;
  mail: { sender: MailSender; context: MailContext };
  /** Where a member whose account is paused can write. */
  contactEmail: string;
  /** Registration attempts allowed per client address an hour. */
  registrationsPerHour: number;
  clock: Clock;
  /**
   * Registration with a capability's link instead of a code, one per field contract/api.ts composes
   * (each offered by its capability's manifest): whom it was sent to, its use inside the new
   * account's transaction, and the word to every server once that has committed.
   */
  invitations: readonly { field: RegistrationPassField; invitations: Invitations }[];
};

/** One kind of invitation, offered by the capability that sends it (its manifest's `invitations` point). */
export type Invitations = {
  /** Whom it was sent to, without using it. */
  check: (db: Queryable, token: string, now: Date) => Promise<InvitedPerson>;
  /** Its use, inside the new account's transaction. */
  accept: (tx: Queryable, token: string, newUserId: number, now: Date) => Promise<void>;
  /** The word to every server once the account has committed. */
  committed: () => void;
  /** What the account joins as. */
  joinedAs: "member" | "partner";
};

const emailTaken = () => new HttpError(409, "Email already registered.");

export async function signInRoutes(
  app: FastifyInstance,
  {
    db,
    sessions,
    sessionDays,
    production,
    trustProxy,
    mail,
    contactEmail,
    registrationsPerHour,
    clock,
    passwords,
    invitations: kinds,
  }: SignInOptions,
) {
  const invitations = Object.fromEntries(kinds.map(({ field, invitations: kind }) => [field, kind])) as Partial<
    Record<RegistrationPassField, Invitations>
  >;
  const throttle = new LoginThrottle(db);
  const registrationWindow = new SlidingWindow(db, 60 * 60 * 1000);
  // Behind a proxy Fastify is not told to trust, every sign-in seems to come from the proxy, so all
  // visitors share one limit per address (and one guesser can exhaust it). Said once, in the log.
  let proxyNoted = trustProxy;

  /** A new session for her on this browser, ending the one it held (another account's, on a shared phone). */
  async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const previousToken = request.cookies[SESSION_COOKIE];
    if (previousToken) await sessions.end(previousToken);
    const session = await sessions.start(userId, sessionDays, request.headers["user-agent"]);
    setSessionCookies(request, reply, production, session.token, session.expiresAt);
  }

  route(app, "register", async ({ body }, request, reply) => {
    const input = body;
    const admission = await registrationWindow.admit([{ key: `register:${request.ip}`, limit: registrationsPerHour }]);
    if (!admission.admitted) throw tooManyAttempts(sentence("Too many sign-ups from this connection."), admission.retryAfterSeconds);
    // The code (or the partner's invitation) comes first, and a use of a code is reserved: without
    // a valid one the answer is its error whatever the e-mail, so nobody can test which addresses
    // have an account, and no password is hashed (slow by design) for someone who could not register anyway.
    const invitationField = (Object.keys(invitations) as RegistrationPassField[]).find((field) => input[field] !== undefined);
    const invitation = invitationField === undefined ? undefined : input[invitationField]!;
    const invited = invitationField === undefined ? undefined : invitations[invitationField];
    const accessCode = invitation === undefined ? input.access_code! : null;
    if (invitation !== undefined && invited !== undefined) {
      // An invitation is for the address it was sent to: registering with it proves that address.
      const invitedAs = await invited.check(db, invitation, clock.now());
      if (invitedAs.email !== input.email)
        throw new HttpError(403, "This invitation was sent to another e-mail address. Please register with the address it came to.", {
          email: "Please use the address the invitation came to.",
        });
    } else await consumeAccessCode(db, accessCode!, contactEmail, clock.now(), request.language);
    try {
      if (await findUserByEmail(db, input.email)) throw emailTaken();
      // Hashing happens outside the transaction so no lock is held meanwhile.
      const passwordHash = await passwords.hash(input.password);
      const user = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            email: input.email,
            passwordHash,
            firstName: input.first_name,
            lastName: input.last_name,
            accessCode,
            joinedAs: invited?.joinedAs ?? "member",
            emailProvenAt: invitation === undefined ? null : clock.now(),
            // The language she asked for as she registered (her browser's, or her choice on the site) is
            // hers until she chooses another; with none, she reads the site's, as her mail does.
            language: request.languageAsked,
          })
          .returning();
        if (invitation !== undefined) await invited!.accept(tx, invitation, created!.id, clock.now());
        // Anyone can type anyone's address: what was booked with it joins her account once she opens this link.
        const proofToken =
          invitation === undefined ? await createAccountToken(tx, created!.id, "email_proof", { newEmail: created!.email }) : undefined;
        await queueMail(tx, welcomeMail(created!.email, created!.firstName, inLanguage(mail.context, request.language), proofToken));
        // An invitation may have changed her account as it was accepted (a team invitation makes her a team doula): answer it as it is now.
        if (invitation === undefined) return created!;
        const [accepted] = await tx.select().from(users).where(eq(users.id, created!.id));
        return accepted!;
      });
      invited?.committed();
      mail.sender.wake();
      request.log.info({ userId: user.id, joinedAs: user.joinedAs }, "member registered");
      // A link mailed to her address proves it hers: she is signed in at once and goes where it leads,
      // instead of typing what she just chose again. A code's registration proves nothing, so it signs in as before.
      if (invitation !== undefined) await signIn(request, reply, user.id);
      return reply.code(201).send(toProfile(user));
    } catch (error) {
      // A registration that did not happen gives its use of the code back.
      if (accessCode !== null)
        await releaseAccessCode(db, accessCode).catch((releaseError: unknown) =>
          request.log.warn({ err: releaseError }, "could not give back a use of an access code"),
        );
      if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
  });

  route(app, "invitedPerson", async ({ body }) => {
    const field = (Object.keys(invitations) as RegistrationPassField[]).find((candidate) => body[candidate] !== undefined)!;
    const person = await invitations[field]!.check(db, body[field]!, clock.now());
    return { email: person.email, first_name: person.firstName, last_name: person.lastName };
  });

  route(app, "login", async ({ body }, request, reply) => {
    const input = body;
    if (!proxyNoted && request.headers["x-forwarded-for"] !== undefined) {
      proxyNoted = true;
      request.log.warn(
        "Sign-ins arrive through a proxy (X-Forwarded-For), but TRUST_PROXY is not true: every visitor shares the proxy's address, and with it the login limit per address. Set TRUST_PROXY=true behind your TLS proxy.",
      );
    }
    const attempt = await throttle.attempt(request.ip, input.email);
    if (!attempt.admitted) throw tooManyAttempts(sentence("Too many sign-in attempts."), attempt.retryAfterSeconds);
    const user = await findUserByEmail(db, input.email);
    if (!(await passwords.matches(input.password, user?.passwordHash))) throw new HttpError(401, "Invalid email or password.");
    await throttle.signedIn(attempt);
    // Told only to whoever knows the password, so it reveals nothing about who has an account.
    if (user!.deactivatedAt)
      throw HttpError.withValues(403, "This account has been paused. Please write to {address} to have it reopened.", {
        address: contactEmail,
      });
    await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user!.id));
    await signIn(request, reply, user!.id);
    return toProfile(user!);
  });

  route(app, "me", async (_input, request) => toProfile(requireMember(request)));

  route(app, "verify", async (_input, request, reply) => {
    // A session that ended (expired, or signed out elsewhere) leaves its cookies behind: clearing
    // them here stops the web app checking it again on every visit.
    if (!request.member && (request.cookies[SESSION_COOKIE] || request.cookies[signedInHintCookie])) {
      clearSessionCookies(request, reply, production);
    }
    requireMember(request);
    return { authenticated: true };
  });

  // A GET (the product description's), so the writes' same-origin guard does not see it: without
  // this check any site could sign a member out with a link, since the Lax cookie goes along.
  route(app, "logout", async (_input, request, reply) => {
    if (sentFromAnotherOrigin(request))
      throw new HttpError(403, "This sign-out came from another website and was refused. To sign out, use Logout in the menu.");
    const token = request.cookies[SESSION_COOKIE];
    if (token) await sessions.end(token);
    clearSessionCookies(request, reply, production);
    return { logged_out: true };
  });
}
