import { z } from "zod";
import { passwordRuleText } from "./constants.ts";
import { sentence } from "./languages.ts";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// A cap far above any real name or password keeps a megabyte-long field from reaching the hasher.
// Their sentences below say the numbers as words, each sentence being its own catalogue id (docs/languages.md).
const MAX_PASSWORD_LENGTH = 200;
const MAX_NAME_LENGTH = 100;

export const Email = z
  .string({ error: "Please enter your e-mail address." })
  .trim()
  .min(1, { error: "Please enter your e-mail address." })
  .max(254, { error: "That e-mail address is too long." })
  .pipe(z.email({ error: "Please enter a valid e-mail address, like name@example.com." }))
  .transform((email) => email.toLowerCase());

export { passwordRuleText };

export const NewPassword = z
  .string({ error: "Please choose a password." })
  .min(1, { error: "Please choose a password." })
  .max(MAX_PASSWORD_LENGTH, { error: "A password can be at most 200 characters." })
  .refine((password) => password.length >= 8 && /\p{L}/u.test(password) && /\p{N}/u.test(password) && /[^\p{L}\p{N}\s]/u.test(password), {
    error: "That password is too weak. Use 8 or more characters, including a letter, a number and a special character.",
  });

/**
 * Whether a name carries a web or mail address ("Visit http://evil.example", "win.example/now").
 * Names are written into mails to other people (a greeting, an invitation), where mail programs
 * turn such text into links: a name may not be one.
 */
export const looksLikeALink = (text: string) =>
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|@|\b[\p{L}\p{N}-]+\.[a-z]{2,63}(?=$|[\s/:?#]))/iu.test(text);
export const notALinkSentence = sentence("Please write just your name: it cannot contain a web or e-mail address.");

export const OptionalName = z
  .string({ error: "A name must be text." })
  .trim()
  .max(MAX_NAME_LENGTH, { error: "A name can be at most 100 characters." })
  .refine((name) => !looksLikeALink(name), { error: notALinkSentence })
  .optional()
  .nullable()
  .transform((name) => (name ? name : null));

/**
 * A link that stands for the access code when registering: a capability that mails one to someone
 * who may have no account yet (a partner's seat, a birth client's space, a team doula's place, a
 * gift) declares its field with this in its own contract part, and contract/api.ts composes them
 * into the registration's request (`registerEndpoint`). `incomplete` is its sentence for a token cut short.
 */
export const registrationPass = (incomplete: string) =>
  z.string({ error: incomplete }).trim().min(1, { error: incomplete }).max(128, { error: incomplete }).optional();
export type RegistrationPasses = Record<string, ReturnType<typeof registrationPass>>;

const RegisterFields = z.object({
  first_name: OptionalName,
  last_name: OptionalName,
  email: Email,
  password: NewPassword,
  access_code: z
    .string({ error: "Please enter your beta access code." })
    .trim()
    .min(1, { error: "Please enter your beta access code." })
    .max(64, { error: "That access code is too long." })
    .transform((code) => code.toUpperCase())
    .optional(),
});

/** The registration: a beta access code, or one of the capabilities' links in its place. */
export function registerRequestWith<Passes extends RegistrationPasses>(passes: Passes) {
  return RegisterFields.extend(passes).refine(
    // Typed as any request here: the passes' fields are known only where the table is composed.
    (request: Record<string, unknown>) => ["access_code", ...Object.keys(passes)].some((field) => request[field] !== undefined),
    { error: "Please enter your beta access code.", path: ["access_code"] },
  );
}

/** The password she has now: checked against her account, so only its presence and size are judged here. */
export const CurrentPassword = z
  .string({ error: "Please enter your password." })
  .min(1, { error: "Please enter your password." })
  .max(MAX_PASSWORD_LENGTH, { error: "A password can be at most 200 characters." });

export const LoginRequest = z.object({
  email: z
    .string({ error: "Please enter your e-mail address." })
    .trim()
    .min(1, { error: "Please enter your e-mail address." })
    .max(254, { error: "That e-mail address is too long." })
    .transform((email) => email.toLowerCase()),
  password: CurrentPassword,
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const Role = z.enum(["member", "admin", "team"]);
export type Role = z.infer<typeof Role>;

export const Profile = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: Role,
  created_at: z.string(),
  /** Her due date (YYYY-MM-DD), for the pacing of lessons; null when she has not given one. */
  due_date: z.string().nullable(),
  baby_arrived: z.boolean(),
  /** "partner": joined through a member's invitation; his courses come through her link. */
  joined_as: z.enum(["member", "partner"]).optional(),
  /** Whether a link mailed to her address was used: only then do bookings made with it join her account. */
  email_confirmed: z.boolean(),
});
export type Profile = z.infer<typeof Profile>;

/** The registration's entry of the endpoint table, with the links that may stand for the access code. */
export function registerEndpoint<Passes extends RegistrationPasses>(passes: Passes) {
  return {
    register: {
      method: "POST",
      path: "/reactapi/users/register",
      summary: "Register with a beta access code, or an invitation's or a gift's link in its place",
      access: "anyone",
      body: registerRequestWith(passes),
      answers: {
        201: { description: "Registered.", schema: Profile },
        403: { description: "The code is inactive, or the invitation used or expired.", schema: ApiError },
        404: { description: "No such access code or invitation.", schema: ApiError },
        409: { description: "E-mail already registered.", schema: ApiError },
      },
    },
  } satisfies Record<string, Endpoint>;
}

/** Whom a registration link was sent to, and the names the sender typed: they fill her sign-up form. */
export const InvitedPerson = z.object({ email: z.string(), first_name: z.string().nullable(), last_name: z.string().nullable() });
export type InvitedPerson = z.infer<typeof InvitedPerson>;

/** The entry that reads a registration link without using it, with the links that may be read. */
export function invitedPersonEndpoint<Passes extends RegistrationPasses>(passes: Passes) {
  return {
    invitedPerson: {
      method: "POST",
      // A POST, so the link's token travels in a body and never in an address a log keeps.
      path: "/reactapi/users/invited",
      summary: "Whom an invitation's or a gift's link was sent to, without using it: her sign-up form starts with it",
      access: "anyone",
      travels: "invitations",
      body: z
        .object(passes)
        .refine((request: Record<string, unknown>) => Object.keys(passes).filter((field) => request[field] !== undefined).length === 1, {
          error: "Please send one link.",
          path: ["link"],
        }),
      answers: {
        ...ok(InvitedPerson),
        403: { description: "The link was used or has expired.", schema: ApiError },
        404: { description: "No such link.", schema: ApiError },
        409: { description: "The gift was opened or refunded.", schema: ApiError },
      },
    },
  } satisfies Record<string, Endpoint>;
}

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const signInEndpoints = {
  login: {
    method: "POST",
    path: "/reactapi/users/login",
    summary: "Sign in; sets the session cookie",
    access: "anyone",
    body: LoginRequest,
    answers: {
      ...ok(Profile, "Signed in."),
      429: { description: "Too many failed sign-ins; Retry-After says when to try again.", schema: ApiError },
    },
  },
  me: { method: "GET", path: "/reactapi/users/me", summary: "The signed-in member's profile", access: "member", answers: ok(Profile) },
  verify: {
    method: "GET",
    path: "/reactapi/users/verify",
    summary: "Whether the session cookie is still good (a visitor's answer is the 401, which also clears an ended session's cookies)",
    access: "anyone",
    answers: { ...ok(z.object({ authenticated: z.literal(true) })), 401: { description: "Not signed in.", schema: ApiError } },
  },
  logout: {
    method: "GET",
    path: "/reactapi/users/logout",
    summary: "Ends the session everywhere",
    access: "anyone",
    answers: ok(z.object({ logged_out: z.literal(true) })),
  },
} satisfies Record<string, Endpoint>;
