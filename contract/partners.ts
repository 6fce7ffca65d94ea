import { z } from "zod";
import { Email } from "./sign-in.ts";

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
