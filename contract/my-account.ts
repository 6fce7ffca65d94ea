import { z } from "zod";
import { CurrentPassword, Email, NewPassword, OptionalName, Profile } from "./sign-in.ts";
import { isCalendarDate } from "./forms.ts";

// The member's own account: forgotten passwords, /account, and what she may take away or delete.

/** A link's token: 256 random bits, base64url. Anything else is refused before the database is asked. */
export const LinkToken = z
  .string({ error: "This link is incomplete. Please open it again from the mail." })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "This link is incomplete. Please open it again from the mail." });

export const ForgotPasswordRequest = z.object({ email: Email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;
export const forgotPasswordAnswerText = "If an account exists for that address, we have sent a link to reset your password.";

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
});
export type Account = z.infer<typeof Account>;

export const SignedOutOthers = z.object({ ended: z.number() });
export type SignedOutOthers = z.infer<typeof SignedOutOthers>;
