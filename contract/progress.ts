import { z } from "zod";
import { idInPath } from "./catalogue.ts";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// Where a member is in her lessons: saved by the lesson page, read by the course page, the library and /home.

export const LessonIdParams = z.object({ lessonId: idInPath("That lesson does not exist.") });
export const CourseIdParams = z.object({ courseId: idInPath("That course does not exist.") });

// Longer than any lesson video; a larger number is a mistake, not a position.
const MAX_POSITION_SECONDS = 24 * 60 * 60;

export const ProgressUpdate = z
  .object({
    position_seconds: z
      .number({ error: "The position must be a number of seconds." })
      .min(0, { error: "The position must be a number of seconds." })
      .max(MAX_POSITION_SECONDS, { error: "The position must be a number of seconds." })
      .transform(Math.floor)
      .optional(),
    completed: z.boolean({ error: "completed must be true or false." }).optional(),
  })
  .refine((update) => update.position_seconds !== undefined || update.completed !== undefined, {
    error: "Send a position_seconds, a completed flag, or both.",
  });
export type ProgressUpdate = z.input<typeof ProgressUpdate>;

export const LessonProgress = z.object({
  lesson_id: z.number(),
  completed: z.boolean(),
  position_seconds: z.number(),
});
export type LessonProgress = z.infer<typeof LessonProgress>;

export const CourseProgress = z.object({
  course_id: z.number(),
  completed: z.number(),
  total: z.number(),
  lessons: z.array(LessonProgress),
  /** Whether every lesson is complete (and every knowledge check, when the course asks), so the certificate can be downloaded. */
  certificate_available: z.boolean(),
});
export type CourseProgress = z.infer<typeof CourseProgress>;

const LessonPointer = z.object({
  course_id: z.number(),
  course_title: z.string(),
  lesson_id: z.number(),
  lesson_title: z.string(),
});

export const ProgressSummary = z.object({
  /** Per course she may open and has started: done and total lessons, and its knowledge checks with full marks of all (0 of 0: none). */
  courses: z.array(
    z.object({
      course_id: z.number(),
      completed: z.number(),
      total: z.number(),
      checks_passed: z.number(),
      checks_total: z.number(),
    }),
  ),
  /** The lesson she was last in, and where in its video. */
  continue: LessonPointer.extend({ position_seconds: z.number(), completed: z.boolean() }).nullable(),
  /** The first lesson after that one, in course order, that she has not completed. */
  next: LessonPointer.nullable(),
  /** Paced to her due date: where she is, and the lessons of modules recommended now that she has not completed. */
  pacing: z.object({
    stage: z.enum(["pregnant", "postpartum", "unknown"]),
    week: z.number().nullable(),
    lessons: z.array(LessonPointer.extend({ module_title: z.string() })),
  }),
});
export type ProgressSummary = z.infer<typeof ProgressSummary>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const progressEndpoints = {
  saveLessonProgress: {
    method: "POST",
    path: "/reactapi/progress/lessons/:lessonId",
    invalidates: ["courseProgress", "progressSummary"],
    summary: "Saves her position in a lesson's video, or marks it complete",
    access: "member",
    params: LessonIdParams,
    body: ProgressUpdate,
    answers: { ...ok(LessonProgress), 404: { description: "No such lesson.", schema: ApiError } },
  },
  courseProgress: {
    method: "GET",
    path: "/reactapi/progress/courses/:courseId",
    summary: "Her progress in a course",
    access: "member",
    params: CourseIdParams,
    answers: { ...ok(CourseProgress), 404: { description: "No such course.", schema: ApiError } },
  },
  progressSummary: {
    method: "GET",
    path: "/reactapi/progress/summary",
    summary: "Done and total per course, and where to continue",
    access: "member",
    answers: ok(ProgressSummary),
  },
} satisfies Record<string, Endpoint>;
