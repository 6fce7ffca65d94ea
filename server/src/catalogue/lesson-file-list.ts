import { asc, eq } from "drizzle-orm";
import type { StudioFile } from "../../../contract/studio/courses.ts";
import type { Queryable } from "../db/client.ts";
import { lessonFiles } from "./catalogue-schema.ts";

// A lesson's downloads as the studio lists them: read by the lesson editor (course-editor-repository.ts)
// and answered by every change to a file (lesson-files-repository.ts).

export const toStudioFile = (row: typeof lessonFiles.$inferSelect): StudioFile => ({
  id: row.id,
  filename: row.filename,
  content_type: row.contentType,
  size: row.size,
  revision: row.revision,
});

export async function listLessonFiles(db: Queryable, lessonId: number): Promise<StudioFile[]> {
  const rows = await db
    .select()
    .from(lessonFiles)
    .where(eq(lessonFiles.lessonId, lessonId))
    .orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
  return rows.map(toStudioFile);
}
