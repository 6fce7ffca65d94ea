import { z } from "zod";
import { LoginRequest, Profile, RegisterRequest } from "./accounts.ts";
import { CourseList, CourseModule, CourseModulesRequest, UserAccess, UserAccessRequest } from "./catalogue.ts";
import { ApiError } from "./errors.ts";
import { ContactRequest, FeedbackRequest, FormReceipt } from "./forms.ts";
import { CheckoutOutcome, CheckoutRequest, CheckoutSessionParams, MyPurchases, RedirectAnswer } from "./payments.ts";
import { SiteDetails } from "./site.ts";

// Every endpoint of the API in one table: its request and its answers, as the zod schemas the
// server parses with and the web app types from. /reactapi/openapi.json is generated from it, and
// a test keeps it and the server's routes the same (server/src/openapi/openapi.test.ts).

export type Access = "anyone" | "member" | "stripe-signature" | "metrics-token";
export type Endpoint = {
  method: "GET" | "POST";
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
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
  { method: "GET", path: "/reactapi/getcourses", summary: "The course library, with the caller's access", access: "anyone", answers: ok(CourseList) },
  { method: "POST", path: "/reactapi/getuseraccessdata", summary: "The courses the member may open, and her grants", access: "member", body: UserAccessRequest, answers: ok(UserAccess) },
  { method: "POST", path: "/reactapi/getcoursemodules", summary: "A course's modules and lessons (titles only where locked)", access: "member", body: CourseModulesRequest,
    answers: { ...ok(z.array(CourseModule)), 404: { description: "No such course.", schema: ApiError } } },
  { method: "GET", path: "/reactapi/downloads/:fileId", summary: "A lesson's download", access: "member", params: z.object({ fileId: z.string().regex(/^\d{1,9}$/) }),
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
  { method: "GET", path: "/reactapi/openapi.json", summary: "This description", access: "anyone", answers: { 200: { description: "OpenAPI 3.1.", contentType: "application/json" } } },
  { method: "GET", path: "/healthz", summary: "The process answers", access: "anyone", answers: ok(z.object({ status: z.literal("ok") })) },
  { method: "GET", path: "/readyz", summary: "The database answers within a second", access: "anyone", answers: ok(z.object({ status: z.literal("ready") })) },
  { method: "GET", path: "/metrics", summary: "Prometheus metrics (404 without METRICS_TOKEN)", access: "metrics-token",
    answers: { 200: { description: "Prometheus text format.", contentType: "text/plain" }, 404: { description: "Metrics are off.", schema: ApiError } } },
];
