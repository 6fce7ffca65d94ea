import { leftOutLessonIds } from "../content-notes/content-notes-repository.ts";
import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { moduleTiming, pacingStage } from "../../../contract/pacing.ts";
import type { CatalogueReader, CourseOutline } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { checksDoneByCourse } from "../checks/checks-repository.ts";
import { PositionBatcher } from "./position-batcher.ts";
import { countDone, courseProgress, progressOf, saveProgress, toLessonProgress } from "./progress-repository.ts";
import { requireMember } from "../http/signed-in-member.ts";

export type ProgressOptions = { db: Database; catalogue: CatalogueReader };

export async function progressRoutes(app: FastifyInstance, { db, catalogue }: ProgressOptions) {
  const positions = new PositionBatcher(db);
  route(app, "saveLessonProgress", async ({ params, body }, request) => {
    const member = requireMember(request);
    const { lessonId } = params;
    const update = body;
    const place = await catalogue.lessonAccess(member, lessonId);
    if (place.access === "missing") throw new HttpError(404, "That lesson does not exist.");
    if (place.access === "locked") throw new HttpError(403, "This lesson is part of a course you have not unlocked yet.");
    const row =
      update.completed === undefined && update.position_seconds !== undefined
        ? await positions.save(member.id, lessonId, update.position_seconds)
        : await saveProgress(db, member.id, lessonId, { positionSeconds: update.position_seconds, completed: update.completed });
    return toLessonProgress(row);
  });

  route(app, "courseProgress", async ({ params }, request) => {
    const member = requireMember(request);
    const { courseId } = params;
    const found = await courseProgress(db, catalogue, member, courseId);
    if (!found) throw new HttpError(404, "That course does not exist.");
    return found.progress;
  });

  route(app, "progressSummary", async (_input, request) => {
    const member = requireMember(request);
    const [rows, accessible] = await Promise.all([progressOf(db, member.id), catalogue.accessibleCourseIds(member)]);
    const courseIds = new Set(accessible);
    const places = await catalogue.lessonsAccess(
      member,
      rows.map((row) => row.lessonId),
    );
    const placed = rows.map((row, index) => ({ row, place: places[index]! }));
    for (const { place } of placed) if (place.access !== "missing") courseIds.add(place.courseId);
    const outlines = new Map<number, CourseOutline>();
    for (const courseId of courseIds) {
      const outline = await catalogue.courseOutline(courseId, member);
      if (outline) outlines.set(courseId, outline);
    }
    const checks = await checksDoneByCourse(db, member.id, [...outlines.keys()]);
    const courses = [...outlines.values()].map((outline) => ({
      course_id: outline.id,
      ...countDone(outline, rows),
      checks_passed: checks.get(outline.id)?.passed ?? 0,
      checks_total: checks.get(outline.id)?.total ?? 0,
    }));
    const done = new Set(rows.filter((row) => row.completedAt !== null).map((row) => row.lessonId));
    // Lessons with a note she chose to leave out stay in the course, but nothing here suggests them.
    const leftOut = await leftOutLessonIds(db, member.id);

    // Paced to her due date: the lessons she may open, of modules that suit her week, not yet done.
    const stage = pacingStage({ due_date: member.dueDate, baby_arrived: member.babyArrived });
    const pacing = {
      stage: stage.kind,
      week: stage.kind === "pregnant" ? stage.week : null,
      lessons: [...outlines.values()]
        .filter((outline) => accessible.has(outline.id))
        .flatMap((outline) =>
          outline.lessons
            .filter((lesson) => !done.has(lesson.id) && !leftOut.has(lesson.id) && moduleTiming(lesson.recommendedWeek, stage) === "now")
            .map((lesson) => ({
              course_id: outline.id,
              course_title: outline.title,
              lesson_id: lesson.id,
              lesson_title: lesson.title,
              module_title: lesson.moduleTitle,
            })),
        )
        .slice(0, 6),
    };

    // The most recent lesson she may still open (a grant may have ended since) and has not since left out.
    const latest = placed.find(({ row, place }) => place.access === "open" && !leftOut.has(row.lessonId));
    if (!latest || latest.place.access !== "open") return { courses, continue: null, next: null, pacing };
    const outline = outlines.get(latest.place.courseId)!;
    const index = outline.lessons.findIndex((lesson) => lesson.id === latest.row.lessonId);
    const lesson = outline.lessons[index]!;
    const mayOpen = accessible.has(outline.id);
    const following = outline.lessons
      .slice(index + 1)
      .find((candidate) => !done.has(candidate.id) && !leftOut.has(candidate.id) && (mayOpen || candidate.previewable));
    return {
      courses,
      continue: {
        course_id: outline.id,
        course_title: outline.title,
        lesson_id: lesson.id,
        lesson_title: lesson.title,
        position_seconds: latest.row.positionSeconds,
        completed: latest.row.completedAt !== null,
      },
      next: following
        ? { course_id: outline.id, course_title: outline.title, lesson_id: following.id, lesson_title: following.title }
        : null,
      pacing,
    };
  });
}
