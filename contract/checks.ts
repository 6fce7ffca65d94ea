import { z } from "zod";
import { ApiError } from "./errors.ts";
import { idInPath } from "./catalogue.ts";
import { CourseIdParams, LessonIdParams } from "./progress.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// Knowledge checks (docs/checks.md): a few questions at the end of a lesson or a module, each with
// an explanation written for a mother. Answers are checked on the server; the right ones never
// reach the browser before she answers.

export const QuestionKind = z.enum(["one", "several", "true_false"], { error: "A question's kind is one, several or true_false." });

const Option = z.object({
  text: z
    .string({ error: "Write each answer." })
    .trim()
    .min(1, { error: "Write each answer." })
    .max(300, { error: "Keep an answer under 300 characters." }),
  right: z.boolean({ error: "Say whether each answer is right." }),
});

export const QuestionInput = z
  .object({
    kind: QuestionKind,
    text: z
      .string({ error: "Write the question." })
      .trim()
      .min(1, { error: "Write the question." })
      .max(500, { error: "Keep a question under 500 characters." }),
    options: z
      .array(Option, { error: "Give the answers to choose from." })
      .min(2, { error: "Give at least two answers." })
      .max(8, { error: "Give at most eight answers." }),
    explanation: z
      .string({ error: "Explain the answer, for her to read after answering." })
      .trim()
      .min(1, { error: "Explain the answer, for her to read after answering." })
      .max(1000, { error: "Keep an explanation under 1,000 characters." }),
  })
  .superRefine((question, context) => {
    const rights = question.options.filter((option) => option.right).length;
    if (question.kind === "true_false" && question.options.length !== 2)
      context.addIssue({ code: "custom", path: ["options"], message: "A true or false question has two answers." });
    if (question.kind !== "several" && rights !== 1)
      context.addIssue({ code: "custom", path: ["options"], message: "Mark exactly one answer as right." });
    if (question.kind === "several" && rights === 0)
      context.addIssue({ code: "custom", path: ["options"], message: "Mark at least one answer as right." });
  });

export const CheckCreate = z
  .object({
    lesson_id: z.number().int().positive().optional(),
    module_id: z.number().int().positive().optional(),
    title: z.string().trim().max(120, { error: "Keep the title under 120 characters." }).default(""),
    questions: z
      .array(QuestionInput, { error: "Give the check its questions." })
      .min(1, { error: "Give the check at least one question." })
      .max(30, { error: "A check can have at most 30 questions." }),
  })
  .refine((check) => (check.lesson_id === undefined) !== (check.module_id === undefined), {
    message: "Put the check in a lesson or at the end of a module: give lesson_id or module_id.",
    path: ["lesson_id"],
  });

const Score = z.object({ score: z.number(), out_of: z.number() });

/** A check as she meets it: its questions and their answers to choose from, never which are right. */
export const CheckForMember = z.object({
  id: z.number(),
  title: z.string(),
  lesson_id: z.number().nullable(),
  /** Its lesson's title, for a list of a course's checks; null for a module's check. */
  lesson_title: z.string().nullable(),
  module_id: z.number().nullable(),
  questions: z.array(z.object({ kind: QuestionKind, text: z.string(), options: z.array(z.object({ text: z.string() })) })),
  /** Her best result so far; null before she has answered. */
  best: Score.nullable(),
});
export type CheckForMember = z.infer<typeof CheckForMember>;

export const CheckAnswers = z.object({
  answers: z.array(z.array(z.number().int().min(0).max(7)).max(8), { error: "Send one list of chosen answers per question." }).max(30),
});

export const CheckResult = Score.extend({
  questions: z.array(z.object({ right: z.boolean(), explanation: z.string(), right_options: z.array(z.number()) })),
});
export type CheckResult = z.infer<typeof CheckResult>;

/** A check in the studio: its questions with their right answers, and how members answered each. */
export const StudioCheck = z.object({
  id: z.number(),
  title: z.string(),
  questions: z.array(
    z.object({
      kind: QuestionKind,
      text: z.string(),
      options: z.array(z.object({ text: z.string(), right: z.boolean() })),
      explanation: z.string(),
      /** Of every answer sent to it, how many were right. */
      answered: z.number(),
      right: z.number(),
    }),
  ),
});
export type StudioCheck = z.infer<typeof StudioCheck>;

export const CheckIdParams = z.object({ id: idInPath("That check does not exist.") });

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const checksEndpoints = {
  createCheck: {
    method: "POST",
    path: "/reactapi/studio/checks",
    summary: "Adds a knowledge check to a lesson (lesson_id) or the end of a module (module_id)",
    access: "instructor",
    travels: "checks-studio",
    body: CheckCreate,
    invalidates: ["studioLessonChecks", "lessonChecks", "courseChecks"],
    answers: {
      201: { description: "Added.", schema: z.object({ id: z.number(), message: z.string() }) },
      404: { description: "No such lesson or module.", schema: ApiError },
    },
  },
  studioLessonChecks: {
    method: "GET",
    path: "/reactapi/studio/lessons/:lessonId/checks",
    summary: "A lesson's checks with their right answers, and per question how many answers were right",
    access: "instructor",
    travels: "checks-studio",
    params: LessonIdParams,
    answers: ok(z.object({ checks: z.array(StudioCheck) })),
  },
  removeCheck: {
    method: "POST",
    path: "/reactapi/studio/checks/:id/delete",
    summary: "Deletes a check and the answers sent to it",
    access: "instructor",
    travels: "checks-studio",
    params: CheckIdParams,
    invalidates: ["studioLessonChecks", "lessonChecks"],
    answers: { ...ok(StudioOutcome), 404: { description: "No such check.", schema: ApiError } },
  },
  lessonChecks: {
    method: "GET",
    path: "/reactapi/lessons/:lessonId/checks",
    summary: "The checks of a lesson she may open, without their right answers",
    access: "member",
    travels: "checks",
    params: LessonIdParams,
    answers: {
      ...ok(z.object({ checks: z.array(CheckForMember) })),
      403: { description: "A locked lesson.", schema: ApiError },
      404: { description: "No such lesson.", schema: ApiError },
    },
  },
  courseChecks: {
    method: "GET",
    path: "/reactapi/courses/:courseId/checks",
    summary: "Every check of a course she may open (its lessons' and its modules'), without their right answers, with her best results",
    access: "member",
    travels: "checks",
    params: CourseIdParams,
    answers: {
      ...ok(z.object({ checks: z.array(CheckForMember) })),
      403: { description: "A course she has not unlocked.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
    },
  },
  check: {
    method: "GET",
    path: "/reactapi/checks/:id",
    summary: "A check she may open, without its right answers",
    access: "member",
    travels: "checks",
    params: CheckIdParams,
    answers: {
      ...ok(CheckForMember),
      403: { description: "Its course is locked to her.", schema: ApiError },
      404: { description: "No such check.", schema: ApiError },
    },
  },
  answerCheck: {
    method: "POST",
    path: "/reactapi/checks/:id/answers",
    summary:
      "Checks her answers (one list of chosen option indexes per question, from 0): which were right, the explanations and the right options",
    access: "member",
    travels: "checks",
    params: CheckIdParams,
    body: CheckAnswers,
    invalidates: ["lessonChecks", "courseChecks", "check", "courseProgress", "progressSummary"],
    answers: {
      ...ok(CheckResult),
      403: { description: "Its course is locked to her.", schema: ApiError },
      404: { description: "No such check.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
