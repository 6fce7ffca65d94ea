import type { FirstAnswer } from "./routes.ts";
import type { Asked } from "./answers.ts";
import { accessQuery, courseModulesQuery, courseProgressQuery } from "./catalogue-queries.ts";

/** What a page's address names: the course of ?course=N, and the :id of a studio address. */
export type AddressIds = { courseId: number | null; id: string | null };

/** The arguments of the studio's screens that open one thing, from the :id of their address (a string, as it is there). */
export const studioCourseQuery = (id: string) => ({ params: { courseId: id } });
export const studioLessonQuery = (id: string) => ({ params: { lessonId: id } });
export const studioMemberQuery = (id: string) => ({ params: { id } });
/** A community conversation's page and a topic's first page (/community/thread/:id, /community/topic/:id). */
export const communityThreadQuery = (id: string) => ({ params: { id: Number(id) } });
export const topicThreadsQuery = (id: string, page = 1, q = "") => ({ params: { id: Number(id) }, query: { page, q } });
/** A booking's own page (/booking/:id), by the token its address carries. */
export const manageBookingQuery = (token: string) => ({ params: { token } });

// Asked with the very arguments the screens use (the catalogue's and the studio's queries above),
// so the screen finds the answer already here or on its way instead of asking again.
const asks: Record<FirstAnswer, (ids: AddressIds) => Asked | null> = {
  getCourses: () => ({ name: "getCourses" }),
  getUserAccess: () => ({ name: "getUserAccess", args: accessQuery }),
  progressSummary: () => ({ name: "progressSummary" }),
  myAccount: () => ({ name: "myAccount" }),
  myPurchases: () => ({ name: "myPurchases" }),
  siteDetails: () => ({ name: "siteDetails" }),
  courseModules: ({ courseId }) => (courseId === null ? null : { name: "getCourseModules", args: courseModulesQuery(courseId) }),
  courseProgress: ({ courseId }) => (courseId === null ? null : { name: "courseProgress", args: courseProgressQuery(courseId) }),
  studioCourse: ({ id }) => (id === null ? null : { name: "studioCourse", args: studioCourseQuery(id) }),
  studioLesson: ({ id }) => (id === null ? null : { name: "studioLesson", args: studioLessonQuery(id) }),
  studioUnread: () => ({ name: "studioUnread" }),
  studioMember: ({ id }) => (id === null ? null : { name: "studioMember", args: studioMemberQuery(id) }),
  bookingServices: () => ({ name: "bookingServices" }),
  manageBooking: ({ id }) => (id === null ? null : { name: "manageBooking", args: manageBookingQuery(id) }),
  myBookings: () => ({ name: "myBookings" }),
  myAnnouncements: () => ({ name: "myAnnouncements" }),
  aboutPage: () => ({ name: "aboutPage" }),
  linksPage: () => ({ name: "linksPage" }),
  listClasses: () => ({ name: "listClasses" }),
  communityTopics: () => ({ name: "communityTopics" }),
  communityProfile: () => ({ name: "communityProfile" }),
  savedLessons: () => ({ name: "savedLessons" }),
  partner: () => ({ name: "partner" }),
  communityThread: ({ id }) => (id === null ? null : { name: "communityThread", args: communityThreadQuery(id) }),
  topicThreads: ({ id }) => (id === null ? null : { name: "topicThreads", args: topicThreadsQuery(id) }),
};

/** The requests for a screen's first answers; those of a course or an id only when its address names one. */
export function firstAsks(answers: readonly FirstAnswer[], ids: AddressIds): Asked[] {
  return answers.flatMap((answer) => asks[answer](ids) ?? []);
}
