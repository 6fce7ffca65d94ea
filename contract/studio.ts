import { z } from "zod";
import { Email, NewPassword, OptionalName } from "./accounts.ts";
import { activityKinds } from "./constants.ts";
import { idInPath } from "./catalogue.ts";
import { isCalendarDate } from "./forms.ts";
import { parseVideoLink, videoLinkProblem } from "./video-link.ts";

// The instructor's studio (issue 8): what its pages send and receive under /reactapi/studio/.

/** Which page of a long list (?page=2), from 1. */
const PageNumber = z.coerce
  .number({ error: "The page is a number." })
  .int({ error: "The page is a whole number." })
  .min(1, { error: "Pages start at 1." })
  .max(100_000)
  .optional()
  .default(1);

/** The first instructor's account, made with the one-time link the server prints on a new installation. */
const SetupToken = z
  .string({ error: "This setup link is incomplete. Please copy it again from the server's log." })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: "This setup link is incomplete. Please copy it again from the server's log." });
export const SetupTokenRequest = z.object({ token: SetupToken });
export const InstructorSetupRequest = z.object({
  token: SetupToken,
  first_name: OptionalName,
  last_name: OptionalName,
  email: Email,
  password: NewPassword,
});
export type InstructorSetupRequest = z.input<typeof InstructorSetupRequest>;

const CodeText = z
  .string({ error: "An access code is text." })
  .trim()
  .max(64, { error: "An access code can be at most 64 characters." })
  .transform((code) => code.toUpperCase())
  .refine((code) => code === "" || /^[A-Z0-9][A-Z0-9_-]{2,63}$/.test(code), {
    error: "Use 3 to 64 letters, digits, dashes or underscores, starting with a letter or a digit.",
  });

const OptionalDate = (sentence: string) =>
  z
    .string({ error: sentence })
    .trim()
    .nullable()
    .optional()
    .transform((date) => (date ? date : null))
    .refine((date) => date === null || isCalendarDate(date), { error: sentence });

export const AccessCodeCreateRequest = z.object({
  /** Her own word, or empty for a generated BETA-XXXX-XXXX. */
  code: CodeText.optional().default(""),
  max_uses: z
    .number({ error: "The maximum number of uses is a whole number." })
    .int({ error: "The maximum number of uses is a whole number." })
    .min(1, { error: "Allow at least one use, or leave it empty for no limit." })
    .max(1_000_000, { error: "That is more uses than a code can have." })
    .nullable()
    .optional()
    .transform((uses) => uses ?? null),
  /** The last day the code works (UTC), or null for no expiry. */
  expires_on: OptionalDate("Please enter the last valid day as a real date (YYYY-MM-DD)."),
});
export type AccessCodeCreateRequest = z.input<typeof AccessCodeCreateRequest>;

export const AccessCodeParams = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .transform((code) => code.toUpperCase()),
});

export const AccessCodeStatus = z.enum(["active", "inactive", "expired", "used up"]);
export const AccessCode = z.object({
  code: z.string(),
  uses: z.number(),
  max_uses: z.number().nullable(),
  expires_on: z.string().nullable(),
  status: AccessCodeStatus,
  invite_url: z.string(),
  created_at: z.string(),
});
export type AccessCode = z.infer<typeof AccessCode>;
export const AccessCodeList = z.object({ codes: z.array(AccessCode) });
export type AccessCodeList = z.infer<typeof AccessCodeList>;

/** A change made, and the sentence that tells her what it did. */
export const StudioOutcome = z.object({ message: z.string() });
export type StudioOutcome = z.infer<typeof StudioOutcome>;

export const MEMBERS_PAGE_SIZE = 50;
export const memberSorts = ["joined", "last_sign_in"] as const;
export const MemberSearch = z.object({
  search: z.string().trim().max(200, { error: "Search for at most 200 characters." }).optional().default(""),
  sort: z.enum(memberSorts, { error: "Sort by joined or last_sign_in." }).optional().default("joined"),
  page: PageNumber,
});
export type MemberSearch = z.input<typeof MemberSearch>;

export const MemberSummary = z.object({
  id: z.number(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: z.enum(["member", "admin"]),
  joined_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  active: z.boolean(),
});
export type MemberSummary = z.infer<typeof MemberSummary>;
export const MemberPage = z.object({ members: z.array(MemberSummary), total: z.number(), page: z.number(), page_size: z.number() });
export type MemberPage = z.infer<typeof MemberPage>;

export const MemberIdParams = z.object({ id: idInPath("That member does not exist.") });
export const MemberCourseParams = MemberIdParams.extend({ courseId: idInPath("That course does not exist.") });

export const MemberCourse = z.object({
  id: z.number(),
  title: z.string(),
  free_for_members: z.boolean(),
  granted_by_instructor: z.boolean(),
  purchases: z.array(z.object({ purchase_id: z.number(), plan_name: z.string(), ends_at: z.string().nullable() })),
});
export type MemberCourse = z.infer<typeof MemberCourse>;
export const MemberDetail = z.object({ member: MemberSummary, courses: z.array(MemberCourse), signed_in_devices: z.number() });
export type MemberDetail = z.infer<typeof MemberDetail>;

export const RoleRequest = z.object({ role: z.enum(["member", "admin"], { error: "The role is member or admin." }) });
export type RoleRequest = z.infer<typeof RoleRequest>;

export const PasswordLink = z.object({ url: z.string(), expires_at: z.string(), message: z.string() });
export type PasswordLink = z.infer<typeof PasswordLink>;

export const Dashboard = z.object({
  members: z.number(),
  new_members_7_days: z.number(),
  code_registrations_7_days: z.number(),
  unread_messages: z.number(),
  average_satisfaction_30_days: z.number().nullable(),
  average_recommend_30_days: z.number().nullable(),
  feedback_count_30_days: z.number(),
});
export type Dashboard = z.infer<typeof Dashboard>;

export { activityKinds };
export const ActivityQuery = z.object({
  kind: z.enum(activityKinds, { error: `The kind is one of ${activityKinds.join(", ")}.` }).optional(),
  page: PageNumber,
});
export const ACTIVITY_PAGE_SIZE = 50;
export const ActivityEntry = z.object({ id: z.number(), at: z.string(), actor: z.string(), kind: z.string(), summary: z.string() });
export type ActivityEntry = z.infer<typeof ActivityEntry>;
export const ActivityPage = z.object({ entries: z.array(ActivityEntry), total: z.number(), page: z.number(), page_size: z.number() });
export type ActivityPage = z.infer<typeof ActivityPage>;

export const INBOX_PAGE_SIZE = 50;
export const InboxQuery = z.object({
  kind: z.enum(["feedback", "contact"], { error: "The kind is feedback or contact." }).optional(),
  search: z.string().trim().max(200, { error: "Search for at most 200 characters." }).optional().default(""),
  page: PageNumber,
});
export const InboxMessage = z.object({
  id: z.number(),
  kind: z.enum(["feedback", "contact"]),
  received_at: z.string(),
  read: z.boolean(),
  member_email: z.string().nullable(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type InboxMessage = z.infer<typeof InboxMessage>;
export const InboxPage = z.object({
  messages: z.array(InboxMessage),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type InboxPage = z.infer<typeof InboxPage>;
export const MessageIdParams = z.object({ id: idInPath("That message does not exist.") });
export const ReadRequest = z.object({ read: z.boolean({ error: "Say read: true or false." }) });
export const UnreadCount = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof UnreadCount>;

const CourseIds = z
  .array(z.number({ error: "Course ids are numbers." }).int({ error: "Course ids are whole numbers." }).min(1).max(2_147_483_647), {
    error: "Choose the courses as a list.",
  })
  .max(1000, { error: "That is more courses than a plan can name." })
  .transform((ids) => [...new Set(ids)]);

export const PlanInput = z.object({
  name: z
    .string({ error: "Please give the plan a name." })
    .trim()
    .min(1, { error: "Please give the plan a name." })
    .max(200, { error: "A plan's name can be at most 200 characters." }),
  description: z
    .string({ error: "The description is text." })
    .trim()
    .max(5000, { error: "Keep the description under 5,000 characters." })
    .optional()
    .default(""),
  price_minor: z
    .number({ error: "Please enter the price." })
    .int({ error: "The price is a whole number of cents." })
    .min(0, { error: "The price cannot be negative." })
    .max(100_000_000, { error: "That price is too high." }),
  currency: z
    .string({ error: "Please enter the currency." })
    .trim()
    .transform((currency) => currency.toUpperCase())
    .refine((currency) => /^[A-Z]{3}$/.test(currency), { error: "The currency is a three-letter code, like USD or EUR." }),
  billing_interval: z.enum(["month", "year", "once"], { error: "The billing is month, year or once." }),
  course_ids: CourseIds,
});
export type PlanInput = z.input<typeof PlanInput>;
const Revision = z.number({ error: "The revision you opened is missing; please reload." }).int().min(1).max(2_147_483_647);
export const PlanUpdate = PlanInput.extend({ revision: Revision });
export type PlanUpdate = z.input<typeof PlanUpdate>;
export const RevisionRequest = z.object({ revision: Revision });
export const PlanIdParams = z.object({ id: idInPath("That plan does not exist.") });
export const StudioPlan = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_minor: z.number(),
  currency: z.string(),
  billing_interval: z.enum(["month", "year", "once"]),
  course_ids: z.array(z.number()),
  revision: z.number(),
});
export type StudioPlan = z.infer<typeof StudioPlan>;
export const StudioPlans = z.object({ plans: z.array(StudioPlan), courses: z.array(z.object({ id: z.number(), title: z.string() })) });
export type StudioPlans = z.infer<typeof StudioPlans>;
export const PlanSaved = z.object({ plan: StudioPlan, message: z.string() });
export type PlanSaved = z.infer<typeof PlanSaved>;

// Courses, their module trees and their lessons.
// Addresses name them as progress does: CourseIdParams and LessonIdParams of contract/progress.ts.

export const StudioCourseSummary = z.object({
  id: z.number(),
  title: z.string(),
  logo: z.number(),
  free_for_members: z.boolean(),
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
  /** The plans whose purchase opens it. */
  plan_ids: z.array(z.number()),
  revision: z.number(),
  modules: z.array(StudioTreeModule),
});
export type StudioCourse = z.infer<typeof StudioCourse>;

const titleOf = (what: string) =>
  z
    .string({ error: `Please give the ${what} a title.` })
    .trim()
    .min(1, { error: `Please give the ${what} a title.` })
    .max(300, { error: "A title can be at most 300 characters." });
const LessonTitle = titleOf("lesson");
const RichText = z
  .string({ error: "This is text." })
  .max(200_000, { error: "This is too long to save; please split it over several lessons." })
  .optional()
  .default("");

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
  revision: z.number(),
  /** Its downloads, in the order members see them. */
  files: z.array(StudioFile),
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

const CatalogueId = (what: string) =>
  z
    .number({ error: `Choose the ${what}.` })
    .int({ error: `Choose the ${what}.` })
    .min(1, { error: `Choose the ${what}.` })
    .max(2_147_483_647, { error: `Choose the ${what}.` });

export const CourseCreate = z.object({ title: titleOf("course") });
export type CourseCreate = z.input<typeof CourseCreate>;
/** A module at the top of a course, or a topic inside the module parent_module_id names. */
export const ModuleCreate = z.object({
  course_id: CatalogueId("course"),
  parent_module_id: CatalogueId("module to put it in").nullable().optional().default(null),
  title: titleOf("module"),
});
export type ModuleCreate = z.input<typeof ModuleCreate>;
export const LessonCreate = z.object({ module_id: CatalogueId("module"), title: LessonTitle });
export type LessonCreate = z.input<typeof LessonCreate>;
export const Created = z.object({ id: z.number(), message: z.string() });
export type Created = z.infer<typeof Created>;

/** Deleting a course asks her to type its title, so a slip of the finger cannot empty a course. */
export const CourseDelete = z.object({
  confirm_title: z.string({ error: "Type the course's title to delete it." }).max(1000, { error: "Type the course's title to delete it." }),
  revision: Revision,
});
export type CourseDelete = z.input<typeof CourseDelete>;

export const TrashItem = z.object({
  id: z.number(),
  kind: z.enum(["course", "module", "lesson", "file"]),
  title: z.string(),
  /** Where it was, in words: "in Birth preparation › Week 1". */
  place: z.string(),
  deleted_by: z.string(),
  deleted_at: z.string(),
  /** After this it is gone for good. */
  kept_until: z.string(),
});
export type TrashItem = z.infer<typeof TrashItem>;
export const TrashList = z.object({ items: z.array(TrashItem) });
export type TrashList = z.infer<typeof TrashList>;
export const TrashIdParams = z.object({ id: idInPath("That is no longer in the Trash.") });

const COURSE_LOGOS = 4;
export const CourseUpdate = z.object({
  title: titleOf("course"),
  description_html: RichText,
  logo: z
    .number({ error: "Choose one of the four pictures." })
    .int({ error: "Choose one of the four pictures." })
    .min(0, { error: "Choose one of the four pictures." })
    .max(COURSE_LOGOS - 1, { error: "Choose one of the four pictures." }),
  free_for_members: z.boolean({ error: "Say whether every member may open it." }),
  plan_ids: z
    .array(CatalogueId("plans"), { error: "Choose the plans as a list." })
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
  title: titleOf("module"),
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

/** Where a module goes: inside another module of its course (as a topic), or to the top of the course (null). */
export const ModulePlace = z.object({
  parent_module_id: CatalogueId("module to put it in").nullable(),
  revision: Revision,
});
export type ModulePlace = z.input<typeof ModulePlace>;
