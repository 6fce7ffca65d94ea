import type { Asked } from "./answers.ts";
import type { EndpointName } from "./api.ts";
import { accessQuery } from "./catalogue-queries.ts";

/** What a page's address names: the course of ?course=N, and the :id of its path. */
export type AddressIds = { courseId: number | null; id: string | null };

/**
 * An answer a screen reads as it opens (routes.ts `firstNeeds`), asked beside the session check on
 * a first visit: an endpoint that takes nothing, or one with the arguments its address gives (none
 * when the address lacks them). The screen asks with the very same arguments (the builders below),
 * so it finds the answer already here or on its way instead of asking again.
 */
export type FirstAnswer = EndpointName | { name: EndpointName; args: (ids: AddressIds) => unknown };

/** An answer asked with the :id of the address. */
export const byId = (name: EndpointName, args: (id: string) => unknown): FirstAnswer => ({
  name,
  args: ({ id }) => (id === null ? null : args(id)),
});
/** An answer asked with the course of ?course=N. */
export const byCourse = (name: EndpointName, args: (courseId: number) => unknown): FirstAnswer => ({
  name,
  args: ({ courseId }) => (courseId === null ? null : args(courseId)),
});
/** An answer asked with the same arguments on every address. */
export const withArgs = (name: EndpointName, args: unknown): FirstAnswer => ({ name, args: () => args });

/** What the library's pages ask first: the courses and what she may open of them. */
export const libraryAnswers = ["getCourses", withArgs("getUserAccess", accessQuery)] as const;

// The arguments screens build from their address: a number or a token in the path, a first page.
export const numericIdParams = (id: string) => ({ params: { id: Number(id) } });
export const tokenParams = (token: string) => ({ params: { token } });
export const firstPageParams = (id: string, page = 1, q = "") => ({ params: { id: Number(id) }, query: { page, q } });
/** The arguments of the studio's screens that open one thing, from the :id of their address (a string, as it is there). */
export const studioCourseQuery = (id: string) => ({ params: { courseId: id } });
export const studioLessonQuery = (id: string) => ({ params: { lessonId: id } });
export const studioMemberQuery = (id: string) => ({ params: { id } });

/** The requests for a screen's first answers; those of a course or an id only when its address names one. */
export function firstAsks(answers: readonly FirstAnswer[], ids: AddressIds): Asked[] {
  return answers.flatMap((answer) => {
    if (typeof answer === "string") return [{ name: answer }];
    const args = answer.args(ids);
    return args === null ? [] : [{ name: answer.name, args }];
  });
}
