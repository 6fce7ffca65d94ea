import { z } from "zod";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";

export const BillingInterval = z.enum(["month", "year", "once"]);

/**
 * A price a plan offers besides its own, named by the instructor ("Supported", "Standard",
 * "Supporter"), with a line saying what it is for; she chooses, nobody asks why (docs/gifts.md).
 */
export const PlanTier = z.object({
  name: z.string(),
  price: z.number().int().describe("minor units, e.g. cents"),
  line: z.string(),
});
export type PlanTier = z.infer<typeof PlanTier>;

export const SubscriptionPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number().int().describe("minor units, e.g. cents"),
  currency: z.string(),
  billing_interval: BillingInterval,
  course_ids: z.array(z.number()),
  /** Pay what you can: the prices she may choose from, lowest first; absent or empty, the plan has its one price. */
  tiers: z.array(PlanTier).optional(),
});
export type SubscriptionPlan = z.infer<typeof SubscriptionPlan>;

export const Course = z.object({
  id: z.number(),
  course_title: z.string(),
  course_description: z.string().describe("sanitised HTML"),
  course_logo: z.number().int().min(0).max(3),
  // A string, not a boolean: the web app (docs/product.md, Client state) turns "true" into true and anything else into false.
  course_access: z.enum(["true", "false"]),
  subscription_plans: z.array(SubscriptionPlan),
  /** Her own picture for it (contract/pictures.ts), when she uploaded one; else course_logo's built-in picture. */
  course_cover: z.string().optional(),
  /** Only in the instructor's own library: the course is a draft, which no member sees yet. */
  draft: z.literal(true).optional(),
});
export type Course = z.infer<typeof Course>;

export const CourseList = z.object({
  courses: z.array(Course),
  subscription_plans: z.array(SubscriptionPlan),
});
export type CourseList = z.infer<typeof CourseList>;

export const VideoProvider = z.enum(["vimeo", "youtube"]);
// hash: the privacy code of an unlisted Vimeo video, part of its player address.
export const LessonVideo = z.object({
  provider: VideoProvider,
  id: z.string(),
  hash: z.string().optional(),
  /** Where a YouTube video starts, in seconds (a link's t=42s), when she did not start it herself yet. */
  start: z.number().int().positive().optional(),
  /** Its length in seconds, as she gave it in the studio. */
  length: z.number().int().positive().optional(),
  /** A short line she wrote about it, shown under the player. */
  line: z.string().optional(),
});
export type LessonVideo = z.infer<typeof LessonVideo>;

export const LessonDownload = z.object({ filename: z.string(), url: z.string() });
export type LessonDownload = z.infer<typeof LessonDownload>;

export const OpenLesson = z.object({
  id: z.number(),
  lesson_title: z.string(),
  lesson_order: z.number(),
  locked: z.literal(false),
  content_summary: z.string().nullable(),
  html_note_content: z.string().nullable(),
  /** JSON array text of LessonDownload, as docs/product.md (Client state) describes. */
  video_description: z.string().nullable(),
  video: LessonVideo.nullable(),
  /** The content notes the instructor gave it; the lesson page tells a member who asked, before anything plays. */
  content_notes: z.array(z.string()),
});
export const LockedLesson = z.object({
  id: z.number(),
  lesson_title: z.string(),
  lesson_order: z.number(),
  locked: z.literal(true),
});
export const Lesson = z.union([OpenLesson, LockedLesson]);
export type OpenLesson = z.infer<typeof OpenLesson>;
export type LockedLesson = z.infer<typeof LockedLesson>;
export type Lesson = z.infer<typeof Lesson>;

export const CourseModule = z.object({
  id: z.number(),
  reference_code: z.string(),
  /** Underscore-separated ancestry: the course's code, then each ancestor module's code. */
  parent_reference_code: z.string(),
  course: z.number(),
  module_title: z.string(),
  module_order: z.number(),
  module_description: z.string().nullable(),
  visible_in_preview: z.boolean(),
  /** The week of pregnancy the instructor suggests the module for (43 and above: after the birth); pacing only suggests. */
  recommended_week: z.number().nullable(),
  lessons: z.array(Lesson),
});
export type CourseModule = z.infer<typeof CourseModule>;

/** A record's id in an address (/downloads/5001): digits only, or the record does not exist. */
export const idInPath = (notFound: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: notFound })
    .transform(Number);

export const DownloadParams = z.object({ fileId: idInPath("That download does not exist.") });

export const CourseModulesRequest = z.object({
  query: z.union(
    [
      z
        .number({ error: "The course id must be a whole number." })
        .int({ error: "The course id must be a whole number." })
        .positive({ error: "The course id must be a whole number." }),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, { error: "The course id must be a whole number." })
        .transform(Number),
    ],
    { error: "The course id must be a whole number." },
  ),
});

export const UserAccessRequest = z.object({
  query: z.string({ error: "The query must be text." }).max(200, { error: "The query is too long." }).optional(),
});

export const UserAccess = z.object({
  accessible_course_ids: z.array(z.number()),
  grants: z.array(
    z.object({
      course_id: z.number(),
      // "instructor": opened by hand; "purchase": paid for (one course may have both).
      source: z.enum(["instructor", "purchase"]),
      granted_at: z.string(),
      ends_at: z.string().nullable(),
    }),
  ),
});
export type UserAccess = z.infer<typeof UserAccess>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const catalogueEndpoints = {
  getCourses: {
    method: "GET",
    path: "/reactapi/getcourses",
    summary: "The course library, with the caller's access",
    access: "anyone",
    answers: ok(CourseList),
  },
  getUserAccess: {
    method: "POST",
    path: "/reactapi/getuseraccessdata",
    summary: "The courses the member may open, and her grants",
    access: "member",
    body: UserAccessRequest,
    answers: ok(UserAccess),
  },
  getCourseModules: {
    method: "POST",
    path: "/reactapi/getcoursemodules",
    summary: "A course's modules and lessons (titles only where locked)",
    access: "member",
    body: CourseModulesRequest,
    answers: { ...ok(z.array(CourseModule)), 404: { description: "No such course.", schema: ApiError } },
  },
  download: {
    method: "GET",
    path: "/reactapi/downloads/:fileId",
    summary: "A lesson's download",
    access: "member",
    params: DownloadParams,
    answers: {
      200: { description: "The file.", contentType: "application/octet-stream" },
      404: { description: "No such download.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
