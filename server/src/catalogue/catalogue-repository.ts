import { and, asc, eq, inArray } from "drizzle-orm";
import type { Course, CourseList, CourseModule, Lesson, SubscriptionPlan } from "../../../contract/catalogue.ts";
import type { UserRow } from "../accounts/users-repository.ts";
import type { Queryable } from "../db/client.ts";
import { courseGrants, courses, lessonFiles, lessons, modules, planCourses, subscriptionPlans } from "../db/schema.ts";
import { courseReferenceCode, groupBy } from "./catalogue-transfer.ts";

export const downloadUrl = (fileId: number) => `/reactapi/downloads/${fileId}`;

/** The course ids a member may open: free courses, granted ones, or all of them for an admin. */
export async function accessibleCourseIds(db: Queryable, member: UserRow | null): Promise<Set<number>> {
  if (!member) return new Set();
  const allCourses = await db.select({ id: courses.id, free: courses.freeForMembers }).from(courses);
  if (member.role === "admin") return new Set(allCourses.map((course) => course.id));
  const grants = await db.select({ courseId: courseGrants.courseId }).from(courseGrants).where(eq(courseGrants.userId, member.id));
  return new Set([...allCourses.filter((course) => course.free).map((course) => course.id), ...grants.map((grant) => grant.courseId)]);
}

export async function memberMayOpenCourse(db: Queryable, member: UserRow, courseId: number): Promise<boolean> {
  if (member.role === "admin") return true;
  const [course] = await db.select({ free: courses.freeForMembers }).from(courses).where(eq(courses.id, courseId));
  if (!course) return false;
  if (course.free) return true;
  const [grant] = await db
    .select({ courseId: courseGrants.courseId })
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, member.id), eq(courseGrants.courseId, courseId)));
  return grant !== undefined;
}

export async function listCourses(db: Queryable, member: UserRow | null): Promise<CourseList> {
  const [courseRows, planRows, links, accessible] = await Promise.all([
    db.select().from(courses).orderBy(asc(courses.position), asc(courses.id)),
    db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.id)),
    db.select().from(planCourses),
    accessibleCourseIds(db, member),
  ]);
  const plans: SubscriptionPlan[] = planRows.map((plan) => ({
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.priceMinor,
    currency: plan.currency,
    billing_interval: plan.billingInterval,
    course_ids: links.filter((link) => link.planId === plan.id).map((link) => link.courseId),
  }));
  const list: Course[] = courseRows.map((course) => ({
    id: course.id,
    course_title: course.title,
    course_description: course.descriptionHtml,
    course_logo: course.logo,
    course_access: accessible.has(course.id) ? "true" : "false",
    subscription_plans: plans.filter((plan) => plan.course_ids.includes(course.id)),
  }));
  return { courses: list, subscription_plans: plans };
}

export async function courseExists(db: Queryable, courseId: number): Promise<boolean> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  return course !== undefined;
}

/**
 * The modules of a course, depth first in module_order, each with its lessons in order. Without
 * access, lessons of modules that are not visible in the preview carry only their title: their
 * notes, summary, video and downloads never leave the server.
 */
export async function listCourseModules(db: Queryable, courseId: number, hasAccess: boolean): Promise<CourseModule[]> {
  const moduleRows = await db
    .select()
    .from(modules)
    .where(eq(modules.courseId, courseId))
    .orderBy(asc(modules.position), asc(modules.id));
  const moduleIds = moduleRows.map((module) => module.id);
  const lessonRows =
    moduleIds.length === 0
      ? []
      : await db.select().from(lessons).where(inArray(lessons.moduleId, moduleIds)).orderBy(asc(lessons.position), asc(lessons.id));
  const lessonIds = lessonRows.map((lesson) => lesson.id);
  const fileRows =
    lessonIds.length === 0
      ? []
      : await db
          .select({ id: lessonFiles.id, lessonId: lessonFiles.lessonId, filename: lessonFiles.filename })
          .from(lessonFiles)
          .where(inArray(lessonFiles.lessonId, lessonIds))
          .orderBy(asc(lessonFiles.position), asc(lessonFiles.id));

  const filesByLesson = groupBy(fileRows, (file) => file.lessonId);
  const lessonsByModule = groupBy(lessonRows, (lesson) => lesson.moduleId);
  const childrenByParent = groupBy(moduleRows, (module) => module.parentReferenceCode);

  const result: CourseModule[] = [];
  const visit = (module: (typeof moduleRows)[number]) => {
    const open = hasAccess || module.visibleInPreview;
    result.push({
      id: module.id,
      reference_code: module.referenceCode,
      parent_reference_code: module.parentReferenceCode,
      course: module.courseId,
      module_title: module.title,
      module_order: module.position,
      module_description: module.descriptionHtml,
      visible_in_preview: module.visibleInPreview,
      lessons: (lessonsByModule.get(module.id) ?? []).map((lesson): Lesson => {
        if (!open) return { id: lesson.id, lesson_title: lesson.title, lesson_order: lesson.position, locked: true };
        const downloads = (filesByLesson.get(lesson.id) ?? []).map((file) => ({ filename: file.filename, url: downloadUrl(file.id) }));
        return {
          id: lesson.id,
          lesson_title: lesson.title,
          lesson_order: lesson.position,
          locked: false,
          content_summary: lesson.contentSummaryHtml,
          html_note_content: lesson.noteHtml,
          video_description: JSON.stringify(downloads),
          video: lesson.videoProvider && lesson.videoId ? { provider: lesson.videoProvider, id: lesson.videoId } : null,
        };
      }),
    });
    for (const child of childrenByParent.get(`${module.parentReferenceCode}_${module.referenceCode}`) ?? []) visit(child);
  };
  for (const top of childrenByParent.get(courseReferenceCode(courseId)) ?? []) visit(top);
  return result;
}

export async function findDownload(db: Queryable, fileId: number) {
  const [row] = await db
    .select({
      filename: lessonFiles.filename,
      contentType: lessonFiles.contentType,
      bytes: lessonFiles.bytes,
      courseId: modules.courseId,
      visibleInPreview: modules.visibleInPreview,
    })
    .from(lessonFiles)
    .innerJoin(lessons, eq(lessons.id, lessonFiles.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(eq(lessonFiles.id, fileId));
  return row;
}

export async function listGrants(db: Queryable, userId: number) {
  return db.select().from(courseGrants).where(eq(courseGrants.userId, userId)).orderBy(asc(courseGrants.courseId));
}
