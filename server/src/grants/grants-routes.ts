import type { FastifyInstance } from "fastify";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { listOpenGrants } from "./grants-repository.ts";

export async function grantsRoutes(app: FastifyInstance, { db, catalogue }: { db: Database; catalogue: CatalogueReader }) {
  // The product description's client posts a fixed search term here and ignores the answer; it is parsed all the same.
  route(app, "getUserAccess", async (_input, request) => {
    const member = requireMember(request);
    const [accessible, grants] = await Promise.all([catalogue.accessibleCourseIds(member), listOpenGrants(db, member.id)]);
    return {
      accessible_course_ids: [...accessible].sort((a, b) => a - b),
      grants: grants.map((grant) => ({
        course_id: grant.courseId,
        source: grant.source,
        granted_at: grant.grantedAt.toISOString(),
        ends_at: grant.endsAt?.toISOString() ?? null,
      })),
    };
  });
}
