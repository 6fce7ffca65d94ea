import { and, asc, getTableColumns, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { fieldErrors } from "../../../contract/errors.ts";
import type { Queryable } from "../db/client.ts";
import { courses, lessonFiles, lessons, modules, planCourses, subscriptionPlans } from "./catalogue-schema.ts";
import { HttpError } from "../http/errors.ts";
import { containsNul } from "../http/nul-guard.ts";
import { ContentFile, type ContentFileModule } from "./content-file.ts";
import { bumpCatalogueVersion } from "./catalogue-repository.ts";
import { forgetFileChunks, LESSON_FILES_FOLDER, readFileContents } from "./files-repository.ts";
import { newFileKey } from "../storage/named-files.ts";
import type { MediaStorage } from "../storage/storage.ts";
import { ancestryBelow, courseReferenceCode, groupBy, lessonVideo, moduleReferenceCode, toSubscriptionPlan } from "../db/catalogue-rows.ts";
import { sanitiseHtml, sanitiseOptionalHtml } from "../lib/sanitise-html.ts";

export type ImportSummary = {
  courses: number;
  modules: number;
  lessons: number;
  downloads: number;
  subscription_plans: number;
  changed: boolean;
};

/** Checks a parsed JSON document against the content format, with every problem in words. */
export function parseContentFile(document: unknown): ContentFile {
  if (containsNul(document))
    throw new HttpError(400, "The content file is not valid: it contains a NUL character (\\u0000), which cannot be stored.");
  const result = ContentFile.safeParse(document);
  if (result.success) return result.data;
  const problems = Object.entries(fieldErrors(result.error)).map(([field, message]) => `${field}: ${message}`);
  throw new HttpError(400, `The content file is not valid:\n  ${problems.slice(0, 20).join("\n  ")}`);
}

// Keeps each statement well under PostgreSQL's 65,535 bind parameters.
async function insertInChunks<Row extends Record<string, unknown>>(
  rows: Row[],
  write: (chunk: Row[]) => Promise<unknown>,
  chunkSize = 500,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) await write(rows.slice(start, start + chunkSize));
}

/** The SET clause of an upsert that takes every listed column from the incoming row. */
function overwriteAll<Table extends PgTable>(table: Table, keys: (keyof Table["$inferInsert"] & string)[]) {
  const columns = getTableColumns(table);
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key]!.name}"`)]));
}

/**
 * Makes the catalogue equal to the file, all or nothing: one transaction upserts every row by its id
 * and deletes the rows the file no longer has. Importing the same file twice changes nothing. The
 * downloads go to the media storage first, each under a new key; the files they replace, and
 * those of an import that fails, are removed by the sweep (storage/named-files.ts).
 */
export async function importCatalogue(db: Queryable, document: unknown, storage: MediaStorage): Promise<ImportSummary> {
  const file = parseContentFile(document);
  const before = JSON.stringify(await exportCatalogue(db, storage));
  const now = new Date();

  const courseRows: (typeof courses.$inferInsert)[] = [];
  const moduleRows: (typeof modules.$inferInsert)[] = [];
  const lessonRows: (typeof lessons.$inferInsert)[] = [];
  const fileRows: (typeof lessonFiles.$inferInsert)[] = [];
  const fileContents: { key: string; bytes: Buffer; contentType: string }[] = [];

  const visit = (module: ContentFileModule, courseId: number, ancestry: string, position: number) => {
    moduleRows.push({
      id: module.id,
      courseId,
      referenceCode: moduleReferenceCode(module.id),
      parentReferenceCode: ancestry,
      title: module.title,
      position,
      descriptionHtml: sanitiseOptionalHtml(module.description_html),
      visibleInPreview: module.visible_in_preview,
      recommendedWeek: module.recommended_week ?? null,
    });
    module.lessons.forEach((lesson, lessonIndex) => {
      lessonRows.push({
        id: lesson.id,
        moduleId: module.id,
        position: lessonIndex + 1,
        title: lesson.title,
        contentSummaryHtml: sanitiseOptionalHtml(lesson.content_summary_html),
        noteHtml: sanitiseOptionalHtml(lesson.note_html),
        videoProvider: lesson.video?.provider ?? null,
        videoId: lesson.video?.id ?? null,
        videoHash: lesson.video?.hash ?? null,
        videoStart: lesson.video?.start ?? null,
        videoSeconds: lesson.video?.length ?? null,
        videoLine: lesson.video?.line || null,
        contentNotes: lesson.content_notes ?? [],
      });
      lesson.downloads.forEach((download, downloadIndex) => {
        const bytes = download.text !== undefined ? Buffer.from(download.text, "utf8") : Buffer.from(download.base64!, "base64");
        const key = newFileKey(LESSON_FILES_FOLDER, now);
        fileRows.push({
          id: download.id,
          lessonId: lesson.id,
          position: downloadIndex + 1,
          filename: download.filename,
          contentType: download.content_type,
          size: bytes.length,
          storageKey: key,
        });
        fileContents.push({ key, bytes, contentType: download.content_type });
      });
    });
    const childAncestry = `${ancestry}_${moduleReferenceCode(module.id)}`;
    module.modules.forEach((child, childIndex) => visit(child, courseId, childAncestry, childIndex + 1));
  };

  file.courses.forEach((course, courseIndex) => {
    courseRows.push({
      id: course.id,
      title: course.title,
      descriptionHtml: sanitiseHtml(course.description_html),
      logo: course.logo,
      freeForMembers: course.free_for_members,
      forPartners: course.for_partners,
      position: courseIndex + 1,
    });
    course.modules.forEach((module, moduleIndex) => visit(module, course.id, courseReferenceCode(course.id), moduleIndex + 1));
  });

  for (const content of fileContents) await storage.put(content.key, content.bytes, content.contentType);
  await db.transaction(async (tx) => {
    await insertInChunks(courseRows, (chunk) =>
      tx
        .insert(courses)
        .values(chunk)
        .onConflictDoUpdate({
          target: courses.id,
          // A studio page opened before the import must not save over it (course-editor-repository.ts).
          set: {
            ...overwriteAll(courses, ["title", "descriptionHtml", "logo", "freeForMembers", "forPartners", "position"]),
            revision: sql`${courses.revision} + 1`,
          },
        }),
    );
    await insertInChunks(moduleRows, (chunk) =>
      tx
        .insert(modules)
        .values(chunk)
        .onConflictDoUpdate({
          target: modules.id,
          set: {
            ...overwriteAll(modules, [
              "courseId",
              "referenceCode",
              "parentReferenceCode",
              "title",
              "position",
              "descriptionHtml",
              "visibleInPreview",
              "recommendedWeek",
            ]),
            revision: sql`${modules.revision} + 1`,
          },
        }),
    );
    await insertInChunks(lessonRows, (chunk) =>
      tx
        .insert(lessons)
        .values(chunk)
        .onConflictDoUpdate({
          target: lessons.id,
          set: {
            ...overwriteAll(lessons, [
              "moduleId",
              "position",
              "title",
              "contentSummaryHtml",
              "noteHtml",
              "videoProvider",
              "videoId",
              "videoHash",
              "videoStart",
              "videoSeconds",
              "videoLine",
            ]),
            revision: sql`${lessons.revision} + 1`,
          },
        }),
    );
    await insertInChunks(fileRows, (chunk) =>
      tx
        .insert(lessonFiles)
        .values(chunk)
        .onConflictDoUpdate({
          target: lessonFiles.id,
          // A file of the Trash whose id the file now names becomes the file's: the import wins.
          set: {
            ...overwriteAll(lessonFiles, ["lessonId", "trashItemId", "position", "filename", "contentType", "size", "storageKey"]),
            revision: sql`${lessonFiles.revision} + 1`,
          },
        }),
    );
    await forgetFileChunks(
      tx,
      fileRows.map((row) => row.id),
    );
    // Files of lessons in the studio's Trash are not part of the catalogue: they wait for a restore.
    await tx.delete(lessonFiles).where(
      and(
        notInArray(
          lessonFiles.id,
          fileRows.map((row) => row.id),
        ),
        isNull(lessonFiles.trashItemId),
      ),
    );
    await tx.delete(lessons).where(
      notInArray(
        lessons.id,
        lessonRows.map((row) => row.id),
      ),
    );
    await tx.delete(modules).where(
      notInArray(
        modules.id,
        moduleRows.map((row) => row.id),
      ),
    );

    await tx.delete(planCourses);
    const planRows = file.subscription_plans.map((plan, index) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      priceMinor: plan.price,
      currency: plan.currency,
      billingInterval: plan.billing_interval,
      partnerSeat: plan.partner_seat,
      tiers: plan.tiers,
      position: index + 1,
    }));
    if (planRows.length > 0) {
      await tx
        .insert(subscriptionPlans)
        .values(planRows)
        .onConflictDoUpdate({
          target: subscriptionPlans.id,
          // A studio page opened before the import must not save over it (plans-repository.ts).
          set: {
            ...overwriteAll(subscriptionPlans, [
              "name",
              "description",
              "priceMinor",
              "currency",
              "billingInterval",
              "partnerSeat",
              "tiers",
              "position",
            ]),
            revision: sql`${subscriptionPlans.revision} + 1`,
          },
        });
    }
    await tx.delete(subscriptionPlans).where(
      notInArray(
        subscriptionPlans.id,
        planRows.map((row) => row.id),
      ),
    );
    await tx.delete(courses).where(
      notInArray(
        courses.id,
        courseRows.map((row) => row.id),
      ),
    );
    const planCourseRows = file.subscription_plans.flatMap((plan) =>
      [...new Set(plan.course_ids)].map((courseId) => ({ planId: plan.id, courseId })),
    );
    if (planCourseRows.length > 0) await tx.insert(planCourses).values(planCourseRows);
    await bumpCatalogueVersion(tx);
  });

  const after = JSON.stringify(await exportCatalogue(db, storage));
  return {
    courses: courseRows.length,
    modules: moduleRows.length,
    lessons: lessonRows.length,
    downloads: fileRows.length,
    subscription_plans: file.subscription_plans.length,
    changed: before !== after,
  };
}

/** The whole catalogue in the content format, downloads inline as base64. */
export async function exportCatalogue(db: Queryable, storage: MediaStorage): Promise<ContentFile> {
  // One after another: inside a transaction they share one connection, which runs one query at a time.
  const courseRows = await db.select().from(courses).orderBy(asc(courses.position), asc(courses.id));
  const moduleRows = await db.select().from(modules).orderBy(asc(modules.position), asc(modules.id));
  const lessonRows = await db.select().from(lessons).orderBy(asc(lessons.position), asc(lessons.id));
  const fileRows = await db
    .select()
    .from(lessonFiles)
    .where(isNotNull(lessonFiles.lessonId))
    .orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
  const planRows = await db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.position), asc(subscriptionPlans.id));
  const planCourseRows = await db.select().from(planCourses).orderBy(asc(planCourses.courseId));

  const contents = await readFileContents({ db, storage }, fileRows);
  const filesByLesson = groupBy(fileRows, (row) => row.lessonId);
  const lessonsByModule = groupBy(lessonRows, (row) => row.moduleId);
  const childrenByParent = groupBy(moduleRows, (row) => row.parentReferenceCode);

  const exportModule = (row: (typeof moduleRows)[number]): ContentFileModule => ({
    id: row.id,
    title: row.title,
    description_html: row.descriptionHtml,
    visible_in_preview: row.visibleInPreview,
    ...(row.recommendedWeek === null ? {} : { recommended_week: row.recommendedWeek }),
    lessons: (lessonsByModule.get(row.id) ?? []).map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      content_summary_html: lesson.contentSummaryHtml,
      note_html: lesson.noteHtml,
      video: lessonVideo(lesson),
      ...(lesson.contentNotes.length > 0 ? { content_notes: lesson.contentNotes } : {}),
      downloads: (filesByLesson.get(lesson.id) ?? []).map((file) => ({
        id: file.id,
        filename: file.filename,
        content_type: file.contentType,
        base64: (contents.get(file.id) ?? Buffer.alloc(0)).toString("base64"),
      })),
    })),
    modules: (childrenByParent.get(ancestryBelow(row)) ?? []).map(exportModule),
  });

  return {
    format: "doula-course-catalogue",
    version: 1,
    subscription_plans: planRows.map((plan) => ({
      ...toSubscriptionPlan(plan, planCourseRows),
      partner_seat: plan.partnerSeat,
      tiers: plan.tiers,
    })),
    courses: courseRows.map((course) => ({
      id: course.id,
      title: course.title,
      description_html: course.descriptionHtml,
      logo: course.logo,
      free_for_members: course.freeForMembers,
      for_partners: course.forPartners,
      modules: (childrenByParent.get(courseReferenceCode(course.id)) ?? []).map(exportModule),
    })),
  };
}
