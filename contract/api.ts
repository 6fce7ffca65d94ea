import { z } from "zod";
import {
  Account,
  DeleteAccountRequest,
  EmailChangeRequest,
  ForgotPasswordRequest,
  Message,
  NameChangeRequest,
  PacingRequest,
  PasswordChangeRequest,
  ResetPasswordRequest,
  SignedOutOthers,
  TokenRequest,
} from "./my-account.ts";
import { LoginRequest, Profile, RegisterRequest } from "./sign-in.ts";
import { CertificateCheck, CertificateCodeParams } from "./certificates.ts";
import { CourseIdParams, CourseProgress, LessonIdParams, LessonProgress, ProgressSummary, ProgressUpdate } from "./progress.ts";
import { CourseList, CourseModule, CourseModulesRequest, DownloadParams, UserAccess, UserAccessRequest } from "./catalogue.ts";
import { ApiError } from "./errors.ts";
import {
  BookingCreated,
  BookingRequest,
  ConfirmRequest,
  ManageTokenParams,
  MonthFull,
  MyBooking,
  MyBookings,
  RescheduleRequest,
  ServiceIdParams,
  ServiceList,
  SlotList,
  SlotsQuery,
  TimeTaken,
  WaitingListJoined,
  WaitingListRequest,
} from "./bookings.ts";
import {
  BookingIdParams,
  BookingMark,
  BookingsQuery,
  DueMonthInput,
  DueMonths,
  FeedAddress,
  Hours,
  HoursAnswer,
  ServiceInput,
  StudioBooking,
  StudioBookings,
  StudioCancel,
  StudioService,
  StudioServices,
  WaitingIdParams,
} from "./studio/calendar.ts";
import { ContactRequest, FeedbackRequest, FormReceipt } from "./forms.ts";
import { CheckoutOutcome, CheckoutRequest, CheckoutSessionParams, MyPurchases, RedirectAnswer } from "./payments.ts";
import { SiteDetails } from "./site.ts";
import { AccessCode, AccessCodeCreateRequest, AccessCodeList, AccessCodeParams } from "./studio/access-codes.ts";
import { ActivityPage, ActivityQuery } from "./studio/activity.ts";
import {
  CourseCreate,
  CourseDelete,
  CourseMove,
  CourseSaved,
  CourseUpdate,
  Created,
  LessonCreate,
  LessonSaved,
  LessonUpdate,
  ModuleCreate,
  ModuleIdParams,
  ModulePlace,
  ModuleUpdate,
  ModuleMove,
  StudioCourse,
  StudioCourses,
  StudioLessonPage,
  FileUploaded,
  FileIdParams,
  FileRename,
  FileMove,
} from "./studio/courses.ts";
import { Dashboard } from "./studio/dashboard.ts";
import { InboxPage, InboxQuery, MessageIdParams, ReadRequest, UnreadCount } from "./studio/inbox.ts";
import { MemberCourseParams, MemberDetail, MemberIdParams, MemberPage, MemberSearch, PasswordLink, RoleRequest } from "./studio/members.ts";
import { PlanIdParams, PlanInput, PlanSaved, PlanUpdate, StudioPlans } from "./studio/plans.ts";
import { InstructorSetupRequest, SetupTokenRequest } from "./studio/setup.ts";
import { RevisionRequest, StudioOutcome } from "./studio/studio-shared.ts";
import { TrashIdParams, TrashList } from "./studio/trash.ts";

// Every endpoint of the API in one table, by name: its method and path, its request and its
// answers, as the zod schemas the server parses with and the web app takes its types from.
// The server registers each route from its entry (server/src/http/endpoint-route.ts), the web app
// calls it by name (web/src/lib/api.ts), and /reactapi/openapi.json is generated from it.

export type Access = "anyone" | "member" | "instructor" | "stripe-signature" | "metrics-token";
export type Endpoint = {
  method: "GET" | "POST";
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** A multipart/form-data body with one file in a field named `file`, instead of JSON (the studio's upload). */
  upload?: true;
  /**
   * Its answers: the success (the lowest 2xx, JSON when it has a schema) and the refusals beyond
   * those every endpoint may give (400, 401, 403, 415, 503: ApiError).
   */
  answers: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
  /** The readers (GET endpoints, by name) whose answers a successful call of this one changes; the web app asks them again. */
  invalidates?: readonly string[];
};

const ok = <Schema extends z.ZodType>(schema: Schema, description = "Done.") => ({ 200: { description, schema } });

export const endpoints = {
  register: {
    method: "POST",
    path: "/reactapi/users/register",
    summary: "Register with a beta access code",
    access: "anyone",
    body: RegisterRequest,
    answers: {
      201: { description: "Registered.", schema: Profile },
      404: { description: "No such access code.", schema: ApiError },
      409: { description: "E-mail already registered.", schema: ApiError },
    },
  },
  login: {
    method: "POST",
    path: "/reactapi/users/login",
    summary: "Sign in; sets the session cookie",
    access: "anyone",
    body: LoginRequest,
    answers: {
      ...ok(Profile, "Signed in."),
      429: { description: "Too many failed sign-ins; Retry-After says when to try again.", schema: ApiError },
    },
  },
  me: { method: "GET", path: "/reactapi/users/me", summary: "The signed-in member's profile", access: "member", answers: ok(Profile) },
  verify: {
    method: "GET",
    path: "/reactapi/users/verify",
    summary: "Whether the session cookie is still good",
    access: "member",
    answers: ok(z.object({ authenticated: z.literal(true) })),
  },
  logout: {
    method: "GET",
    path: "/reactapi/users/logout",
    summary: "Ends the session everywhere",
    access: "anyone",
    answers: ok(z.object({ logged_out: z.literal(true) })),
  },
  forgotPassword: {
    method: "POST",
    path: "/reactapi/users/forgot-password",
    summary: "Mails a reset link if the account exists; the answer is the same either way",
    access: "anyone",
    body: ForgotPasswordRequest,
    answers: {
      ...ok(Message),
      429: { description: "Too many reset mails for this address or client; Retry-After says when.", schema: ApiError },
    },
  },
  checkResetLink: {
    method: "POST",
    path: "/reactapi/users/reset-password/check",
    summary: "Whether a reset link can still be used",
    access: "anyone",
    body: TokenRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link.", schema: ApiError } },
  },
  resetPassword: {
    method: "POST",
    path: "/reactapi/users/reset-password",
    summary: "Sets a new password with a reset link; ends every session",
    access: "anyone",
    body: ResetPasswordRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link.", schema: ApiError } },
  },
  myAccount: {
    method: "GET",
    path: "/reactapi/account",
    summary: "Her profile, a pending e-mail change and her sessions",
    access: "member",
    answers: ok(Account),
  },
  changeName: {
    method: "POST",
    path: "/reactapi/account/name",
    invalidates: ["myAccount", "me"],
    summary: "Changes her first and last name",
    access: "member",
    body: NameChangeRequest,
    answers: ok(Profile),
  },
  setPacing: {
    method: "POST",
    path: "/reactapi/account/pacing",
    invalidates: ["myAccount", "me", "progressSummary"],
    summary: "Sets or removes her due date, and whether the baby has arrived",
    access: "member",
    body: PacingRequest,
    answers: ok(Profile),
  },
  changeEmail: {
    method: "POST",
    path: "/reactapi/account/email",
    invalidates: ["myAccount"],
    summary: "Mails a confirmation link to a new address (needs her password)",
    access: "member",
    body: EmailChangeRequest,
    answers: {
      202: { description: "Link sent; the address changes when it is opened.", schema: Message },
      409: { description: "The address is taken.", schema: ApiError },
      429: { description: "Too many wrong passwords.", schema: ApiError },
    },
  },
  confirmEmail: {
    method: "POST",
    path: "/reactapi/account/email/confirm",
    invalidates: ["myAccount", "me"],
    summary: "Confirms a new e-mail address with the mailed link",
    access: "anyone",
    body: TokenRequest,
    answers: {
      ...ok(Profile),
      409: { description: "The address was taken meanwhile.", schema: ApiError },
      410: { description: "Unknown, used or expired link.", schema: ApiError },
    },
  },
  changePassword: {
    method: "POST",
    path: "/reactapi/account/password",
    invalidates: ["myAccount"],
    summary: "Changes her password (needs the current one); ends her other sessions",
    access: "member",
    body: PasswordChangeRequest,
    answers: { ...ok(Message), 429: { description: "Too many wrong passwords.", schema: ApiError } },
  },
  endOtherSessions: {
    method: "POST",
    path: "/reactapi/account/sessions/end-others",
    invalidates: ["myAccount"],
    summary: "Signs her out of every other device",
    access: "member",
    body: z.object({}),
    answers: ok(SignedOutOthers),
  },
  exportMyData: {
    method: "GET",
    path: "/reactapi/account/export",
    summary: "Everything kept about her, as one JSON file",
    access: "member",
    answers: { 200: { description: "my-data.json", contentType: "application/json" } },
  },
  deleteMyAccount: {
    method: "POST",
    path: "/reactapi/account/delete",
    summary: "Deletes her account (needs her password)",
    access: "member",
    body: DeleteAccountRequest,
    answers: { ...ok(Message), 429: { description: "Too many wrong passwords.", schema: ApiError } },
  },
  saveLessonProgress: {
    method: "POST",
    path: "/reactapi/progress/lessons/:lessonId",
    invalidates: ["courseProgress", "progressSummary"],
    summary: "Saves her position in a lesson's video, or marks it complete",
    access: "member",
    params: LessonIdParams,
    body: ProgressUpdate,
    answers: { ...ok(LessonProgress), 404: { description: "No such lesson.", schema: ApiError } },
  },
  courseProgress: {
    method: "GET",
    path: "/reactapi/progress/courses/:courseId",
    summary: "Her progress in a course",
    access: "member",
    params: CourseIdParams,
    answers: { ...ok(CourseProgress), 404: { description: "No such course.", schema: ApiError } },
  },
  progressSummary: {
    method: "GET",
    path: "/reactapi/progress/summary",
    summary: "Done and total per course, and where to continue",
    access: "member",
    answers: ok(ProgressSummary),
  },
  myCertificate: {
    method: "GET",
    path: "/reactapi/certificates/courses/:courseId",
    summary: "Her certificate of completion (PDF), issued the first time",
    access: "member",
    params: CourseIdParams,
    answers: {
      200: { description: "The certificate.", contentType: "application/pdf" },
      404: { description: "No such course.", schema: ApiError },
      409: { description: "The course is not complete yet.", schema: ApiError },
    },
  },
  checkCertificate: {
    method: "GET",
    path: "/reactapi/certificates/:code",
    summary: "Confirms a certificate: initials, course and date",
    access: "anyone",
    params: CertificateCodeParams,
    answers: { ...ok(CertificateCheck), 404: { description: "No certificate has this code.", schema: ApiError } },
  },
  getCourses: {
    method: "GET",
    path: "/reactapi/getcourses",
    summary: "The course library, with the caller's access",
    access: "anyone",
    answers: ok(CourseList),
  },
  getUserAccess: {
    method: "POST",
    path: "/reactapi/getuseraccessdata",
    summary: "The courses the member may open, and her grants",
    access: "member",
    body: UserAccessRequest,
    answers: ok(UserAccess),
  },
  getCourseModules: {
    method: "POST",
    path: "/reactapi/getcoursemodules",
    summary: "A course's modules and lessons (titles only where locked)",
    access: "member",
    body: CourseModulesRequest,
    answers: { ...ok(z.array(CourseModule)), 404: { description: "No such course.", schema: ApiError } },
  },
  download: {
    method: "GET",
    path: "/reactapi/downloads/:fileId",
    summary: "A lesson's download",
    access: "member",
    params: DownloadParams,
    answers: {
      200: { description: "The file.", contentType: "application/octet-stream" },
      404: { description: "No such download.", schema: ApiError },
    },
  },
  sendFeedback: {
    method: "POST",
    path: "/reactapi/feedback",
    summary: "Sends the feedback form",
    access: "member",
    body: FeedbackRequest,
    answers: { 201: { description: "Saved.", schema: FormReceipt } },
  },
  sendContact: {
    method: "POST",
    path: "/reactapi/contact",
    summary: "Sends the contact form",
    access: "member",
    body: ContactRequest,
    answers: { 201: { description: "Saved.", schema: FormReceipt } },
  },
  siteDetails: {
    method: "GET",
    path: "/reactapi/site",
    summary: "The instructor's contact details, links and whether online payment is on",
    access: "anyone",
    answers: ok(SiteDetails),
  },
  startCheckout: {
    method: "POST",
    path: "/reactapi/payments/checkout",
    summary: "Starts Stripe Checkout for a plan; the price is the server's",
    access: "member",
    body: CheckoutRequest,
    answers: {
      ...ok(RedirectAnswer, "Go to this Stripe page."),
      404: { description: "No such plan, or online payment is off.", schema: ApiError },
      409: { description: "She already has every course of the plan.", schema: ApiError },
    },
  },
  checkoutOutcome: {
    method: "GET",
    path: "/reactapi/payments/checkout/:sessionId",
    summary: "The purchase behind a finished checkout",
    access: "member",
    params: CheckoutSessionParams,
    answers: { ...ok(CheckoutOutcome), 404: { description: "No such checkout of hers.", schema: ApiError } },
  },
  myPurchases: {
    method: "GET",
    path: "/reactapi/payments/mine",
    summary: "Her purchases, and whether she can manage billing",
    access: "member",
    answers: ok(MyPurchases),
  },
  billingPortal: {
    method: "POST",
    path: "/reactapi/payments/portal",
    summary: "Opens Stripe's billing portal",
    access: "member",
    body: z.object({}),
    answers: {
      ...ok(RedirectAnswer, "Go to this Stripe page."),
      404: { description: "No payment yet, or online payment is off.", schema: ApiError },
    },
  },
  stripeWebhook: {
    method: "POST",
    path: "/reactapi/stripe/webhook",
    summary: "Stripe's signed events (raw body, Stripe-Signature header)",
    access: "stripe-signature",
    answers: {
      ...ok(z.object({ received: z.literal(true) }), "Applied once, or ignored."),
      404: { description: "Online payment is off.", schema: ApiError },
    },
  },
  checkSetupLink: {
    method: "POST",
    path: "/reactapi/instructor-setup/check",
    summary: "Whether the first instructor's setup link can still be used",
    access: "anyone",
    body: SetupTokenRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link, or an instructor exists.", schema: ApiError } },
  },
  setUpInstructor: {
    method: "POST",
    path: "/reactapi/instructor-setup",
    summary: "Creates the first instructor with the setup link from the start-up log, and signs her in",
    access: "anyone",
    body: InstructorSetupRequest,
    answers: {
      201: { description: "Created and signed in.", schema: Profile },
      409: { description: "The e-mail has an account.", schema: ApiError },
      410: { description: "Unknown, used or expired link, or an instructor exists.", schema: ApiError },
    },
  },
  studioDashboard: {
    method: "GET",
    path: "/reactapi/studio/dashboard",
    summary: "Members, registrations, unread messages and recent ratings",
    access: "instructor",
    answers: ok(Dashboard),
  },
  studioAccessCodes: {
    method: "GET",
    path: "/reactapi/studio/access-codes",
    summary: "Every access code, newest first, with its uses, expiry, status and invite link",
    access: "instructor",
    answers: ok(AccessCodeList),
  },
  createAccessCode: {
    method: "POST",
    path: "/reactapi/studio/access-codes",
    invalidates: ["studioAccessCodes"],
    summary: "Creates an access code (her word, or a generated one)",
    access: "instructor",
    body: AccessCodeCreateRequest,
    answers: {
      201: { description: "Created.", schema: z.object({ code: AccessCode, message: z.string() }) },
      409: { description: "The code exists.", schema: ApiError },
    },
  },
  deactivateAccessCode: {
    method: "POST",
    path: "/reactapi/studio/access-codes/:code/deactivate",
    invalidates: ["studioAccessCodes"],
    summary: "Stops registrations with a code",
    access: "instructor",
    params: AccessCodeParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } },
  },
  reactivateAccessCode: {
    method: "POST",
    path: "/reactapi/studio/access-codes/:code/reactivate",
    invalidates: ["studioAccessCodes"],
    summary: "Opens a code to registrations again",
    access: "instructor",
    params: AccessCodeParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } },
  },
  studioMembers: {
    method: "GET",
    path: "/reactapi/studio/members",
    summary: "Members by name or e-mail, 50 a page",
    access: "instructor",
    query: MemberSearch,
    answers: ok(MemberPage),
  },
  studioMember: {
    method: "GET",
    path: "/reactapi/studio/members/:id",
    summary: "A member, her courses and how she opens them",
    access: "instructor",
    params: MemberIdParams,
    answers: { ...ok(MemberDetail), 404: { description: "No such member.", schema: ApiError } },
  },
  grantCourse: {
    method: "POST",
    path: "/reactapi/studio/members/:id/courses/:courseId/grant",
    invalidates: ["studioMember"],
    summary: "Opens a course to a member",
    access: "instructor",
    params: MemberCourseParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member or course.", schema: ApiError } },
  },
  revokeCourse: {
    method: "POST",
    path: "/reactapi/studio/members/:id/courses/:courseId/revoke",
    invalidates: ["studioMember"],
    summary: "Removes the instructor's grant (purchases stay)",
    access: "instructor",
    params: MemberCourseParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member or course.", schema: ApiError } },
  },
  setMemberRole: {
    method: "POST",
    path: "/reactapi/studio/members/:id/role",
    invalidates: ["studioMember", "studioMembers"],
    summary: "Makes a member an instructor (admin) or a member",
    access: "instructor",
    params: MemberIdParams,
    body: RoleRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such member.", schema: ApiError },
      409: { description: "Her own role.", schema: ApiError },
    },
  },
  signMemberOutEverywhere: {
    method: "POST",
    path: "/reactapi/studio/members/:id/sign-out-everywhere",
    invalidates: ["studioMember"],
    summary: "Ends every session of a member",
    access: "instructor",
    params: MemberIdParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError } },
  },
  deactivateMember: {
    method: "POST",
    path: "/reactapi/studio/members/:id/deactivate",
    invalidates: ["studioMember", "studioMembers"],
    summary: "Signs a member out and stops her signing in",
    access: "instructor",
    params: MemberIdParams,
    body: z.object({}),
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such member.", schema: ApiError },
      409: { description: "Her own account.", schema: ApiError },
    },
  },
  reactivateMember: {
    method: "POST",
    path: "/reactapi/studio/members/:id/reactivate",
    invalidates: ["studioMember", "studioMembers"],
    summary: "Lets a deactivated member sign in again",
    access: "instructor",
    params: MemberIdParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError } },
  },
  createPasswordLink: {
    method: "POST",
    path: "/reactapi/studio/members/:id/password-link",
    summary: "A one-time link (24 hours) to choose a new password",
    access: "instructor",
    params: MemberIdParams,
    body: z.object({}),
    answers: { ...ok(PasswordLink), 404: { description: "No such member.", schema: ApiError } },
  },
  studioPlans: {
    method: "GET",
    path: "/reactapi/studio/plans",
    summary: "Every plan with its revision, and the courses a plan may include",
    access: "instructor",
    answers: ok(StudioPlans),
  },
  createPlan: {
    method: "POST",
    path: "/reactapi/studio/plans",
    invalidates: ["studioPlans", "studioCourse", "getCourses"],
    summary: "Creates a plan",
    access: "instructor",
    body: PlanInput,
    answers: { 201: { description: "Created.", schema: PlanSaved } },
  },
  updatePlan: {
    method: "POST",
    path: "/reactapi/studio/plans/:id",
    invalidates: ["studioPlans", "studioCourse", "getCourses"],
    summary: "Saves a plan over the revision she opened",
    access: "instructor",
    params: PlanIdParams,
    body: PlanUpdate,
    answers: {
      ...ok(PlanSaved),
      404: { description: "No such plan.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError },
    },
  },
  deletePlan: {
    method: "POST",
    path: "/reactapi/studio/plans/:id/delete",
    invalidates: ["studioPlans", "studioCourse", "getCourses"],
    summary: "Deletes a plan (purchases keep their copy)",
    access: "instructor",
    params: PlanIdParams,
    body: RevisionRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such plan.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError },
    },
  },
  studioCourses: {
    method: "GET",
    path: "/reactapi/studio/courses",
    summary: "Every course with its counts of modules and lessons",
    access: "instructor",
    answers: ok(StudioCourses),
  },
  studioCourse: {
    method: "GET",
    path: "/reactapi/studio/courses/:courseId",
    summary: "A course with its whole tree, depth first",
    access: "instructor",
    params: CourseIdParams,
    answers: { ...ok(StudioCourse), 404: { description: "No such course.", schema: ApiError } },
  },
  studioLesson: {
    method: "GET",
    path: "/reactapi/studio/lessons/:lessonId",
    summary: "A lesson as the editor shows it, with its revision, its files and the upload limit",
    access: "instructor",
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
  renameFile: {
    method: "POST",
    path: "/reactapi/studio/files/:fileId",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Renames a lesson's file over the revision she opened",
    access: "instructor",
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
    body: CourseCreate,
    answers: { 201: { description: "Created.", schema: Created } },
  },
  saveCourse: {
    method: "POST",
    path: "/reactapi/studio/courses/:courseId",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Saves a course's title, description (HTML cleaned), picture, openness and plans over the revision she opened",
    access: "instructor",
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
    params: CourseIdParams,
    body: CourseMove,
    answers: {
      ...ok(StudioOutcome),
      400: { description: "Already first or last, or a bad body.", schema: ApiError },
      404: { description: "No such course.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing moved.", schema: ApiError },
    },
  },
  saveModule: {
    method: "POST",
    path: "/reactapi/studio/modules/:moduleId",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Saves a module's title, preview switch and suggested week over the revision she opened",
    access: "instructor",
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
    body: LessonCreate,
    answers: { 201: { description: "Created.", schema: Created }, 404: { description: "No such module.", schema: ApiError } },
  },
  deleteLesson: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/delete",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Moves a lesson and its files to the Trash",
    access: "instructor",
    params: LessonIdParams,
    body: RevisionRequest,
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No such lesson.", schema: ApiError },
      409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError },
    },
  },
  studioTrash: {
    method: "GET",
    path: "/reactapi/studio/trash",
    summary: "What was deleted in the studio in the last 30 days, newest first",
    access: "instructor",
    answers: ok(TrashList),
  },
  restoreFromTrash: {
    method: "POST",
    path: "/reactapi/studio/trash/:id/restore",
    invalidates: ["studioCourses", "studioCourse", "studioLesson", "studioTrash", "getCourses", "getCourseModules"],
    summary: "Puts a deleted course, module, lesson or file back in its place, with its files, grants and progress",
    access: "instructor",
    params: TrashIdParams,
    body: z.object({}),
    answers: {
      ...ok(StudioOutcome),
      404: { description: "No longer in the Trash.", schema: ApiError },
      409: { description: "Its place is gone or taken; the sentence says what to restore first.", schema: ApiError },
    },
  },
  studioInbox: {
    method: "GET",
    path: "/reactapi/studio/inbox",
    summary: "Feedback and contact messages, newest first, 50 a page, by kind and search",
    access: "instructor",
    query: InboxQuery,
    answers: ok(InboxPage),
  },
  studioUnread: {
    method: "GET",
    path: "/reactapi/studio/inbox/unread",
    summary: "How many messages are unread",
    access: "instructor",
    answers: ok(UnreadCount),
  },
  markMessageRead: {
    method: "POST",
    path: "/reactapi/studio/inbox/:id/read",
    invalidates: ["studioInbox", "studioUnread", "studioDashboard"],
    summary: "Marks a message read or unread",
    access: "instructor",
    params: MessageIdParams,
    body: ReadRequest,
    answers: { ...ok(StudioOutcome), 404: { description: "No such message.", schema: ApiError } },
  },
  studioInboxCsv: {
    method: "GET",
    path: "/reactapi/studio/inbox.csv",
    summary: "The messages matching the filter as CSV (RFC 4180; formulas neutralised)",
    access: "instructor",
    query: InboxQuery,
    answers: { 200: { description: "inbox-KIND-DATE.csv", contentType: "text/csv" } },
  },
  studioActivity: {
    method: "GET",
    path: "/reactapi/studio/activity",
    summary: "Changes made in the studio or with the CLI, newest first, 90 days",
    access: "instructor",
    query: ActivityQuery,
    answers: ok(ActivityPage),
  },
  openApi: {
    method: "GET",
    path: "/reactapi/openapi.json",
    summary: "This description",
    access: "anyone",
    answers: { 200: { description: "OpenAPI 3.1.", contentType: "application/json" } },
  },
  bookingServices: {
    method: "GET",
    path: "/reactapi/bookings/services",
    summary: "The 1:1 services she offers (visible ones), and her time zone",
    access: "anyone",
    answers: ok(ServiceList),
  },
  bookingSlots: {
    method: "GET",
    path: "/reactapi/bookings/services/:id/slots",
    summary: "A service's free start times in [from, to), as instants with her offset",
    access: "anyone",
    params: ServiceIdParams,
    query: SlotsQuery,
    answers: { ...ok(SlotList), 404: { description: "No such service.", schema: ApiError } },
  },
  createBooking: {
    method: "POST",
    path: "/reactapi/bookings",
    summary: "Books a time: confirmed, held for her e-mail, or held for her payment (with the Checkout URL)",
    access: "anyone",
    body: BookingRequest,
    invalidates: ["bookingSlots", "myBookings"],
    answers: {
      201: { description: "Booked or held.", schema: BookingCreated },
      404: { description: "No such service.", schema: ApiError },
      409: {
        description: "The time is taken or not open, or the due month is full: the sentence and the nearest free times.",
        schema: TimeTaken.or(MonthFull),
      },
      502: { description: "Stripe could not be reached; nothing was held.", schema: ApiError },
    },
  },
  confirmBooking: {
    method: "POST",
    path: "/reactapi/bookings/confirm",
    summary: "Confirms a free booking from the link mailed to her",
    access: "anyone",
    body: ConfirmRequest,
    invalidates: ["myBookings"],
    answers: {
      ...ok(MyBooking),
      404: { description: "No such link.", schema: ApiError },
      410: { description: "The hold lapsed.", schema: ApiError },
    },
  },
  manageBooking: {
    method: "GET",
    path: "/reactapi/bookings/manage/:token",
    summary: "One booking, by the link in its mails",
    access: "anyone",
    params: ManageTokenParams,
    answers: { ...ok(MyBooking), 404: { description: "No such booking.", schema: ApiError } },
  },
  rescheduleBooking: {
    method: "POST",
    path: "/reactapi/bookings/manage/:token/reschedule",
    summary: "Moves a booking to another free time, until the cut-off",
    access: "anyone",
    params: ManageTokenParams,
    body: RescheduleRequest,
    invalidates: ["manageBooking", "bookingSlots", "myBookings"],
    answers: {
      ...ok(MyBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Past the cut-off, or the time is taken.", schema: TimeTaken },
    },
  },
  cancelBooking: {
    method: "POST",
    path: "/reactapi/bookings/manage/:token/cancel",
    summary: "Cancels a booking, until the cut-off (refunded when the service says so)",
    access: "anyone",
    params: ManageTokenParams,
    body: z.object({}),
    invalidates: ["manageBooking", "bookingSlots", "myBookings"],
    answers: {
      ...ok(MyBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Past the cut-off, or already cancelled.", schema: ApiError },
      502: { description: "The refund could not be made; nothing changed.", schema: ApiError },
    },
  },
  myBookings: {
    method: "GET",
    path: "/reactapi/bookings/mine",
    summary: "Her bookings, to come and past",
    access: "member",
    answers: ok(MyBookings),
  },
  joinWaitingList: {
    method: "POST",
    path: "/reactapi/bookings/waiting-list",
    summary: "Joins the waiting list of a full due month",
    access: "anyone",
    body: WaitingListRequest,
    answers: {
      201: { description: "On the list.", schema: WaitingListJoined },
      404: { description: "No such service.", schema: ApiError },
    },
  },
  calendarFeed: {
    method: "GET",
    path: "/reactapi/bookings/feed/:token",
    summary: "The instructor's calendar feed (.ics), by its secret address",
    access: "anyone",
    params: ManageTokenParams,
    answers: {
      200: { description: "An iCalendar file.", contentType: "text/calendar" },
      404: { description: "No such feed.", schema: ApiError },
    },
  },
  studioCalendarServices: {
    method: "GET",
    path: "/reactapi/studio/calendar/services",
    summary: "Every service, hidden ones too",
    access: "instructor",
    answers: ok(StudioServices),
  },
  createCalendarService: {
    method: "POST",
    path: "/reactapi/studio/calendar/services",
    summary: "Adds a service (unset fields take their defaults)",
    access: "instructor",
    body: ServiceInput,
    invalidates: ["studioCalendarServices", "bookingServices"],
    answers: { 201: { description: "Added.", schema: StudioService } },
  },
  updateCalendarService: {
    method: "POST",
    path: "/reactapi/studio/calendar/services/:id",
    summary: "Changes a service (its bookings keep their time and price)",
    access: "instructor",
    params: ServiceIdParams,
    body: ServiceInput,
    invalidates: ["studioCalendarServices", "bookingServices"],
    answers: { ...ok(StudioService), 404: { description: "No such service.", schema: ApiError } },
  },
  studioHours: {
    method: "GET",
    path: "/reactapi/studio/calendar/hours",
    summary: "Her hours: zone, week and dated exceptions (null until set)",
    access: "instructor",
    answers: ok(z.object({ hours: HoursAnswer.nullable() })),
  },
  saveCalendarHours: {
    method: "POST",
    path: "/reactapi/studio/calendar/hours",
    summary: "Sets her hours: her zone, her week (several ranges a day) and dated exceptions",
    access: "instructor",
    body: Hours,
    invalidates: ["studioHours", "bookingSlots"],
    answers: ok(z.object({ hours: HoursAnswer.nullable() })),
  },
  studioDueMonths: {
    method: "GET",
    path: "/reactapi/studio/calendar/due-months",
    summary: "Her places per due month, how many are taken, and who waits",
    access: "instructor",
    answers: ok(DueMonths),
  },
  setDueMonthPlaces: {
    method: "POST",
    path: "/reactapi/studio/calendar/due-months",
    summary: "Sets how many births she takes with a due date in a month",
    access: "instructor",
    body: DueMonthInput,
    invalidates: ["studioDueMonths"],
    answers: ok(DueMonths),
  },
  offerWaitingPlace: {
    method: "POST",
    path: "/reactapi/studio/calendar/waiting/:id/offer",
    summary: "Offers a freed place to someone waiting: a mailed link valid 48 hours",
    access: "instructor",
    params: WaitingIdParams,
    body: z.object({}),
    invalidates: ["studioDueMonths"],
    answers: { ...ok(DueMonths), 404: { description: "No longer waiting.", schema: ApiError } },
  },
  studioCalendarBookings: {
    method: "GET",
    path: "/reactapi/studio/calendar/bookings",
    summary: "The bookings in [from, to), with the enquiries of the contact form",
    access: "instructor",
    query: BookingsQuery,
    answers: ok(StudioBookings),
  },
  studioCancelBooking: {
    method: "POST",
    path: "/reactapi/studio/calendar/bookings/:id/cancel",
    summary: "Cancels a booking with a message to the person (a paid one is refunded in full)",
    access: "instructor",
    params: BookingIdParams,
    body: StudioCancel,
    invalidates: ["studioCalendarBookings", "studioDueMonths"],
    answers: {
      ...ok(StudioBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Already cancelled or over.", schema: ApiError },
      502: { description: "The refund could not be made; nothing changed.", schema: ApiError },
    },
  },
  markCalendarBooking: {
    method: "POST",
    path: "/reactapi/studio/calendar/bookings/:id",
    summary: "Marks a booking attended or no-show, or keeps her private note on it",
    access: "instructor",
    params: BookingIdParams,
    body: BookingMark,
    invalidates: ["studioCalendarBookings"],
    answers: {
      ...ok(StudioBooking),
      404: { description: "No such booking.", schema: ApiError },
      409: { description: "Not a booking that took place.", schema: ApiError },
    },
  },
  calendarFeedAddress: {
    method: "GET",
    path: "/reactapi/studio/calendar/feed",
    summary: "Her calendar feed's secret address (null until her hours are set)",
    access: "instructor",
    answers: ok(z.object({ url: z.string().nullable() })),
  },
  renewCalendarFeed: {
    method: "POST",
    path: "/reactapi/studio/calendar/feed",
    summary: "Makes a new secret address for her feed; the old one stops working",
    access: "instructor",
    body: z.object({}),
    invalidates: ["calendarFeedAddress"],
    answers: { ...ok(FeedAddress), 409: { description: "Her hours are not set yet.", schema: ApiError } },
  },
  healthz: {
    method: "GET",
    path: "/healthz",
    summary: "The process answers",
    access: "anyone",
    answers: ok(z.object({ status: z.literal("ok") })),
  },
  readyz: {
    method: "GET",
    path: "/readyz",
    summary: "The database answers within a second",
    access: "anyone",
    answers: ok(z.object({ status: z.literal("ready") })),
  },
  metrics: {
    method: "GET",
    path: "/metrics",
    summary: "Prometheus metrics (404 without METRICS_TOKEN)",
    access: "metrics-token",
    answers: {
      200: { description: "Prometheus text format.", contentType: "text/plain" },
      404: { description: "Metrics are off.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
type EntryOf<Name extends EndpointName> = (typeof endpoints)[Name];
type PartSchema<Entry, Part extends "params" | "query" | "body"> = Entry extends { [P in Part]: infer Schema extends z.ZodType }
  ? Schema
  : undefined;
type SuccessSchema<Entry> = Entry extends { answers: infer Answers }
  ? Answers extends { 200: { schema: infer Schema extends z.ZodType } }
    ? Schema
    : Answers extends { 201: { schema: infer Schema extends z.ZodType } }
      ? Schema
      : Answers extends { 202: { schema: infer Schema extends z.ZodType } }
        ? Schema
        : undefined
  : undefined;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;
type Output<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a caller sends: the path's parameters, the query and the JSON body, as the schemas take them in. */
export type RequestOf<Name extends EndpointName> = {
  params: Input<PartSchema<EntryOf<Name>, "params">>;
  query: Input<PartSchema<EntryOf<Name>, "query">>;
  body: Input<PartSchema<EntryOf<Name>, "body">>;
};
/** The same request as the server has it once parsed (defaults filled in, text trimmed). */
export type ParsedRequestOf<Name extends EndpointName> = {
  params: Output<PartSchema<EntryOf<Name>, "params">>;
  query: Output<PartSchema<EntryOf<Name>, "query">>;
  body: Output<PartSchema<EntryOf<Name>, "body">>;
};
/** The success answer as the web app reads it (undefined for an answer that is a file). */
export type AnswerOf<Name extends EndpointName> = Output<SuccessSchema<EntryOf<Name>>>;
/** The success answer as a route may write it. */
export type AnswerSentBy<Name extends EndpointName> = Input<SuccessSchema<EntryOf<Name>>>;

/** The status of an endpoint's success: the lowest 2xx it lists. */
export function successStatus(endpoint: Endpoint): number {
  return Math.min(
    ...Object.keys(endpoint.answers)
      .map(Number)
      .filter((status) => status >= 200 && status < 300),
  );
}
