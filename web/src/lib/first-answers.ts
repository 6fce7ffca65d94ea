import type { FirstAnswer } from "./routes.ts";
import { accessQuery, courseModulesQuery, courseProgressQuery } from "./catalogue.ts";
import type { Asked } from "./answers.ts";

// Asked with the very arguments the screens use (lib/catalogue.ts), so the screen finds the answer
// already here or on its way instead of asking again.
/** What a page's address names: the course of ?course=N, and the :id of a studio address. */
export type AddressIds = { courseId: number | null; id: string | null };

const asks: Record<FirstAnswer, (ids: AddressIds) => Asked | null> = {
  getCourses: () => ({ name: "getCourses" }),
  getUserAccess: () => ({ name: "getUserAccess", args: accessQuery }),
  progressSummary: () => ({ name: "progressSummary" }),
  myAccount: () => ({ name: "myAccount" }),
  myPurchases: () => ({ name: "myPurchases" }),
  siteDetails: () => ({ name: "siteDetails" }),
  courseModules: ({ courseId }) => (courseId === null ? null : { name: "getCourseModules", args: courseModulesQuery(courseId) }),
  courseProgress: ({ courseId }) => (courseId === null ? null : { name: "courseProgress", args: courseProgressQuery(courseId) }),
  // The studio's screens read their :id as the string it is in the address.
  studioCourse: ({ id }) => (id === null ? null : { name: "studioCourse", args: { params: { courseId: id } } }),
  studioLesson: ({ id }) => (id === null ? null : { name: "studioLesson", args: { params: { lessonId: id } } }),
  studioUnread: () => ({ name: "studioUnread" }),
  studioMember: ({ id }) => (id === null ? null : { name: "studioMember", args: { params: { id } } }),
};

/** The requests for a screen's first answers; those of a course or an id only when its address names one. */
export function firstAsks(answers: readonly FirstAnswer[], ids: AddressIds): Asked[] {
  return answers.flatMap((answer) => asks[answer](ids) ?? []);
}
