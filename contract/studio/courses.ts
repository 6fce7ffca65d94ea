import { z } from "zod";
import { idInPath } from "../catalogue.ts";
import { parseVideoLength, parseVideoLink, videoLinkProblem } from "../video-link.ts";
import { CatalogueId, Revision, RevisionRequest, RichText, StudioOutcome, titleOf } from "./studio-shared.ts";
import { ApiError } from "../errors.ts";
import { CourseIdParams, LessonIdParams } from "../progress.ts";
import { PictureSaved } from "../pictures.ts";
import { type Endpoint, ok } from "../endpoint.ts";
import { sentence } from "../languages.ts";

// Courses, their module trees and their lessons, with a lesson's files.
// Addresses name them as progress does: CourseIdParams and LessonIdParams of contract/progress.ts.

export const StudioCourseSummary = z.object({
  id: z.number(),
  title: z.string(),
  logo: z.number(),
  free_for_members: z.boolean(),
  /** false: a draft, seen only here and in her own preview. */
  published: z.boolean(),
  modules: z.number(),
  lessons: z.number(),
  revision: z.number(),
});
export type StudioCourseSummary = z.infer<typeof StudioCourseSummary>;

export const StudioCourses = z.object({ courses: z.array(StudioCourseSummary) });
export type StudioCourses = z.infer<typeof StudioCourses>;

export const StudioTreeLesson = z.object({ id: z.number(), title: z.string(), has_video: z.boolean(), revision: z.number() });

export const StudioTreeModule = z.object({
  id: z.number(),
  title: z.string(),
  /** 0 for a module of the course, 1 for a topic inside one, and so on (depth first, in order). */
  depth: z.number(),
  visible_in_preview: z.boolean(),
  recommended_week: z.number().nullable(),
  revision: z.number(),
  lessons: z.array(StudioTreeLesson),
});
export type StudioTreeModule = z.infer<typeof StudioTreeModule>;

export const StudioCourse = z.object({
  id: z.number(),
  title: z.string(),
  description_html: z.string(),
  logo: z.number(),
  free_for_members: z.boolean(),
  /** Opens to a member's linked partner whenever she may open it. */
  for_partners: z.boolean(),
  /** Its certificate waits for every knowledge check answered with full marks (docs/checks.md). */
  certificate_needs_checks: z.boolean(),
  published: z.boolean(),
  /** Her uploaded cover picture's name (contract/pictures.ts), or null for the built-in picture. */
  cover_picture: z.string().nullable(),
  /** The plans whose purchase opens it. */
  plan_ids: z.array(z.number()),
  revision: z.number(),
  modules: z.array(StudioTreeModule),
});
export type StudioCourse = z.infer<typeof StudioCourse>;

const LessonTitle = titleOf(sentence("Please give the lesson a title."));

/** A download of a lesson, as the studio lists it. */
export const StudioFile = z.object({
  id: z.number(),
  filename: z.string(),
  content_type: z.string(),
  /** In bytes. */
  size: z.number(),
  revision: z.number(),
});
export type StudioFile = z.infer<typeof StudioFile>;

export const FileIdParams = z.object({ fileId: idInPath("That file does not exist.") });

/** The name members see and save it under; a path or a character no computer accepts in a name is refused. */
export const FileName = z
  .string({ error: "Give the file a name." })
  .trim()
  .min(1, "Give the file a name.")
  .max(200, "Keep the name under 200 characters.")
  .refine((name) => !/[\\/:*?"<>|\u0000-\u001f\u007f]/.test(name), 'A file name cannot contain / \\ : * ? " < > | or invisible characters.')
  .refine((name) => name !== "." && name !== "..", "Give the file a name.");

export const FileRename = z.object({ filename: FileName, revision: Revision });
export type FileRename = z.input<typeof FileRename>;

export const FileUploaded = z.object({ file: StudioFile, message: z.string() });
export type FileUploaded = z.infer<typeof FileUploaded>;

export const StudioLesson = z.object({
  id: z.number(),
  course_id: z.number(),
  course_title: z.string(),
  module_title: z.string(),
  title: z.string(),
  content_summary_html: z.string(),
  note_html: z.string(),
  /** The saved video as a link she can read, or "" for none. */
  video_link: z.string(),
  /** Its length as she typed it ("12:30"), or "". */
  video_length: z.string(),
  /** Her line about it, shown under the player, or "". */
  video_line: z.string(),
  revision: z.number(),
  /** Its downloads, in the order members see them. */
  files: z.array(StudioFile),
  content_notes: z.array(z.string()),
});
export type StudioLesson = z.infer<typeof StudioLesson>;

/** The lesson editor's page: the lesson, and the largest file an upload takes (UPLOAD_MAX_MB), so a phone never sends one in vain. */
export const StudioLessonPage = StudioLesson.extend({ upload_max_bytes: z.number() });
export type StudioLessonPage = z.infer<typeof StudioLessonPage>;

export const LessonUpdate = z.object({
  title: LessonTitle,
  content_summary_html: RichText,
  note_html: RichText,
  /** A YouTube or Vimeo link in any usual form, or "" for a lesson without video. */
  video_link: z
    .string({ error: "The video link is text." })
    .trim()
    .max(2000, { error: "That link is too long." })
    .refine((link) => link === "" || parseVideoLink(link) !== null, { error: videoLinkProblem })
    .optional()
    .default(""),
  video_length: z
    .string({ error: "The length is text, like 12:30." })
    .trim()
    .max(12, { error: "Write the length like 12:30, or 1:05:00." })
    .refine((length) => length === "" || parseVideoLength(length) !== null, { error: "Write the length like 12:30, or 1:05:00." })
    .optional()
    .default(""),
  video_line: z
    .string({ error: "The line is text." })
    .trim()
    .max(200, { error: "Keep the line under 200 characters." })
    .optional()
    .default(""),
  /** Content notes from the list (GET /reactapi/content-notes), by name. */
  content_notes: z
    .array(z.string({ error: "A note is named by text." }).trim().max(60), { error: "The content notes are a list of names." })
    .max(20, { error: "At most 20 notes." })
    .optional()
    .default([]),
  revision: Revision,
});
export type LessonUpdate = z.input<typeof LessonUpdate>;

export const LessonSaved = z.object({ lesson: StudioLesson, message: z.string() });
export type LessonSaved = z.infer<typeof LessonSaved>;

export const ModuleIdParams = z.object({ moduleId: idInPath("That module does not exist.") });

export const ModuleMove = z.object({
  direction: z.enum(["up", "down"], { error: "Say up or down." }),
  revision: Revision,
});
export type ModuleMove = z.input<typeof ModuleMove>;

export const CourseCreate = z.object({ title: titleOf(sentence("Please give the course a title.")) });
export type CourseCreate = z.input<typeof CourseCreate>;

/** A module at the top of a course, or a topic inside the module parent_module_id names. */
export const ModuleCreate = z.object({
  course_id: CatalogueId(sentence("Choose the course.")),
  parent_module_id: CatalogueId(sentence("Choose the module to put it in.")).nullable().optional().default(null),
  title: titleOf(sentence("Please give the module a title.")),
});
export type ModuleCreate = z.input<typeof ModuleCreate>;

export const LessonCreate = z.object({ module_id: CatalogueId(sentence("Choose the module.")), title: LessonTitle });
export type LessonCreate = z.input<typeof LessonCreate>;

export const Created = z.object({ id: z.number(), message: z.string() });
export type Created = z.infer<typeof Created>;

/** Deleting a course asks her to type its title, so a slip of the finger cannot empty a course. */
export const CourseDelete = z.object({
  confirm_title: z.string({ error: "Type the course's title to delete it." }).max(1000, { error: "Type the course's title to delete it." }),
  revision: Revision,
});
export type CourseDelete = z.input<typeof CourseDelete>;

const COURSE_LOGOS = 4;

export const CourseUpdate = z.object({
  title: titleOf(sentence("Please give the course a title.")),
  description_html: RichText,
  logo: z
    .number({ error: "Choose one of the four pictures." })
    .int({ error: "Choose one of the four pictures." })
    .min(0, { error: "Choose one of the four pictures." })
    .max(COURSE_LOGOS - 1, { error: "Choose one of the four pictures." }),
  free_for_members: z.boolean({ error: "Say whether every member may open it." }),
  for_partners: z.boolean({ error: "Say whether it is for partners." }).optional(),
  certificate_needs_checks: z.boolean({ error: "Say whether the certificate waits for the knowledge checks." }).optional(),
  plan_ids: z
    .array(CatalogueId(sentence("Choose the plans.")), { error: "Choose the plans as a list." })
    .max(1000, { error: "That is more plans than there are." })
    .transform((ids) => [...new Set(ids)]),
  revision: Revision,
});
export type CourseUpdate = z.input<typeof CourseUpdate>;

export const CourseSaved = z.object({ course: StudioCourse, message: z.string() });
export type CourseSaved = z.infer<typeof CourseSaved>;

/** One place up or down in the library; the same shape as a module's move. */
export const CourseMove = ModuleMove;

export const FileMove = ModuleMove;

export const ModuleUpdate = z.object({
  title: titleOf(sentence("Please give the module a title.")),
  visible_in_preview: z.boolean({ error: "Say whether visitors see it in the preview." }),
  recommended_week: z
    .number({ error: "The week is a number from 1 to 60, or empty." })
    .int({ error: "The week is a whole number." })
    .min(1, { error: "The week is a number from 1 to 60 (43 and above: after the birth)." })
    .max(60, { error: "The week is a number from 1 to 60 (43 and above: after the birth)." })
    .nullable()
    .optional()
    .default(null),
  revision: Revision,
});
export type ModuleUpdate = z.input<typeof ModuleUpdate>;

/** Publishing shows a draft to members; back to draft hides it from them again (their progress is kept). */
export const CoursePublication = z.object({
  published: z.boolean({ error: "Say whether members see the course." }),
  revision: Revision,
});
export type CoursePublication = z.input<typeof CoursePublication>;

/**
 * Where a lesson goes: into a module or topic of the same course, at a place among its lessons
 * (0 is first; none is after the last). The same module with a place reorders it.
 */
export const LessonPlace = z.object({
  module_id: CatalogueId(sentence("Choose the module to put it in.")),
  index: z
    .number({ error: "The place is a number." })
    .int({ error: "The place is a whole number." })
    .min(0, { error: "The place is 0 or more." })
    .max(100_000, { error: "That place is beyond the module's end." })
    .optional(),
  revision: Revision,
});
export type LessonPlace = z.input<typeof LessonPlace>;

export const LessonMove = ModuleMove;

/** Where a module goes: inside another module of its course (as a topic), or to the top of the course (null). */
export const ModulePlace = z.object({
  parent_module_id: CatalogueId(sentence("Choose the module to put it in.")).nullable(),
  revision: Revision,
});
export type ModulePlace = z.input<typeof ModulePlace>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioCoursesEndpoints = {
  studioCourses: {
    method: "GET",
    path: "/reactapi/studio/courses",
    summary: "Every course with its counts of modules and lessons",
    access: "instructor",
    travels: "studio",
    answers: ok(StudioCourses),
  },
  studioCourse: {
    method: "GET",
    path: "/reactapi/studio/courses/:courseId",
    summary: "A course with its whole tree, depth first",
    access: "instructor",
    travels: "studio",
    params: CourseIdParams,
    answers: { ...ok(StudioCourse), 404: { description: "No such course.", schema: ApiError } },
  },
  studioLesson: {
    method: "GET",
    path: "/reactapi/studio/lessons/:lessonId",
    summary: "A lesson as the editor shows it, with its revision, its files and the upload limit",
    access: "instructor",
    travels: "studio",
    params: LessonIdParams,
    answers: { ...ok(StudioLessonPage), 404: { description: "No such lesson.", schema: ApiError } },
  },
  // Not the lesson itself: the editor keeps the saved lesson in its form, with the sentence that says so.
  saveLesson: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId",
    invalidates: ["studioCourses", "studioCourse", "getCourses", "getCourseModules"],
    summary: "Saves a lesson over the revision she opened (HTML cleaned, video link parsed)",
    access: "instructor",
    travels: "studio-courses",
    params: LessonIdParams,
    body: LessonUpdate,
    answers: {
      ...ok(LessonSaved),
      404: { description: "No such lesson.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError },
    },
  },
  uploadLessonFile: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/files",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary:
      "Uploads a file to a lesson's downloads (its kind judged from its content; at most UPLOAD_MAX_MB); the request must carry the page's Origin",
    access: "instructor",
    travels: "studio",
    params: LessonIdParams,
    upload: true,
    answers: {
      201: { description: "Added at the end of the lesson's downloads.", schema: FileUploaded },
      400: { description: "No file, an empty one, or a damaged upload.", schema: ApiError },
      404: { description: "No such lesson.", schema: ApiError },
      413: { description: "Larger than UPLOAD_MAX_MB; nothing kept.", schema: ApiError },
      415: { description: "Not a kind of file a lesson can offer; nothing kept.", schema: ApiError },
    },
  },
  uploadCourseCover: {
    method: "POST",
    path: "/reactapi/studio/courses/:courseId/cover",
    invalidates: ["studioCourses", "studioCourse", "getCourses"],
    summary:
      "Uploads a course's cover picture (JPEG, PNG, WebP...; kept as WebP at several widths); the request must carry the page's Origin",
    access: "instructor",
    travels: "studio",
    params: CourseIdParams,
    upload: true,
    answers: {
      ...ok(PictureSaved),
      400: { description: "No file, an empty one, or a damaged upload.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
      413: { description: "Larger than 15 MB; nothing kept.", schema: ApiError },
      415: { description: "Not a picture; nothing kept.", schema: ApiError },
    },
  },
  removeCourseCover: {
    method: "POST",
    path: "/reactapi/studio/courses/:courseId/cover/delete",
    invalidates: ["studioCourses", "studioCourse", "getCourses"],
    summary: "Goes back to the course's built-in picture",
    access: "instructor",
    travels: "studio",
    params: CourseIdParams,
    body: z.object({}),
    answers: { ...ok(PictureSaved), 404: { description: "No such course.", schema: ApiError } },
  },
  renameFile: {
    method: "POST",
    path: "/reactapi/studio/files/:fileId",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Renames a lesson's file over the revision she opened",
    access: "instructor",
    travels: "studio-courses",
    params: FileIdParams,
    body: FileRename,
    answers: {
      ...ok(FileUploaded),
      404: { description: "No such file.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError },
    },
  },
  moveFile: {
    method: "POST",
    path: "/reactapi/studio/files/:fileId/move",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a lesson's file one place up or down among its downloads",
    access: "instructor",
    travels: "studio-courses",
    params: FileIdParams,
    body: FileMove,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Already first or last, or a bad body.", schema: ApiError },
      404: { description: "No such file.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing moved.", schema: ApiError },
    },
  },
  deleteFile: {
    method: "POST",
    path: "/reactapi/studio/files/:fileId/delete",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a lesson's file to the Trash",
    access: "instructor",
    travels: "studio-courses",
    params: FileIdParams,
    body: RevisionRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such file.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError },
    },
  },
  moveModule: {
    method: "POST",
    path: "/reactapi/studio/modules/:moduleId/move",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a module or topic one place up or down among its siblings",
    access: "instructor",
    travels: "studio-courses",
    params: ModuleIdParams,
    body: ModuleMove,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Already first or last, or a bad body.", schema: ApiError },
      404: { description: "No such module.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing moved.", schema: ApiError },
    },
  },
  createCourse: {
    method: "POST",
    path: "/reactapi/studio/courses",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Creates a course at the end of the library",
    access: "instructor",
    travels: "studio-courses",
    body: CourseCreate,
    answers: { 201: { description: "Created.", schema: Created } },
  },
  saveCourse: {
    method: "POST",
    path: "/reactapi/studio/courses/:courseId",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Saves a course's title, description (HTML cleaned), picture, openness and plans over the revision she opened",
    access: "instructor",
    travels: "studio-courses",
    params: CourseIdParams,
    body: CourseUpdate,
    answers: {
      ...ok(CourseSaved),
      400: { description: "A bad body, or a plan that does not exist.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError },
    },
  },
  moveCourse: {
    method: "POST",
    path: "/reactapi/studio/courses/:courseId/move",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a course one place up or down in the library",
    access: "instructor",
    travels: "studio-courses",
    params: CourseIdParams,
    body: CourseMove,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Already first or last, or a bad body.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing moved.", schema: ApiError },
    },
  },
  publishCourse: {
    method: "POST",
    path: "/reactapi/studio/courses/:courseId/publication",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "getCourses", "getCourseModules"],
    summary: "Publishes a draft course to members, or takes it back to draft",
    access: "instructor",
    travels: "studio-courses",
    params: CourseIdParams,
    body: CoursePublication,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Already so, or a bad body.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing changed.", schema: ApiError },
    },
  },
  moveLesson: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/move",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "getCourses", "getCourseModules"],
    summary: "Moves a lesson one place up or down within its module",
    access: "instructor",
    travels: "studio-courses",
    params: LessonIdParams,
    body: LessonMove,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Already first or last, or a bad body.", schema: ApiError },
      404: { description: "No such lesson.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing moved.", schema: ApiError },
    },
  },
  placeLesson: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/place",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "getCourses", "getCourseModules"],
    summary: "Moves a lesson into a module or topic of its course, at a given place among its lessons",
    access: "instructor",
    travels: "studio-courses",
    params: LessonIdParams,
    body: LessonPlace,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "A module not in that course, already there, or a bad body.", schema: ApiError },
      404: { description: "No such lesson.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing moved.", schema: ApiError },
    },
  },
  saveModule: {
    method: "POST",
    path: "/reactapi/studio/modules/:moduleId",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Saves a module's title, preview switch and suggested week over the revision she opened",
    access: "instructor",
    travels: "studio-courses",
    params: ModuleIdParams,
    body: ModuleUpdate,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such module.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError },
    },
  },
  deleteCourse: {
    method: "POST",
    path: "/reactapi/studio/courses/:courseId/delete",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a course and everything in it to the Trash (she types its title)",
    access: "instructor",
    travels: "studio-courses",
    params: CourseIdParams,
    body: CourseDelete,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "The typed title does not match, or a bad body.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError },
    },
  },
  createModule: {
    method: "POST",
    path: "/reactapi/studio/modules",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Adds a module to a course, or a topic inside a module",
    access: "instructor",
    travels: "studio-courses",
    body: ModuleCreate,
    answers: {
      201: { description: "Created.", schema: Created },
      400: { description: "A bad body, or a parent not in that course.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
    },
  },
  deleteModule: {
    method: "POST",
    path: "/reactapi/studio/modules/:moduleId/delete",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a module, its topics and their lessons to the Trash",
    access: "instructor",
    travels: "studio-courses",
    params: ModuleIdParams,
    body: RevisionRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such module.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError },
    },
  },
  placeModule: {
    method: "POST",
    path: "/reactapi/studio/modules/:moduleId/place",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a module with everything in it inside another module of its course, or to the course's top level",
    access: "instructor",
    travels: "studio-courses",
    params: ModuleIdParams,
    body: ModulePlace,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Inside itself or its own topic, already there, a parent not in that course, or a bad body.", schema: ApiError },
      404: { description: "No such module.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing moved.", schema: ApiError },
    },
  },
  createLesson: {
    method: "POST",
    path: "/reactapi/studio/lessons",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Adds a lesson at the end of a module",
    access: "instructor",
    travels: "studio-courses",
    body: LessonCreate,
    answers: { 201: { description: "Created.", schema: Created }, 404: { description: "No such module.", schema: ApiError } },
  },
  deleteLesson: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/delete",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a lesson and its files to the Trash",
    access: "instructor",
    travels: "studio-courses",
    params: LessonIdParams,
    body: RevisionRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such lesson.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
