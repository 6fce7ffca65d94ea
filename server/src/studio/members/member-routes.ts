import type { FastifyInstance } from "fastify";
import { MEMBERS_PAGE_SIZE, type MemberSummary } from "../../../../contract/studio/members.ts";
import { listSessions } from "../../accounts/sessions-repository.ts";
import { fullName, searchUsers, type UserRow } from "../../accounts/users-repository.ts";
import { listOpenGrants } from "../../grants/grants-repository.ts";
import { accountsByIds } from "../../accounts/users-repository.ts";
import { linkOf } from "../../partners/partners-repository.ts";
import { route } from "../../http/endpoint-route.ts";
import { purchasesOf } from "../../payments/purchases-repository.ts";
import { actorOf, type StudioOptions } from "../studio-scope.ts";
import {
  createPasswordLink,
  grantCourse,
  memberOrNotFound,
  revokeCourse,
  setAccountActive,
  setRole,
  signOutEverywhere,
} from "./member-operations.ts";

export function toMemberSummary(user: UserRow): MemberSummary {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    joined_at: user.createdAt.toISOString(),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
    active: user.deactivatedAt === null,
  };
}

/** Members: search them, open one with her courses and how each is open, and act for her. */
export async function memberRoutes(app: FastifyInstance, { db, catalogue, publicUrl }: StudioOptions) {
  route(app, "studioMembers", async ({ query }) => {
    const { rows, total } = await searchUsers(db, {
      search: query.search,
      sort: query.sort,
      limit: MEMBERS_PAGE_SIZE,
      offset: (query.page - 1) * MEMBERS_PAGE_SIZE,
    });
    return { members: rows.map(toMemberSummary), total, page: query.page, page_size: MEMBERS_PAGE_SIZE };
  });

  route(app, "studioMember", async ({ params: { id } }) => {
    const user = await memberOrNotFound(db, id);
    const [grants, purchases, sessions, courses, link] = await Promise.all([
      listOpenGrants(db, id),
      purchasesOf(db, id),
      listSessions(db, id),
      catalogue.allCourses(),
      linkOf(db, id),
    ]);
    const otherId = link ? (link.memberId === id ? link.partnerId : link.memberId) : undefined;
    const other = otherId === undefined ? undefined : (await accountsByIds(db, [otherId])).get(otherId);
    const planNames = new Map(purchases.map((purchase) => [purchase.id, purchase.planName]));
    return {
      member: toMemberSummary(user),
      signed_in_devices: sessions.length,
      joined_as: user.joinedAs,
      partner: other
        ? {
            id: other.id,
            email: other.email,
            name: fullName(other) || other.email,
            relation: link!.memberId === id ? ("her partner" as const) : ("partner of" as const),
          }
        : null,
      courses: courses.map((course) => {
        const ofCourse = grants.filter((grant) => grant.courseId === course.id);
        return {
          id: course.id,
          title: course.title,
          free_for_members: course.freeForMembers,
          granted_by_instructor: ofCourse.some((grant) => grant.source === "instructor"),
          purchases: ofCourse
            .filter((grant) => grant.source === "purchase" && grant.purchaseId !== null)
            .map((grant) => ({
              purchase_id: grant.purchaseId!,
              plan_name: planNames.get(grant.purchaseId!) ?? "a plan",
              ends_at: grant.endsAt?.toISOString() ?? null,
            })),
        };
      }),
    };
  });

  route(app, "grantCourse", async ({ params: { id, courseId } }, request) => grantCourse(db, actorOf(request), id, courseId));

  route(app, "revokeCourse", async ({ params: { id, courseId } }, request) => revokeCourse(db, actorOf(request), id, courseId));

  route(app, "setMemberRole", async ({ params: { id }, body: { role } }, request) => ({
    message: (await setRole(db, actorOf(request), id, role)).message,
  }));

  route(app, "signMemberOutEverywhere", async ({ params: { id } }, request) => signOutEverywhere(db, actorOf(request), id));

  route(app, "deactivateMember", async ({ params: { id } }, request) => ({
    message: (await setAccountActive(db, actorOf(request), id, false)).message,
  }));

  route(app, "reactivateMember", async ({ params: { id } }, request) => ({
    message: (await setAccountActive(db, actorOf(request), id, true)).message,
  }));

  route(app, "createPasswordLink", async ({ params: { id } }, request) => {
    const link = await createPasswordLink(db, actorOf(request), id, publicUrl);
    return { url: link.url, expires_at: link.expiresAt.toISOString(), message: link.message };
  });
}
