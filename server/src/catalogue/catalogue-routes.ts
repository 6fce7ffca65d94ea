import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import type { Database } from "../db/client.ts";
import { sendSharedJson } from "../http/compressed-json.ts";
import { HttpError } from "../http/errors.ts";
import { type CatalogueReader, findDownload } from "./catalogue-repository.ts";
import { openFileContent } from "./files-repository.ts";
import type { MediaStorage } from "../storage/storage.ts";
import { requireMember } from "../http/signed-in-member.ts";

export async function catalogueRoutes(
  app: FastifyInstance,
  { db, catalogue, storage }: { db: Database; catalogue: CatalogueReader; storage: MediaStorage },
) {
  route(app, "getCourses", async (_input, request, reply) =>
    sendSharedJson(request, reply, await catalogue.courseListJson(request.member)),
  );

  route(app, "getCourseModules", async ({ body }, request, reply) => {
    const member = requireMember(request);
    const courseId = body.query;
    const modules = await catalogue.courseModulesJson(member, courseId);
    if (!modules) throw new HttpError(404, "That course does not exist.");
    return sendSharedJson(request, reply, modules);
  });

  route(app, "download", async ({ params }, request, reply) => {
    const member = requireMember(request);
    const { fileId } = params;
    const download = await findDownload(db, fileId);
    if (!download || !(await catalogue.isVisibleTo(member, download.courseId))) throw new HttpError(404, "That download does not exist.");
    if (!download.visibleInPreview && !(await catalogue.mayOpen(member, download.courseId))) {
      throw new HttpError(403, "This download is part of a course you have not unlocked yet.");
    }
    const content = await openFileContent({ db, storage }, { id: fileId, storageKey: download.storageKey, size: download.size });
    return reply
      .header("content-type", download.contentType)
      .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(download.filename)}`)
      .header("cache-control", "private, no-store")
      .header("content-length", download.size)
      .send(content);
  });
}
