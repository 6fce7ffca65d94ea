import type { FastifyInstance } from "fastify";
import { route } from "../../http/endpoint-route.ts";
import { actorOf, type StudioOptions } from "../studio-scope.ts";
import { courseOrNotFound, setCoursePicture } from "../../catalogue/course-editor-repository.ts";

/** A course's own cover picture: upload (kept as WebP at several widths) or back to the built-in one. */
export async function coverRoutes(app: FastifyInstance, { db, pictures }: StudioOptions) {
  // Its own scope: no other route of the studio's courses takes multipart.
  await pictures.accept(app);

  route(
    app,
    "uploadCourseCover",
    async ({ params: { courseId } }, request) => {
      await courseOrNotFound(db, courseId);
      return setCoursePicture(db, actorOf(request), courseId, await pictures.store(request));
    },
    { sameOriginExemption: "multipart-upload" },
  );

  route(app, "removeCourseCover", async ({ params: { courseId } }, request) => setCoursePicture(db, actorOf(request), courseId, null));
}
