import { z } from "zod";
import { sentence } from "./languages.ts";
import { Email, registrationPass } from "./sign-in.ts";
import { ApiError } from "./errors.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// The partner seat (docs/product.md, Partner seat): one partner per member, invited by mail.

export const PartnerInviteRequest = z.object({ email: Email });
export type PartnerInviteRequest = z.input<typeof PartnerInviteRequest>;

export const PartnerSharingRequest = z
  .object({
    birth_plan: z.boolean({ error: "Say whether to share your birth preferences." }).optional(),
    timer: z.boolean({ error: "Say whether to share your contraction timer." }).optional(),
  })
  // An empty change has nothing to save (the fuzzer found it answered 500).
  .refine((sharing) => sharing.birth_plan !== undefined || sharing.timer !== undefined, {
    error: "Say what to share: your birth preferences, your contraction timer, or both.",
    path: ["birth_plan"],
  });
export type PartnerSharingRequest = z.input<typeof PartnerSharingRequest>;

const Person = z.object({ first_name: z.string().nullable(), last_name: z.string().nullable(), email: z.string() });

/** Who is linked, seen from her side (partner) or from his (member). */
export const PartnerLink = z.object({
  joined_as: z.enum(["member", "partner"]),
  /** Whether she may send an invitation now (a member with no partner linked). */
  may_invite: z.boolean(),
  /** Her invitation still waiting to be used. */
  invitation: z.object({ email: z.string(), expires_at: z.string() }).nullable(),
  /** Her side: the partner linked to her, and what she shares with him. */
  partner: Person.extend({ linked_at: z.string(), shares_birth_plan: z.boolean(), shares_timer: z.boolean() }).nullable(),
  /** His side: whose partner he is, where she is in her pregnancy, and what she shares. */
  member: Person.extend({
    due_date: z.string().nullable(),
    /** The completed weeks of her pregnancy today, or null (no due date, or the baby has arrived). */
    week: z.number().nullable(),
    baby_arrived: z.boolean(),
    shares_birth_plan: z.boolean(),
    shares_timer: z.boolean(),
  }).nullable(),
});
export type PartnerLink = z.infer<typeof PartnerLink>;

export const PartnerInvited = z.object({ message: z.string(), expires_at: z.string() });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
/** The partner's invitation stands for the access code when he registers (contract/api.ts composes the passes). */
export const partnersRegistrationPass = { invitation: registrationPass(sentence("That invitation link is not complete.")) };

export const partnersEndpoints = {
  partner: {
    method: "GET",
    path: "/reactapi/account/partner",
    summary: "Who is linked: her partner (from her side) or whose partner he is (from his), and her waiting invitation",
    access: "member",
    answers: ok(PartnerLink),
  },
  invitePartner: {
    method: "POST",
    path: "/reactapi/account/partner/invite",
    summary: "Mails her partner a link (valid 7 days) to create his account without an access code",
    access: "mother",
    partnerRefusal: sentence("A partner's account cannot invite a partner of its own."),
    travels: "partners",
    body: PartnerInviteRequest,
    invalidates: ["partner"],
    answers: {
      201: { description: "The invitation is on its way.", schema: PartnerInvited },
      400: { description: "A bad address.", schema: ApiError },
      403: { description: "A partner's account cannot invite.", schema: ApiError },
      409: { description: "She has a partner linked already.", schema: ApiError },
      429: { description: "Too many invitations from her, or to this address, in an hour; Retry-After says when.", schema: ApiError },
    },
  },
  removePartner: {
    method: "POST",
    path: "/reactapi/account/partner/remove",
    summary: "Ends the link, from either side: what came through her closes at once",
    access: "member",
    travels: "partners",
    invalidates: ["partner", "getCourses", "getCourseModules", "progressSummary"],
    answers: { ...ok(StudioOutcome), 404: { description: "No link to end.", schema: ApiError } },
  },
  sharePartner: {
    method: "POST",
    path: "/reactapi/account/partner/sharing",
    summary: "What she shares with her partner: her birth preferences, her contraction timer",
    access: "member",
    travels: "partners",
    body: PartnerSharingRequest,
    invalidates: ["partner"],
    answers: { ...ok(StudioOutcome), 404: { description: "No partner linked.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
