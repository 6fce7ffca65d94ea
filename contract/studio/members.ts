import { z } from "zod";
import { idInPath } from "../catalogue.ts";
import { PageNumber, StudioOutcome } from "./studio-shared.ts";
import { ApiError } from "../errors.ts";
import { type Endpoint, ok } from "../endpoint.ts";

// Members as the instructor sees them: search, one member's courses and sessions, and what she may change.

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
  role: z.enum(["member", "admin", "team"]),
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

/** The other side of her partner link: her partner (she joined as a member) or whose partner he is. */
export const MemberPartner = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  relation: z.enum(["her partner", "partner of"]),
});

export const MemberDetail = z.object({
  member: MemberSummary,
  courses: z.array(MemberCourse),
  signed_in_devices: z.number(),
  joined_as: z.enum(["member", "partner"]),
  partner: MemberPartner.nullable(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

export const RoleRequest = z.object({ role: z.enum(["member", "admin"], { error: "The role is member or admin." }) });
export type RoleRequest = z.infer<typeof RoleRequest>;

export const PasswordLink = z.object({ url: z.string(), expires_at: z.string(), message: z.string() });
export type PasswordLink = z.infer<typeof PasswordLink>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const studioMembersEndpoints = {
  studioMembers: {
    method: "GET",
    path: "/reactapi/studio/members",
    summary: "Members by name or e-mail, 50 a page",
    access: "instructor",
    travels: "studio-members",
    query: MemberSearch,
    answers: ok(MemberPage),
  },
  studioMember: {
    method: "GET",
    path: "/reactapi/studio/members/:id",
    summary: "A member, her courses and how she opens them",
    access: "instructor",
    travels: "studio",
    params: MemberIdParams,
    answers: { ...ok(MemberDetail), 404: { description: "No such member.", schema: ApiError } },
  },
  grantCourse: {
    method: "POST",
    path: "/reactapi/studio/members/:id/courses/:courseId/grant",
    invalidates: ["studioMember"],
    summary: "Opens a course to a member",
    access: "instructor",
    travels: "studio-members",
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
    travels: "studio-members",
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
    travels: "studio-members",
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
    travels: "studio-members",
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
    travels: "studio-members",
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
    travels: "studio-members",
    params: MemberIdParams,
    body: z.object({}),
    answers: { ...ok(StudioOutcome), 404: { description: "No such member.", schema: ApiError } },
  },
  createPasswordLink: {
    method: "POST",
    path: "/reactapi/studio/members/:id/password-link",
    summary: "A one-time link (24 hours) to choose a new password",
    access: "instructor",
    travels: "studio-members",
    params: MemberIdParams,
    body: z.object({}),
    answers: { ...ok(PasswordLink), 404: { description: "No such member.", schema: ApiError } },
  },
} satisfies Record<string, Endpoint>;
