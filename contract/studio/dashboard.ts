import { z } from "zod";

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
