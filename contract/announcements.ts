import { z } from "zod";
import { idInPath } from "./catalogue.ts";
import { SendKey } from "./studio/inbox.ts";
import { PageNumber } from "./studio/studio-shared.ts";

// Announcements: the instructor's word to her members, mailed once and shown on /home until she removes it.

/** An announcement as a member reads it on /home. */
export const MemberAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  /** Plain text; paragraphs are separated by an empty line. */
  body: z.string(),
  sent_at: z.string(),
});
export const MyAnnouncements = z.object({ announcements: z.array(MemberAnnouncement) });
export type MyAnnouncements = z.infer<typeof MyAnnouncements>;

export const UnsubscribeParams = z.object({
  token: z
    .string()
    .regex(/^[a-f0-9]{32,64}$/, { error: "This unsubscribe link is not complete. Please copy the whole link from the mail." }),
});
export const Unsubscribed = z.object({ message: z.string() });

export const Audience = z.enum(["all", "course", "due_month"], { error: "Choose who receives it." });

export const AnnouncementRequest = z
  .object({
    title: z
      .string({ error: "Give it a subject." })
      .trim()
      .min(1, { error: "Give it a subject." })
      .max(200, { error: "Keep the subject under 200 characters." }),
    body: z
      .string({ error: "Write the message." })
      .trim()
      .min(1, { error: "Write the message." })
      .max(20_000, { error: "Keep the message under 20,000 characters." }),
    audience: Audience,
    course_id: z.number({ error: "Choose the course." }).int().min(1).max(2_147_483_647).nullable().optional().default(null),
    /** YYYY-MM: the members whose due date falls in that month. */
    due_month: z
      .string({ error: "Choose the month." })
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Choose the month, as YYYY-MM." })
      .nullable()
      .optional()
      .default(null),
    send_key: SendKey,
  })
  .superRefine((request, context) => {
    if (request.audience === "course" && request.course_id === null) {
      context.addIssue({ code: "custom", path: ["course_id"], message: "Choose the course whose members receive it." });
    }
    if (request.audience === "due_month" && request.due_month === null) {
      context.addIssue({ code: "custom", path: ["due_month"], message: "Choose the month the members are due in." });
    }
  });
export type AnnouncementRequest = z.input<typeof AnnouncementRequest>;

export const StudioAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  /** Who it went to, in words: "All members", "Members of …", "Members due in March 2027". */
  audience: z.string(),
  recipients: z.number(),
  sent_at: z.string(),
  removed: z.boolean(),
});
export const StudioAnnouncements = z.object({ announcements: z.array(StudioAnnouncement), page: z.number(), total: z.number() });
export type StudioAnnouncements = z.infer<typeof StudioAnnouncements>;
export const AnnouncementsQuery = z.object({ page: PageNumber });
export const AnnouncementIdParams = z.object({ id: idInPath("That announcement does not exist.") });
export const AnnouncementSent = z.object({ id: z.number(), message: z.string() });
