import { z } from "zod";
import { sentence } from "./languages.ts";
import { idInPath } from "./catalogue.ts";
import { ApiError } from "./errors.ts";
import { registrationPass } from "./sign-in.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";

// Her team (docs/push.md, "The labour line"): doulas she invites as backups, who see only what is shared with them.

export const TeamInvite = z.object({
  email: z.email({ error: "Please enter her e-mail address." }).max(254, { error: "That e-mail address is too long." }),
  first_name: z
    .string({ error: "Please enter her first name." })
    .trim()
    .min(1, { error: "Please enter her first name." })
    .max(80, { error: "That name is too long." }),
});
export type TeamInvite = z.input<typeof TeamInvite>;

export const TeamDoula = z.object({ id: z.number(), name: z.string(), email: z.string(), joined_at: z.string() });
export const TeamPage = z.object({
  doulas: z.array(TeamDoula),
  /** Invitations not used yet, the expired ones too: she can send each again with a new link. */
  invited: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      first_name: z.string(),
      sent_at: z.string(),
      expires_at: z.string(),
      expired: z.boolean(),
    }),
  ),
});
export type TeamPage = z.infer<typeof TeamPage>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** The instructor's invitation to her team stands for the access code when a doula registers (contract/api.ts composes the passes). */
export const teamRegistrationPass = { team_invitation: registrationPass(sentence("That invitation link is not complete.")) };

export const teamEndpoints = {
  team: {
    method: "GET",
    path: "/reactapi/studio/team",
    summary: "Her team: the doulas who joined, and the invitations not yet used",
    access: "instructor",
    travels: "team",
    answers: ok(TeamPage),
  },
  inviteTeamDoula: {
    method: "POST",
    path: "/reactapi/studio/team/invite",
    summary: "Invites a doula to her team by mail: the link registers her without an access code",
    access: "instructor",
    travels: "team",
    body: TeamInvite,
    invalidates: ["team"],
    answers: {
      201: { description: "Mailed.", schema: StudioOutcome },
      409: { description: "That address has an account already.", schema: ApiError },
    },
  },
  resendTeamInvitation: {
    method: "POST",
    path: "/reactapi/studio/team/invitations/:id/resend",
    summary: "Mails an invitation not yet used again, with a new link valid from now (the one mailed before stops working)",
    access: "instructor",
    travels: "team",
    params: z.object({ id: idInPath("This invitation is not waiting any more: she has joined, or it was replaced by a newer one.") }),
    invalidates: ["team"],
    answers: {
      ...ok(StudioOutcome, "Mailed again."),
      404: { description: "No invitation of that number waits to be used.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
