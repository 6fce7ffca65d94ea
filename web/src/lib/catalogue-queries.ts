// The arguments of the catalogue's answers, shared by its screens (lib/catalogue.ts) and the asks
// sent before a screen opens (lib/first-answers.ts), in a file of their own so that the entry asks
// with them without carrying the course pages' code (web/chunk-groups.ts).
export const accessQuery = { body: { query: "course_access" } } as const;
export const courseModulesQuery = (courseId: number) => ({ body: { query: courseId } });
export const courseProgressQuery = (courseId: number) => ({ params: { courseId } });
