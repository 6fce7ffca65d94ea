import { z } from "zod";
import { Email, NewPassword, OptionalName, Profile } from "../sign-in.ts";
import { ApiError } from "../errors.ts";
import { Message } from "../my-account.ts";
import { type Endpoint, ok } from "../endpoint.ts";

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

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioSetupEndpoints = {
  checkSetupLink: {
    method: "POST",
    path: "/reactapi/instructor-setup/check",
    summary: "Whether the first instructor's setup link can still be used",
    access: "anyone",
    travels: "setup",
    body: SetupTokenRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link, or an instructor exists.", schema: ApiError } },
  },
  setUpInstructor: {
    method: "POST",
    path: "/reactapi/instructor-setup",
    summary: "Creates the first instructor with the setup link from the start-up log, and signs her in",
    access: "anyone",
    travels: "setup",
    body: InstructorSetupRequest,
    answers: {
      201: { description: "Created and signed in.", schema: Profile },
      409: { description: "The e-mail has an account.", schema: ApiError },
      410: { description: "Unknown, used or expired link, or an instructor exists.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
