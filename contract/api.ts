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
} from "./account.ts";
import { LoginRequest, Profile, RegisterRequest } from "./accounts.ts";
import { CertificateCheck, CertificateCodeParams } from "./certificates.ts";
import { CourseIdParams, CourseProgress, LessonIdParams, LessonProgress, ProgressSummary, ProgressUpdate } from "./progress.ts";
import { CourseList, CourseModule, CourseModulesRequest, DownloadParams, UserAccess, UserAccessRequest } from "./catalogue.ts";
import { ApiError } from "./errors.ts";
import { ContactRequest, FeedbackRequest, FormReceipt } from "./forms.ts";
import { CheckoutOutcome, CheckoutRequest, CheckoutSessionParams, MyPurchases, RedirectAnswer } from "./payments.ts";
import { SiteDetails } from "./site.ts";
import {
  AccessCode,
  AccessCodeCreateRequest,
  AccessCodeList,
  AccessCodeParams,
  ActivityPage,
  ActivityQuery,
  Dashboard,
  InboxPage,
  InboxQuery,
  InstructorSetupRequest,
  MemberCourseParams,
  MemberDetail,
  MemberIdParams,
  MemberPage,
  MemberSearch,
  MessageIdParams,
  PasswordLink,
  PlanIdParams,
  PlanInput,
  PlanSaved,
  PlanUpdate,
  ReadRequest,
  RevisionRequest,
  RoleRequest,
  SetupTokenRequest,
  StudioOutcome,
  StudioPlans,
  UnreadCount,
} from "./studio.ts";

// Every endpoint of the API in one table: its request and its answers, as the zod schemas the
// server parses with and the web app types from. /reactapi/openapi.json is generated from it, and
// a test keeps it and the server's routes the same (server/src/openapi/openapi.test.ts).

export type Access = "anyone" | "member" | "instructor" | "stripe-signature" | "metrics-token";
export type Endpoint = {
  method: "GET" | "POST";
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Answers other than the errors every endpoint may give (400, 401, 403, 415, 503: ApiError). */
  answers: Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;
};

const ok = (schema: z.ZodType, description = "Done.") => ({ 200: { description, schema } });

export const endpoints: Endpoint[] = [
  { method: "POST", path: "/reactapi/users/register", summary: "Register with a beta access code", access: "anyone", body: RegisterRequest,
    answers: { 201: { description: "Registered.", schema: Profile }, 404: { description: "No such access code.", schema: ApiError }, 409: { description: "E-mail already registered.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/users/login", summary: "Sign in; sets the session cookie", access: "anyone", body: LoginRequest,
    answers: { ...ok(Profile, "Signed in."), 429: { description: "Too many failed sign-ins; Retry-After says when to try again.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/users/me", summary: "The signed-in member's profile", access: "member", answers: ok(Profile) },
  { method: "GET", path: "/reactapi/users/verify", summary: "Whether the session cookie is still good", access: "member", answers: ok(z.object({ authenticated: z.literal(true) })) },
  { method: "GET", path: "/reactapi/users/logout", summary: "Ends the session everywhere", access: "anyone", answers: ok(z.object({ logged_out: z.literal(true) })) },
  { method: "POST", path: "/reactapi/users/forgot-password", summary: "Mails a reset link if the account exists; the answer is the same either way", access: "anyone", body: ForgotPasswordRequest,
    answers: { ...ok(Message), 429: { description: "Too many reset mails for this address or client; Retry-After says when.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/users/reset-password/check", summary: "Whether a reset link can still be used", access: "anyone", body: TokenRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/users/reset-password", summary: "Sets a new password with a reset link; ends every session", access: "anyone", body: ResetPasswordRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/account", summary: "Her profile, a pending e-mail change and her sessions", access: "member", answers: ok(Account) },
  { method: "POST", path: "/reactapi/account/name", summary: "Changes her first and last name", access: "member", body: NameChangeRequest, answers: ok(Profile) },
  { method: "POST", path: "/reactapi/account/pacing", summary: "Sets or removes her due date, and whether the baby has arrived", access: "member", body: PacingRequest, answers: ok(Profile) },
  { method: "POST", path: "/reactapi/account/email", summary: "Mails a confirmation link to a new address (needs her password)", access: "member", body: EmailChangeRequest,
    answers: { 202: { description: "Link sent; the address changes when it is opened.", schema: Message }, 409: { description: "The address is taken.", schema: ApiError }, 429: { description: "Too many wrong passwords.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/account/email/confirm", summary: "Confirms a new e-mail address with the mailed link", access: "anyone", body: TokenRequest,
    answers: { ...ok(Profile), 409: { description: "The address was taken meanwhile.", schema: ApiError }, 410: { description: "Unknown, used or expired link.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/account/password", summary: "Changes her password (needs the current one); ends her other sessions", access: "member", body: PasswordChangeRequest,
    answers: { ...ok(Message), 429: { description: "Too many wrong passwords.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/account/sessions/end-others", summary: "Signs her out of every other device", access: "member", body: z.object({}), answers: ok(SignedOutOthers) },
  { method: "GET", path: "/reactapi/account/export", summary: "Everything kept about her, as one JSON file", access: "member", answers: { 200: { description: "my-data.json", contentType: "application/json" } } },
  { method: "POST", path: "/reactapi/account/delete", summary: "Deletes her account (needs her password)", access: "member", body: DeleteAccountRequest,
    answers: { ...ok(Message), 429: { description: "Too many wrong passwords.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/progress/lessons/:lessonId", summary: "Saves her position in a lesson's video, or marks it complete", access: "member", params: LessonIdParams, body: ProgressUpdate,
    answers: { ...ok(LessonProgress), 404: { description: "No such lesson.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/progress/courses/:courseId", summary: "Her progress in a course", access: "member", params: CourseIdParams,
    answers: { ...ok(CourseProgress), 404: { description: "No such course.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/progress/summary", summary: "Done and total per course, and where to continue", access: "member", answers: ok(ProgressSummary) },
  { method: "GET", path: "/reactapi/certificates/courses/:courseId", summary: "Her certificate of completion (PDF), issued the first time", access: "member", params: CourseIdParams,
    answers: { 200: { description: "The certificate.", contentType: "application/pdf" }, 404: { description: "No such course.", schema: ApiError }, 409: { description: "The course is not complete yet.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/certificates/:code", summary: "Confirms a certificate: initials, course and date", access: "anyone", params: CertificateCodeParams,
    answers: { ...ok(CertificateCheck), 404: { description: "No certificate has this code.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/getcourses", summary: "The course library, with the caller's access", access: "anyone", answers: ok(CourseList) },
  { method: "POST", path: "/reactapi/getuseraccessdata", summary: "The courses the member may open, and her grants", access: "member", body: UserAccessRequest, answers: ok(UserAccess) },
  { method: "POST", path: "/reactapi/getcoursemodules", summary: "A course's modules and lessons (titles only where locked)", access: "member", body: CourseModulesRequest,
    answers: { ...ok(z.array(CourseModule)), 404: { description: "No such course.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/downloads/:fileId", summary: "A lesson's download", access: "member", params: DownloadParams,
    answers: { 200: { description: "The file.", contentType: "application/octet-stream" }, 404: { description: "No such download.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/feedback", summary: "Sends the feedback form", access: "member", body: FeedbackRequest, answers: { 201: { description: "Saved.", schema: FormReceipt } } },
  { method: "POST", path: "/reactapi/contact", summary: "Sends the contact form", access: "member", body: ContactRequest, answers: { 201: { description: "Saved.", schema: FormReceipt } } },
  { method: "GET", path: "/reactapi/site", summary: "The instructor's contact details, links and whether online payment is on", access: "anyone", answers: ok(SiteDetails) },
  { method: "POST", path: "/reactapi/payments/checkout", summary: "Starts Stripe Checkout for a plan; the price is the server's", access: "member", body: CheckoutRequest,
    answers: { ...ok(RedirectAnswer, "Go to this Stripe page."), 404: { description: "No such plan, or online payment is off.", schema: ApiError }, 409: { description: "She already has every course of the plan.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/payments/checkout/:sessionId", summary: "The purchase behind a finished checkout", access: "member", params: CheckoutSessionParams,
    answers: { ...ok(CheckoutOutcome), 404: { description: "No such checkout of hers.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/payments/mine", summary: "Her purchases, and whether she can manage billing", access: "member", answers: ok(MyPurchases) },
  { method: "POST", path: "/reactapi/payments/portal", summary: "Opens Stripe's billing portal", access: "member", body: z.object({}),
    answers: { ...ok(RedirectAnswer, "Go to this Stripe page."), 404: { description: "No payment yet, or online payment is off.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/stripe/webhook", summary: "Stripe's signed events (raw body, Stripe-Signature header)", access: "stripe-signature",
    answers: { ...ok(z.object({ received: z.literal(true) }), "Applied once, or ignored."), 404: { description: "Online payment is off.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/instructor-setup/check", summary: "Whether the first instructor's setup link can still be used", access: "anyone", body: SetupTokenRequest,
    answers: { ...ok(Message), 410: { description: "Unknown, used or expired link, or an instructor exists.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/instructor-setup", summary: "Creates the first instructor with the setup link from the start-up log, and signs her in", access: "anyone", body: InstructorSetupRequest,
    answers: { 201: { description: "Created and signed in.", schema: Profile }, 409: { description: "The e-mail has an account.", schema: ApiError }, 410: { description: "Unknown, used or expired link, or an instructor exists.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/studio/dashboard", summary: "Members, registrations, unread messages and recent ratings", access: "instructor", answers: ok(Dashboard) },
  { method: "GET", path: "/reactapi/studio/access-codes", summary: "Every access code, newest first, with its uses, expiry, status and invite link", access: "instructor", answers: ok(AccessCodeList) },
  { method: "POST", path: "/reactapi/studio/access-codes", summary: "Creates an access code (her word, or a generated one)", access: "instructor", body: AccessCodeCreateRequest,
    answers: { 201: { description: "Created.", schema: z.object({ code: AccessCode, message: z.string() }) }, 409: { description: "The code exists.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/access-codes/:code/deactivate", summary: "Stops registrations with a code", access: "instructor", params: AccessCodeParams, body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/access-codes/:code/reactivate", summary: "Opens a code to registrations again", access: "instructor", params: AccessCodeParams, body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such code.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/studio/members", summary: "Members by name or e-mail, 50 a page", access: "instructor", query: MemberSearch, answers: ok(MemberPage) },
  { method: "GET", path: "/reactapi/studio/members/:id", summary: "A member, her courses and how she opens them", access: "instructor", params: MemberIdParams,
    answers: { ...ok(MemberDetail), 404: { description: "No such member.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/members/:id/courses/:courseId/grant", summary: "Opens a course to a member", access: "instructor", params: MemberCourseParams, body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member or course.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/members/:id/courses/:courseId/revoke", summary: "Removes the instructor's grant (purchases stay)", access: "instructor", params: MemberCourseParams, body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member or course.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/members/:id/role", summary: "Makes a member an instructor (admin) or a member", access: "instructor", params: MemberIdParams, body: RoleRequest,
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError }, 409: { description: "Her own role.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/members/:id/sign-out-everywhere", summary: "Ends every session of a member", access: "instructor", params: MemberIdParams, body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/members/:id/deactivate", summary: "Signs a member out and stops her signing in", access: "instructor", params: MemberIdParams, body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError }, 409: { description: "Her own account.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/members/:id/reactivate", summary: "Lets a deactivated member sign in again", access: "instructor", params: MemberIdParams, body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/members/:id/password-link", summary: "A one-time link (24 hours) to choose a new password", access: "instructor", params: MemberIdParams, body: z.object({}),
    answers: { ...ok(PasswordLink), 404: { description: "No such member.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/studio/plans", summary: "Every plan with its revision, and the courses a plan may include", access: "instructor", answers: ok(StudioPlans) },
  { method: "POST", path: "/reactapi/studio/plans", summary: "Creates a plan", access: "instructor", body: PlanInput, answers: { 201: { description: "Created.", schema: PlanSaved } } },
  { method: "POST", path: "/reactapi/studio/plans/:id", summary: "Saves a plan over the revision she opened", access: "instructor", params: PlanIdParams, body: PlanUpdate,
    answers: { ...ok(PlanSaved), 404: { description: "No such plan.", schema: ApiError }, 409: { description: "Changed elsewhere since she opened it; nothing saved.", schema: ApiError } } },
  { method: "POST", path: "/reactapi/studio/plans/:id/delete", summary: "Deletes a plan (purchases keep their copy)", access: "instructor", params: PlanIdParams, body: RevisionRequest,
    answers: { ...ok(StudioOutcome), 404: { description: "No such plan.", schema: ApiError }, 409: { description: "Changed elsewhere since she opened it; nothing deleted.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/studio/inbox", summary: "Feedback and contact messages, newest first, 50 a page, by kind and search", access: "instructor", query: InboxQuery, answers: ok(InboxPage) },
  { method: "GET", path: "/reactapi/studio/inbox/unread", summary: "How many messages are unread", access: "instructor", answers: ok(UnreadCount) },
  { method: "POST", path: "/reactapi/studio/inbox/:id/read", summary: "Marks a message read or unread", access: "instructor", params: MessageIdParams, body: ReadRequest,
    answers: { ...ok(StudioOutcome), 404: { description: "No such message.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/studio/inbox.csv", summary: "The messages matching the filter as CSV (RFC 4180; formulas neutralised)", access: "instructor", query: InboxQuery,
    answers: { 200: { description: "inbox-KIND-DATE.csv", contentType: "text/csv" } } },
  { method: "GET", path: "/reactapi/studio/activity", summary: "Changes made in the studio or with the CLI, newest first, 90 days", access: "instructor", query: ActivityQuery, answers: ok(ActivityPage) },
  { method: "GET", path: "/reactapi/openapi.json", summary: "This description", access: "anyone", answers: { 200: { description: "OpenAPI 3.1.", contentType: "application/json" } } },
  { method: "GET", path: "/healthz", summary: "The process answers", access: "anyone", answers: ok(z.object({ status: z.literal("ok") })) },
  { method: "GET", path: "/readyz", summary: "The database answers within a second", access: "anyone", answers: ok(z.object({ status: z.literal("ready") })) },
  { method: "GET", path: "/metrics", summary: "Prometheus metrics (404 without METRICS_TOKEN)", access: "metrics-token",
    answers: { 200: { description: "Prometheus text format.", contentType: "text/plain" }, 404: { description: "Metrics are off.", schema: ApiError } } },
];
