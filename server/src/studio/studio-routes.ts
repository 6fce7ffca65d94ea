import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  AccessCodeCreateRequest,
  type AccessCodeList,
  AccessCodeParams,
  ACTIVITY_PAGE_SIZE,
  type ActivityPage,
  ActivityQuery,
  type Dashboard,
  INBOX_PAGE_SIZE,
  type InboxPage,
  InboxQuery,
  MessageIdParams,
  ReadRequest,
  type UnreadCount,
  MemberCourseParams,
  type MemberDetail,
  MemberIdParams,
  type MemberPage,
  MEMBERS_PAGE_SIZE,
  MemberSearch,
  type MemberSummary,
  type PasswordLink,
  PlanIdParams,
  PlanInput,
  type PlanSaved,
  PlanUpdate,
  RevisionRequest,
  type StudioPlans,
  RoleRequest,
  type StudioOutcome,
} from "../../../contract/studio.ts";
import { listAccessCodes } from "../access-codes/access-codes-repository.ts";
import { countMembers, searchUsers, type UserRow } from "../accounts/users-repository.ts";
import { listSessions } from "../accounts/sessions.ts";
import { type Actor, listActivity } from "../activity/activity-log.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { countUnread, eachInboxMessage, feedbackAverages, searchInbox, setSubmissionRead } from "../forms/forms-repository.ts";
import { fieldText, labelledFields, submissionFields } from "../forms/submission-fields.ts";
import { listOpenGrants } from "../grants/grants-repository.ts";
import { csvFile } from "../http/csv-file.ts";
import { HttpError, parseInput } from "../http/errors.ts";
import { purchasesOf } from "../payments/purchases-repository.ts";
import { createCode, setCodeActive, toAccessCode } from "./access-code-operations.ts";
import { createPlan, deletePlan, listPlans, updatePlan } from "./plan-operations.ts";
import {
  createPasswordLink,
  grantCourse,
  memberOrNotFound,
  revokeCourse,
  setAccountActive,
  setRole,
  signOutEverywhere,
} from "./member-operations.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export type StudioOptions = { db: Database; catalogue: CatalogueReader; publicUrl: string };

export function actorOf(request: FastifyRequest): Actor {
  // The studio guard (studio-guard.ts) has already refused anyone but an instructor.
  const member = request.member!;
  return { userId: member.id, label: member.email };
}

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

/** The instructor's studio API, every route behind installStudioGuard. */
export async function studioRoutes(app: FastifyInstance, { db, catalogue, publicUrl }: StudioOptions) {
  app.get("/reactapi/studio/dashboard", async (): Promise<Dashboard> => {
    const now = Date.now();
    const [members, unread, feedback] = await Promise.all([
      countMembers(db, new Date(now - 7 * DAY_MS)),
      countUnread(db),
      feedbackAverages(db, new Date(now - 30 * DAY_MS)),
    ]);
    return {
      members: members.total,
      new_members_7_days: members.joinedSince,
      code_registrations_7_days: members.withCodeSince,
      unread_messages: unread,
      average_satisfaction_30_days: feedback.satisfaction,
      average_recommend_30_days: feedback.recommend,
      feedback_count_30_days: feedback.count,
    };
  });

  app.get("/reactapi/studio/access-codes", async (): Promise<AccessCodeList> => {
    const rows = await listAccessCodes(db);
    // Newest first: the code she just made is the one she wants to copy.
    return { codes: rows.reverse().map((row) => toAccessCode(row, publicUrl)) };
  });

  app.post("/reactapi/studio/access-codes", async (request, reply) => {
    const input = parseInput(AccessCodeCreateRequest, request.body);
    const { row, message } = await createCode(db, actorOf(request), {
      code: input.code,
      maxUses: input.max_uses,
      expiresOn: input.expires_on,
    });
    return reply.code(201).send({ code: toAccessCode(row, publicUrl), message });
  });

  for (const [action, active] of [
    ["deactivate", false],
    ["reactivate", true],
  ] as const) {
    app.post(`/reactapi/studio/access-codes/:code/${action}`, async (request): Promise<StudioOutcome> => {
      const { code } = parseInput(AccessCodeParams, request.params);
      return { message: (await setCodeActive(db, actorOf(request), code, active)).message };
    });
  }

  app.get("/reactapi/studio/members", async (request): Promise<MemberPage> => {
    const query = parseInput(MemberSearch, request.query);
    const { rows, total } = await searchUsers(db, {
      search: query.search,
      sort: query.sort,
      limit: MEMBERS_PAGE_SIZE,
      offset: (query.page - 1) * MEMBERS_PAGE_SIZE,
    });
    return { members: rows.map(toMemberSummary), total, page: query.page, page_size: MEMBERS_PAGE_SIZE };
  });

  app.get("/reactapi/studio/members/:id", async (request): Promise<MemberDetail> => {
    const { id } = parseInput(MemberIdParams, request.params);
    const user = await memberOrNotFound(db, id);
    const [grants, purchases, sessions, courses] = await Promise.all([
      listOpenGrants(db, id),
      purchasesOf(db, id),
      listSessions(db, id),
      catalogue.allCourses(),
    ]);
    const planNames = new Map(purchases.map((purchase) => [purchase.id, purchase.planName]));
    return {
      member: toMemberSummary(user),
      signed_in_devices: sessions.length,
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

  app.post("/reactapi/studio/members/:id/courses/:courseId/grant", async (request): Promise<StudioOutcome> => {
    const { id, courseId } = parseInput(MemberCourseParams, request.params);
    return grantCourse(db, actorOf(request), id, courseId);
  });

  app.post("/reactapi/studio/members/:id/courses/:courseId/revoke", async (request): Promise<StudioOutcome> => {
    const { id, courseId } = parseInput(MemberCourseParams, request.params);
    return revokeCourse(db, actorOf(request), id, courseId);
  });

  app.post("/reactapi/studio/members/:id/role", async (request): Promise<StudioOutcome> => {
    const { id } = parseInput(MemberIdParams, request.params);
    const { role } = parseInput(RoleRequest, request.body);
    return { message: (await setRole(db, actorOf(request), id, role)).message };
  });

  app.post("/reactapi/studio/members/:id/sign-out-everywhere", async (request): Promise<StudioOutcome> => {
    const { id } = parseInput(MemberIdParams, request.params);
    return signOutEverywhere(db, actorOf(request), id);
  });

  for (const [action, active] of [
    ["deactivate", false],
    ["reactivate", true],
  ] as const) {
    app.post(`/reactapi/studio/members/:id/${action}`, async (request): Promise<StudioOutcome> => {
      const { id } = parseInput(MemberIdParams, request.params);
      return { message: (await setAccountActive(db, actorOf(request), id, active)).message };
    });
  }

  app.post("/reactapi/studio/members/:id/password-link", async (request): Promise<PasswordLink> => {
    const { id } = parseInput(MemberIdParams, request.params);
    const link = await createPasswordLink(db, actorOf(request), id, publicUrl);
    return { url: link.url, expires_at: link.expiresAt.toISOString(), message: link.message };
  });

  app.get("/reactapi/studio/plans", async (): Promise<StudioPlans> => {
    const [plans, courses] = await Promise.all([listPlans(db), catalogue.allCourses()]);
    return { plans, courses: courses.map((course) => ({ id: course.id, title: course.title })) };
  });

  const planFields = (input: ReturnType<typeof PlanInput.parse>) => ({
    name: input.name,
    description: input.description,
    priceMinor: input.price_minor,
    currency: input.currency,
    billingInterval: input.billing_interval,
    courseIds: input.course_ids,
  });

  app.post("/reactapi/studio/plans", async (request, reply) => {
    const input = parseInput(PlanInput, request.body);
    return reply.code(201).send((await createPlan(db, actorOf(request), planFields(input))) satisfies PlanSaved);
  });

  app.post("/reactapi/studio/plans/:id", async (request): Promise<PlanSaved> => {
    const { id } = parseInput(PlanIdParams, request.params);
    const input = parseInput(PlanUpdate, request.body);
    return updatePlan(db, actorOf(request), id, input.revision, planFields(input));
  });

  app.post("/reactapi/studio/plans/:id/delete", async (request): Promise<StudioOutcome> => {
    const { id } = parseInput(PlanIdParams, request.params);
    const { revision } = parseInput(RevisionRequest, request.body);
    return deletePlan(db, actorOf(request), id, revision);
  });

  app.get("/reactapi/studio/inbox", async (request): Promise<InboxPage> => {
    const query = parseInput(InboxQuery, request.query);
    const [{ rows, total }, unread] = await Promise.all([
      searchInbox(db, { kind: query.kind, search: query.search, limit: INBOX_PAGE_SIZE, offset: (query.page - 1) * INBOX_PAGE_SIZE }),
      countUnread(db),
    ]);
    return {
      messages: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        received_at: row.createdAt.toISOString(),
        read: row.readAt !== null,
        member_email: row.memberEmail,
        fields: labelledFields(row.kind, row.payload),
      })),
      total,
      unread,
      page: query.page,
      page_size: INBOX_PAGE_SIZE,
    };
  });

  // The member menu's count beside "Studio": small, so it can be asked on every member page of an instructor.
  app.get("/reactapi/studio/inbox/unread", async (): Promise<UnreadCount> => ({ unread: await countUnread(db) }));

  app.post("/reactapi/studio/inbox/:id/read", async (request): Promise<StudioOutcome> => {
    const { id } = parseInput(MessageIdParams, request.params);
    const { read } = parseInput(ReadRequest, request.body);
    if (!(await setSubmissionRead(db, id, read))) throw new HttpError(404, `There is no message with the id ${id}.`);
    return { message: read ? "Marked as read." : "Marked as unread." };
  });

  app.get("/reactapi/studio/inbox.csv", async (request, reply) => {
    const query = parseInput(InboxQuery, request.query);
    const labels = [
      ...new Set(
        Object.values(submissionFields)
          .flat()
          .map((field) => field.label),
      ),
    ];
    async function* rows() {
      for await (const row of eachInboxMessage(db, { kind: query.kind, search: query.search })) {
        const values = (row.payload ?? {}) as Record<string, unknown>;
        const byLabel = new Map(submissionFields[row.kind].map((field) => [field.label, fieldText(values[field.name])]));
        yield [
          row.createdAt.toISOString().replace("T", " ").slice(0, 19),
          row.kind,
          row.readAt ? "yes" : "no",
          row.memberEmail ?? "(deleted member)",
          ...labels.map((label) => byLabel.get(label) ?? ""),
        ];
      }
    }
    const csv = csvFile(["Received (UTC)", "Kind", "Read", "Member e-mail", ...labels], rows(), (error) =>
      request.log.error({ err: error }, "inbox export failed part way"),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="inbox-${query.kind ?? "all"}-${day}.csv"`)
      .header("cache-control", "private, no-store")
      .send(csv);
  });

  app.get("/reactapi/studio/activity", async (request): Promise<ActivityPage> => {
    const query = parseInput(ActivityQuery, request.query);
    const { entries, total } = await listActivity(db, {
      kind: query.kind,
      limit: ACTIVITY_PAGE_SIZE,
      offset: (query.page - 1) * ACTIVITY_PAGE_SIZE,
    });
    return {
      entries: entries.map((entry) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        actor: entry.actorLabel,
        kind: entry.kind,
        summary: entry.summary,
      })),
      total,
      page: query.page,
      page_size: ACTIVITY_PAGE_SIZE,
    };
  });
}
