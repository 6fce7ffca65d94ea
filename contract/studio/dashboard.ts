import { z } from "zod";
import { type Endpoint, ok } from "../endpoint.ts";

// The studio's first page: members, registrations, unread messages and recent ratings.

export const Dashboard = z.object({
  members: z.number(),
  new_members_7_days: z.number(),
  code_registrations_7_days: z.number(),
  unread_messages: z.number(),
  average_satisfaction_30_days: z.number().nullable(),
  average_recommend_30_days: z.number().nullable(),
  feedback_count_30_days: z.number(),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioDashboardEndpoints = {
  studioDashboard: {
    method: "GET",
    path: "/reactapi/studio/dashboard",
    summary: "Members, registrations, unread messages and recent ratings",
    access: "instructor",
    travels: "studio-dashboard",
    answers: ok(Dashboard),
  },
} satisfies Record<string, Endpoint>;
