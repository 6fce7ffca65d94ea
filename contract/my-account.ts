import { z } from "zod";
import { CurrentPassword, Email, NewPassword, OptionalName, Profile } from "./sign-in.ts";
import { isCalendarDate } from "./forms.ts";
import { ApiError } from "./errors.ts";
import { sentence } from "./languages.ts";
import { LanguageChoice, LanguageCode } from "./site.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// The member's own account: forgotten passwords, /account, and what she may take away or delete.

/** A link's token: 256 random bits, base64url. Anything else is refused before the database is asked. */
export const LinkToken = z
  .string({ error: "This link is incomplete. Please open it again from the mail." })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "This link is incomplete. Please open it again from the mail." });

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;
export const forgotPasswordAnswerText = sentence("If an account exists for that address, we have sent a link to reset your password.");

export const TokenRequest = z.object({ token: LinkToken });
export const ResetPasswordRequest = z.object({ token: LinkToken, password: NewPassword });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

export const Message = z.object({ message: z.string() });
export type Message = z.infer<typeof Message>;

export const NameChangeRequest = z.object({ first_name: OptionalName, last_name: OptionalName });
export type NameChangeRequest = z.input<typeof NameChangeRequest>;

export const EmailChangeRequest = z.object({ email: Email, password: CurrentPassword });
export type EmailChangeRequest = z.input<typeof EmailChangeRequest>;

export const PasswordChangeRequest = z.object({ current_password: CurrentPassword, new_password: NewPassword });
export type PasswordChangeRequest = z.input<typeof PasswordChangeRequest>;

export const DeleteAccountRequest = z.object({ password: CurrentPassword });
export type DeleteAccountRequest = z.input<typeof DeleteAccountRequest>;

export const DueDate = z
  .string({ error: "Please enter the date as YYYY-MM-DD." })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Please enter the date as YYYY-MM-DD." })
  .refine(isCalendarDate, { error: "That date does not exist." });

export const PacingRequest = z.object({
  due_date: DueDate.nullable(),
  baby_arrived: z.boolean({ error: "baby_arrived must be true or false." }),
});
export type PacingRequest = z.input<typeof PacingRequest>;

export const AccountSession = z.object({
  id: z.string(),
  browser: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

/**
 * The mail she may turn off (and on again) herself. News about her own place or booking always
 * goes; community reply mails are the community's own setting.
 */
export const MailChoices = z.object({
  /** The instructor's announcements. */
  announcements: z.boolean(),
  /** Live classes' reminders and replay links. */
  class_reminders: z.boolean(),
});
export type MailChoices = z.infer<typeof MailChoices>;

export const MailChoicesChange = z
  .object({
    announcements: z.boolean({ error: "Say whether to mail you announcements." }).optional(),
    class_reminders: z.boolean({ error: "Say whether to mail you class reminders." }).optional(),
  })
  .refine((change) => change.announcements !== undefined || change.class_reminders !== undefined, {
    error: "Say which mail to turn on or off.",
  });
export type MailChoicesChange = z.input<typeof MailChoicesChange>;

export const Account = z.object({
  profile: Profile,
  mail: MailChoices,
  /** An e-mail address waiting for its confirmation link, if she asked for a change. */
  pending_email: z.string().nullable(),
  sessions: z.array(AccountSession),
  /** The language she reads the product and her mail in: hers, or until she chooses, the one she is reading now. */
  language: LanguageCode,
});
export type Account = z.infer<typeof Account>;

export const SignedOutOthers = z.object({ ended: z.number() });
export type SignedOutOthers = z.infer<typeof SignedOutOthers>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const myAccountEndpoints = {
  forgotPassword: {
    method: "POST",
    path: "/reactapi/users/forgot-password",
    summary: "Mails a reset link if the account exists; the answer is the same either way",
    access: "anyone",
    travels: "account-links",
    body: ForgotPasswordRequest,
    answers: {
      ...ok(Message),
      429: { description: "Too many reset mails for this address or client; Retry-After says when.", schema: ApiError },
    },
  },
  checkResetLink: {
    method: "POST",
    path: "/reactapi/users/reset-password/check",
    summary: "Whether a reset link can still be used",
    access: "anyone",
    travels: "account-links",
    body: TokenRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link.", schema: ApiError } },
  },
  resetPassword: {
    method: "POST",
    path: "/reactapi/users/reset-password",
    summary: "Sets a new password with a reset link; ends every session",
    access: "anyone",
    travels: "account-links",
    body: ResetPasswordRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link.", schema: ApiError } },
  },
  myAccount: {
    method: "GET",
    path: "/reactapi/account",
    summary: "Her profile, a pending e-mail change, her sessions and the mail she chose",
    access: "member",
    answers: ok(Account),
  },
  saveMyLanguage: {
    method: "POST",
    path: "/reactapi/account/language",
    invalidates: ["myAccount", "me"],
    summary: "Saves the language she reads the product, its mails and documents in",
    access: "member",
    travels: "account",
    body: LanguageChoice,
    answers: ok(LanguageChoice),
  },
  changeName: {
    method: "POST",
    path: "/reactapi/account/name",
    invalidates: ["myAccount", "me"],
    summary: "Changes her first and last name",
    access: "member",
    travels: "account",
    body: NameChangeRequest,
    answers: ok(Profile),
  },
  setPacing: {
    method: "POST",
    path: "/reactapi/account/pacing",
    invalidates: ["myAccount", "me", "progressSummary"],
    summary: "Sets or removes her due date, and whether the baby has arrived",
    access: "member",
    body: PacingRequest,
    answers: ok(Profile),
  },
  changeEmail: {
    method: "POST",
    path: "/reactapi/account/email",
    invalidates: ["myAccount"],
    summary: "Mails a confirmation link to a new address (needs her password)",
    access: "member",
    travels: "account",
    body: EmailChangeRequest,
    answers: {
      202: { description: "Link sent; the address changes when it is opened.", schema: Message },
      409: { description: "The address is taken.", schema: ApiError },
      429: { description: "Too many wrong passwords.", schema: ApiError },
    },
  },
  confirmEmail: {
    method: "POST",
    path: "/reactapi/account/email/confirm",
    invalidates: ["myAccount", "me"],
    summary: "Confirms a new e-mail address with the mailed link",
    access: "anyone",
    travels: "account-links",
    body: TokenRequest,
    answers: {
      ...ok(Profile),
      409: { description: "The address was taken meanwhile.", schema: ApiError },
      410: { description: "Unknown, used or expired link.", schema: ApiError },
    },
  },
  changePassword: {
    method: "POST",
    path: "/reactapi/account/password",
    invalidates: ["myAccount"],
    summary: "Changes her password (needs the current one); ends her other sessions",
    access: "member",
    travels: "account",
    body: PasswordChangeRequest,
    answers: { ...ok(Message), 429: { description: "Too many wrong passwords.", schema: ApiError } },
  },
  sendEmailProof: {
    method: "POST",
    path: "/reactapi/account/email/proof",
    summary: "Mails her the link that confirms her address is hers, again",
    access: "member",
    travels: "account",
    body: z.object({}),
    answers: { ...ok(Message), 429: { description: "Several links were sent this hour.", schema: ApiError } },
  },
  endOtherSessions: {
    method: "POST",
    path: "/reactapi/account/sessions/end-others",
    invalidates: ["myAccount"],
    summary: "Signs her out of every other device",
    access: "member",
    travels: "account",
    body: z.object({}),
    answers: ok(SignedOutOthers),
  },
  saveMailChoices: {
    method: "POST",
    path: "/reactapi/account/mail",
    invalidates: ["myAccount"],
    summary: "Turns the instructor's announcements or class reminders by mail off, or on again",
    access: "member",
    travels: "account",
    body: MailChoicesChange,
    answers: ok(MailChoices.extend({ message: z.string() })),
  },
  exportMyData: {
    method: "GET",
    path: "/reactapi/account/export",
    summary: "Everything kept about her, as one JSON file",
    access: "member",
    travels: "account",
    answers: { 200: { description: "my-data.json", contentType: "application/json" } },
  },
  deleteMyAccount: {
    method: "POST",
    path: "/reactapi/account/delete",
    summary: "Deletes her account (needs her password)",
    access: "member",
    travels: "account",
    body: DeleteAccountRequest,
    answers: { ...ok(Message), 429: { description: "Too many wrong passwords.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
