import type { FastifyInstance } from "fastify";
import { listAccessCodes } from "../../access-codes/access-codes-repository.ts";
import { route } from "../../http/endpoint-route.ts";
import { actorOf, type StudioOptions } from "../studio-scope.ts";
import { createCode, setCodeActive, toAccessCode } from "./access-code-operations.ts";

/** The beta's access codes: list with invite links, create, and open or close one. */
export async function accessCodeRoutes(app: FastifyInstance, { db, publicUrl, clock }: StudioOptions) {
  route(app, "studioAccessCodes", async () => {
    const rows = await listAccessCodes(db);
    // Newest first: the code she just made is the one she wants to copy.
    return { codes: rows.reverse().map((row) => toAccessCode(row, publicUrl, clock.now())) };
  });

  route(app, "createAccessCode", async ({ body }, request) => {
    const { row, message } = await createCode(
      db,
      actorOf(request),
      { code: body.code, maxUses: body.max_uses, expiresOn: body.expires_on },
      clock.now(),
      request.language,
    );
    return { code: toAccessCode(row, publicUrl, clock.now()), message };
  });

  route(app, "deactivateAccessCode", async ({ params }, request) => ({
    message: (await setCodeActive(db, actorOf(request), params.code, false, clock.now())).message,
  }));

  route(app, "reactivateAccessCode", async ({ params }, request) => ({
    message: (await setCodeActive(db, actorOf(request), params.code, true, clock.now())).message,
  }));
}
