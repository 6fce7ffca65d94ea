import { t } from "./i18n.ts";
import { useMemo } from "react";
import type { Course, CourseModule, SubscriptionPlan } from "../../../contract/catalogue.ts";
import { useAnswer } from "./answers.ts";
import { buildModuleTree, type ModuleNode } from "./module-tree.ts";
import { accessQuery, courseModulesQuery, courseProgressQuery } from "./catalogue-queries.ts";

// The course library and the course a member has open, read from the API's answers and shaped
// and named as the product description's client state (docs/product.md, "Client state").

export type LibraryCourse = Omit<Course, "course_access"> & { course_access: boolean };

export { courseProgressQuery };

/** The string "true" becomes true, any other value false (docs/product.md, "Course"). */
export const toLibraryCourse = (course: Course): LibraryCourse => ({ ...course, course_access: String(course.course_access) === "true" });

export type Library = {
  courseListArray: LibraryCourse[];
  subscriptionPlans: SubscriptionPlan[];
  status: "loading" | "loaded" | "failed";
  /** Asks for the courses again (back online, say). */
  refresh: () => void;
};

/**
 * The library: the courses with her access and the plans. Beside it the member's access is posted
 * for, as the product description's client does; its answer is not needed by any page.
 */
export function useLibrary({ skip = false } = {}): Library {
  const { answer, failure, refresh } = useAnswer("getCourses", undefined, { skip });
  useAnswer("getUserAccess", accessQuery, { skip });
  return useMemo(
    () => ({
      courseListArray: answer?.courses.map(toLibraryCourse) ?? [],
      subscriptionPlans: answer?.subscription_plans ?? [],
      status: answer ? "loaded" : failure ? "failed" : "loading",
      refresh,
    }),
    [answer, failure, refresh],
  );
}

export type CourseObject = {
  courseTitle: string;
  course_id: number;
  course_access: boolean;
  subscription_plans: SubscriptionPlan[];
  nestedData: ModuleNode[];
};

export type SelectedCourse = {
  /** The modules answer of the course. */
  selectedCourse: CourseModule[] | null;
  courseObject: CourseObject | null;
  status: "idle" | "loading" | "loaded" | "failed";
  failure: string | null;
};

/** Whether a number names a course at all (a page's address may carry anything). */
export const isCourseId = (courseId: number | null | undefined): courseId is number => Number.isInteger(courseId) && (courseId ?? 0) > 0;

/** A course's modules and its place in the library (title, access, plans): what View Course, Course Preview and Purchase open. */
export function useSelectedCourse(courseId: number | null): SelectedCourse {
  const valid = isCourseId(courseId);
  const modules = useAnswer("getCourseModules", courseModulesQuery(courseId ?? 0), { skip: !valid });
  const library = useLibrary({ skip: !valid });
  const answer = modules.answer;
  const nestedData = useMemo(() => {
    try {
      return buildModuleTree(answer);
    } catch (error) {
      console.error("The module tree failed to parse", error);
      return [];
    }
  }, [answer]);
  return useMemo((): SelectedCourse => {
    if (!valid) return { selectedCourse: null, courseObject: null, status: "idle", failure: null };
    if (!answer) {
      if (!modules.failure) return { selectedCourse: null, courseObject: null, status: "loading", failure: null };
      console.error("Loading the course modules failed", modules.failure);
      const failure =
        modules.failure.status === 404 ? t("This course no longer exists.") : t("We could not load this course. Please try again.");
      return { selectedCourse: null, courseObject: null, status: "failed", failure };
    }
    const course = library.courseListArray.find((candidate) => candidate.id === courseId);
    return {
      selectedCourse: answer,
      courseObject: {
        courseTitle: course?.course_title ?? t("Course"),
        course_id: courseId,
        course_access: course?.course_access ?? false,
        subscription_plans: course?.subscription_plans ?? [],
        nestedData,
      },
      status: "loaded",
      failure: null,
    };
  }, [valid, answer, modules.failure, library.courseListArray, courseId, nestedData]);
}
