import { z } from "zod";
import { Email, NewPassword, OptionalName } from "../sign-in.ts";

// The first instructor's account, made with the one-time link the server prints on a new installation.

/** The first instructor's account, made with the one-time link the server prints on a new installation. */
const SetupToken = z
  .string({ error: "This setup link is incomplete. Please copy it again from the server's log." })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "This setup link is incomplete. Please copy it again from the server's log." });

export const SetupTokenRequest = z.object({ token: SetupToken });

export const InstructorSetupRequest = z.object({
  token: SetupToken,
  first_name: OptionalName,
  last_name: OptionalName,
  email: Email,
  password: NewPassword,
});
export type InstructorSetupRequest = z.input<typeof InstructorSetupRequest>;
