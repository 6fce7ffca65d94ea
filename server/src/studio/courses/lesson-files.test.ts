import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { movableClock } from "../../lib/clock.ts";
import { type LocalS3, startLocalS3 } from "../../../../testing/s3-server.ts";
import { staleRevisionMessage } from "../../../../contract/constants.ts";
import { lessonFileKindsList } from "../../../../contract/lesson-files.ts";
import type { LessonDownload } from "../../../../contract/catalogue.ts";
import type { StudioFile, StudioLesson } from "../../../../contract/studio/courses.ts";
import type { TrashItem } from "../../../../contract/studio/trash.ts";
import { exportCatalogue, importCatalogue } from "../../catalogue/catalogue-transfer.ts";
import { FILE_CHUNK_BYTES, LESSON_FILES_FOLDER } from "../../catalogue/files-repository.ts";
import { fileChunks, lessonFiles } from "../../catalogue/catalogue-schema.ts";
import { sampleDocx, samplePdf, samplePng, sampleProgram, storedZip } from "../../../../testing/sample-files.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../../testing/test-app.ts";
import { forgetUnfinishedUploads } from "../../catalogue/lesson-files-repository.ts";

type MemberLesson = { id: number; video_description?: string | null };
type MemberModule = { id: number; lessons: MemberLesson[] };

type ExportedModule = { lessons: { downloads: { id: number }[] }[]; modules: ExportedModule[] };
const exportedDownloadIds = (file: { courses: { modules: ExportedModule[] }[] }): number[] => {
  const inModule = (module: ExportedModule): number[] => [
    ...module.lessons.flatMap((lesson) => lesson.downloads.map((download) => download.id)),
    ...module.modules.flatMap(inModule),
  ];
  return file.courses.flatMap((course) => course.modules.flatMap(inModule));
};

const ORIGIN = { host: "localhost:5000", origin: "http://localhost:5000" };
// Lesson 1001 sits in the demo catalogue's first course, which the test member may open.
const LESSON = 1001;

// The files are in the media storage (docs/storage.md), the same whatever the database: S3 runs once, on PGlite.
describe.each([...backends.map((backend) => `${backend} and the disk`), "pglite and S3"])(
  "a lesson's downloads in the studio on %s",
  (setup) => {
    const backend = setup.startsWith("postgres") ? "postgres" : "pglite";
    const clock = movableClock(new Date());
    let s3: LocalS3 | undefined;
    let dataDir: string;
    let context: TestApp;
    let cookie: string;
    let member: { email: string; cookie: string };
    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "lesson-files-data-"));
      s3 = setup.endsWith("S3") ? await startLocalS3() : undefined;
      // A 1 MB limit, so that a file over it stays small enough for a test.
      context = await createTestApp(backend, { clock, environment: { UPLOAD_MAX_MB: "1", DATA_DIR: dataDir, ...s3?.environment } });
      cookie = (await signedInInstructor(context.app, context.database.db, "file-keeper")).cookie;
      member = await signedInMember(context.app, "file-reader");
      // The member opens the demo's first course (free for members or granted) like any lesson of it.
      expect(
        (
          await context.app.inject({
            method: "POST",
            url: "/reactapi/getcoursemodules",
            headers: { ...jsonHeaders, cookie: member.cookie },
            payload: { query: 1 },
          })
        ).statusCode,
      ).toBe(200);
    });
    afterAll(async () => {
      await context.close();
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    const storage = () => context.app.mediaStorage;
    const storedFiles = () => storage().list(LESSON_FILES_FOLDER);
    const storageKeyOf = async (fileId: number) =>
      (await context.database.db.select({ key: lessonFiles.storageKey }).from(lessonFiles).where(eq(lessonFiles.id, fileId)))[0]!.key;
    const get = (url: string, as = cookie) => context.app.inject({ method: "GET", url, headers: { cookie: as } });
    const post = (url: string, payload: unknown, as = cookie) =>
      context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: as }, payload: payload as Record<string, unknown> });
    const upload = (
      lessonId: number | string,
      file: Buffer | null,
      filename = "file.bin",
      as: string | null = cookie,
      extraHeaders: Record<string, string> = ORIGIN,
    ) => {
      const form = new FormData();
      form.append("note", "sent from the studio");
      if (file) form.append("file", new Blob([new Uint8Array(file)]), filename);
      return context.app.inject({
        method: "POST",
        url: `/reactapi/studio/lessons/${lessonId}/files`,
        headers: { ...(as ? { cookie: as } : {}), ...extraHeaders },
        payload: form,
      });
    };
    const studioFiles = async (lessonId = LESSON) => ((await get(`/reactapi/studio/lessons/${lessonId}`)).json() as StudioLesson).files;
    const memberDownloads = async (lessonId = LESSON): Promise<LessonDownload[]> => {
      const modules = (await post("/reactapi/getcoursemodules", { query: 1 }, member.cookie)).json() as MemberModule[];
      const lesson = modules.flatMap((module) => module.lessons).find((each) => each.id === lessonId)!;
      return lesson.video_description ? (JSON.parse(lesson.video_description) as LessonDownload[]) : [];
    };
    // An upload still arriving: a row with neither a lesson nor a Trash item (catalogue/lesson-files-repository.ts).
    const uploadsInProgress = async () =>
      (
        await context.database.db
          .select({ count: count() })
          .from(lessonFiles)
          .where(and(isNull(lessonFiles.lessonId), isNull(lessonFiles.trashItemId)))
      )[0]!.count;

    it("takes a PDF into the media storage, and a member downloads the same bytes with its type and size", async () => {
      const pdf = samplePdf(2 * FILE_CHUNK_BYTES + 1234);
      const before = await studioFiles();
      const response = await upload(LESSON, pdf, "C:\\Users\\maya\\Birth plan: week 36.pdf");
      expect(response.statusCode).toBe(201);
      const { file, message } = response.json() as { file: StudioFile; message: string };
      expect(file).toMatchObject({ filename: "Birth plan- week 36.pdf", content_type: "application/pdf", size: pdf.length });
      expect(message).toMatch(/^Added "Birth plan- week 36\.pdf" \(\d+ KB\)\. Members can download it/);
      expect((await studioFiles()).map((each) => each.id)).toEqual([...before.map((each) => each.id), file.id]);

      // In the storage under the key its row names, nothing of it in the database.
      const key = await storageKeyOf(file.id);
      expect(key).toMatch(/^lesson-files\/\d+-[0-9a-f]{24}$/);
      expect(await storedFiles()).toContain(key);
      expect(await storage().size(key!)).toBe(pdf.length);
      expect((await context.database.db.select({ count: count() }).from(fileChunks))[0]!.count).toBe(0);

      const download = (await memberDownloads()).find((each) => each.filename === file.filename)!;
      const fetched = await get(download.url, member.cookie);
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers["content-type"]).toBe("application/pdf");
      expect(Number(fetched.headers["content-length"])).toBe(pdf.length);
      expect(fetched.headers["content-disposition"]).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
      expect(Buffer.compare(fetched.rawPayload, pdf)).toBe(0);
      const head = await context.app.inject({ method: "HEAD", url: download.url, headers: { cookie: member.cookie } });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers["content-length"])).toBe(pdf.length);
      expect(head.rawPayload.length).toBe(0);

      const activity = (await get("/reactapi/studio/activity?kind=catalogue")).json() as { entries: { summary: string }[] };
      expect(activity.entries[0]!.summary).toMatch(/^Uploaded "Birth plan- week 36\.pdf" \(\d+ KB\) to the lesson /);
    });

    it("knows each accepted kind by its content, whatever its name", async () => {
      const docx = await upload(LESSON, sampleDocx, "plan.docx");
      expect(docx.statusCode).toBe(201);
      expect(docx.json().file.content_type).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
      const png = await upload(LESSON, samplePng, "picture-without-extension");
      expect(png.json().file.content_type).toBe("image/png");
      const text = await upload(LESSON, Buffer.from("Breathe in for four, out for six.\nRépétez ☺\n"), "breathing.txt");
      expect(text.json().file.content_type).toBe("text/plain; charset=utf-8");
      // A name that says another kind, or none, gets the extension of what the file is.
      expect(png.json().file.filename).toBe("picture-without-extension.png");
      const disguised = await upload(LESSON, Buffer.from("Not a PDF at all.\n"), "evil.pdf");
      expect(disguised.json().file).toMatchObject({ filename: "evil.txt", content_type: "text/plain; charset=utf-8" });
    });

    it("refuses other kinds with 415 and a sentence naming the kinds that work, keeping nothing", async () => {
      const filesBefore = await studioFiles();
      for (const [content, name] of [
        [sampleProgram, "birth-plan.pdf"],
        [storedZip({ "notes.txt": "hello" }), "notes.docx"],
        [Buffer.from([0x00, 0x01, 0x02, 0x03, 0xff, 0xfe]), "notes.txt"],
      ] as const) {
        const response = await upload(LESSON, content, name);
        expect(response.statusCode).toBe(415);
        expect(response.json().error).toBe(
          `"${name}" is not a kind of file a lesson can offer. A lesson's downloads can be ${lessonFileKindsList} files.`,
        );
      }
      expect(lessonFileKindsList).toBe("PDF, PNG, JPEG, WebP, MP3, M4A, plain text or Word (DOCX)");
      expect(await studioFiles()).toEqual(filesBefore);
      expect(await uploadsInProgress()).toBe(0);
    });

    it("refuses a file over UPLOAD_MAX_MB with 413 and a sentence, and keeps nothing of it", async () => {
      const storedBefore = (await storedFiles()).sort();
      const response = await upload(LESSON, samplePdf(1_100_000), "too-big.pdf");
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatch(/^That file is larger than 1 MB, the most one download can be\. /);
      expect((await studioFiles()).some((file) => file.filename === "too-big.pdf")).toBe(false);
      expect((await storedFiles()).sort()).toEqual(storedBefore);
      expect(await uploadsInProgress()).toBe(0);
    });

    it("answers a missing, empty or damaged upload with 400, an unknown lesson with 404, and JSON with 415", async () => {
      const missing = await upload(LESSON, null);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ error: "Choose a file to upload.", details: { file: "Choose a file to upload." } });
      expect((await upload(LESSON, Buffer.alloc(0), "empty.pdf")).json().error).toMatch(/^That file is empty\./);
      const damaged = await context.app.inject({
        method: "POST",
        url: `/reactapi/studio/lessons/${LESSON}/files`,
        headers: { cookie, ...ORIGIN, "content-type": "multipart/form-data; boundary=calm" },
        payload: '--calm\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then it stops',
      });
      expect(damaged.statusCode).toBe(400);
      expect(damaged.json().error).toBe("The upload was cut off or arrived damaged. Please try again.");
      expect((await upload(999_999, samplePdf(), "lost.pdf")).statusCode).toBe(404);
      expect((await upload("first", samplePdf(), "lost.pdf")).statusCode).toBe(400);
      const json = await post(`/reactapi/studio/lessons/${LESSON}/files`, { file: "JVBERi0=" });
      expect(json.statusCode).toBe(415);
      expect(json.json().error).toMatch(/multipart\/form-data/);
      expect(await uploadsInProgress()).toBe(0);
    });

    it("takes multipart only on the upload path, only from this site, and only from an instructor", async () => {
      const elsewhere = await context.app.inject({
        method: "POST",
        url: `/reactapi/studio/lessons/${LESSON}`,
        headers: { cookie, ...ORIGIN },
        payload: (() => {
          const form = new FormData();
          form.append("title", "Renamed by a form");
          return form;
        })(),
      });
      expect(elsewhere.statusCode).toBe(415);
      expect((await upload(LESSON, samplePdf(), "a.pdf", cookie, {})).statusCode).toBe(403);
      expect(
        (await upload(LESSON, samplePdf(), "a.pdf", cookie, { host: "localhost:5000", origin: "https://elsewhere.example" })).statusCode,
      ).toBe(403);
      expect((await upload(LESSON, samplePdf(), "a.pdf", null)).statusCode).toBe(401);
      expect((await upload(LESSON, samplePdf(), "a.pdf", member.cookie)).statusCode).toBe(403);
      expect((await post("/reactapi/studio/files/1/delete", { revision: 1 }, member.cookie)).statusCode).toBe(403);
    });

    it("renames and reorders files, refusing a stale revision with 409 and a bad name with 400", async () => {
      const [first, second] = await studioFiles();
      const renamed = await post(`/reactapi/studio/files/${second!.id}`, {
        filename: " Partner's checklist.pdf ",
        revision: second!.revision,
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().file).toMatchObject({ filename: "Partner's checklist.pdf", revision: second!.revision + 1 });
      expect((await memberDownloads()).map((download) => download.filename)).toContain("Partner's checklist.pdf");

      const stale = await post(`/reactapi/studio/files/${second!.id}`, { filename: "Older name.pdf", revision: second!.revision });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe(staleRevisionMessage);
      const bad = await post(`/reactapi/studio/files/${first!.id}`, { filename: "../secrets", revision: first!.revision });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.filename).toMatch(/cannot contain/);
      expect((await post("/reactapi/studio/files/999999", { filename: "x.pdf", revision: 1 })).statusCode).toBe(404);

      const up = await post(`/reactapi/studio/files/${second!.id}/move`, { direction: "up", revision: second!.revision + 1 });
      expect(up.statusCode).toBe(200);
      expect((await studioFiles()).slice(0, 2).map((file) => file.id)).toEqual([second!.id, first!.id]);
      expect((await memberDownloads())[0]!.filename).toBe("Partner's checklist.pdf");
      const moved = (await studioFiles())[0]!;
      const again = await post(`/reactapi/studio/files/${moved.id}/move`, { direction: "up", revision: moved.revision });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(`"Partner's checklist.pdf" is already first here.`);
    });

    it("deletes a file to the Trash, out of members' reach, and restores it to its place with the same bytes", async () => {
      const files = await studioFiles();
      const target = files[1]!;
      const url = (await memberDownloads()).find((download) => download.filename === target.filename)!.url;
      const bytes = (await get(url, member.cookie)).rawPayload;

      const deleted = await post(`/reactapi/studio/files/${target.id}/delete`, { revision: target.revision });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().message).toBe(`Deleted "${target.filename}". It is in the Trash for 30 days, if you change your mind.`);
      expect((await studioFiles()).map((file) => file.id)).not.toContain(target.id);
      expect((await memberDownloads()).map((download) => download.url)).not.toContain(url);
      expect((await get(url, member.cookie)).statusCode).toBe(404);
      expect(exportedDownloadIds(await exportCatalogue(context.database.db, context.app.mediaStorage))).not.toContain(target.id);

      const item = ((await get("/reactapi/studio/trash")).json() as { items: TrashItem[] }).items.find(
        (each) => each.kind === "file" && each.title === target.filename,
      )!;
      expect(item.place).toMatch(/^in .+ › .+/);
      const restored = await post(`/reactapi/studio/trash/${item.id}/restore`, {});
      expect(restored.statusCode).toBe(200);
      expect((await studioFiles()).map((file) => file.id)).toEqual(files.map((file) => file.id));
      const back = await get(url, member.cookie);
      expect(back.statusCode).toBe(200);
      expect(Buffer.compare(back.rawPayload, bytes)).toBe(0);
    });

    it("restores a file only once its lesson is back, saying so first", async () => {
      const { file } = (await upload(LESSON + 1, samplePdf(), "waits-for-its-lesson.pdf")).json() as { file: StudioFile };
      expect((await post(`/reactapi/studio/files/${file.id}/delete`, { revision: file.revision })).statusCode).toBe(200);
      const lesson = (await get(`/reactapi/studio/lessons/${LESSON + 1}`)).json() as StudioLesson;
      expect((await post(`/reactapi/studio/lessons/${LESSON + 1}/delete`, { revision: lesson.revision })).statusCode).toBe(200);
      const items = ((await get("/reactapi/studio/trash")).json() as { items: TrashItem[] }).items;
      const fileItem = items.find((each) => each.kind === "file" && each.title === "waits-for-its-lesson.pdf")!;
      const lessonItem = items.find((each) => each.kind === "lesson" && each.title === lesson.title)!;

      const early = await post(`/reactapi/studio/trash/${fileItem.id}/restore`, {});
      expect(early.statusCode).toBe(409);
      expect(early.json().error).toBe(
        "The lesson it was in is no longer there. Restore that lesson (or what it was in) from the Trash first.",
      );
      expect((await post(`/reactapi/studio/trash/${lessonItem.id}/restore`, {})).statusCode).toBe(200);
      expect((await studioFiles(LESSON + 1)).map((each) => each.id)).not.toContain(file.id);
      expect((await post(`/reactapi/studio/trash/${fileItem.id}/restore`, {})).statusCode).toBe(200);
      expect((await studioFiles(LESSON + 1)).map((each) => each.id)).toContain(file.id);
    });

    it("keeps uploaded files through a content export and import, byte for byte", async () => {
      const pdf = samplePdf(FILE_CHUNK_BYTES + 10);
      const { file } = (await upload(LESSON, pdf, "round-trip.pdf")).json() as { file: StudioFile };
      const exported = await exportCatalogue(context.database.db, context.app.mediaStorage);
      const summary = await importCatalogue(context.database.db, JSON.parse(JSON.stringify(exported)), context.app.mediaStorage);
      expect(summary.changed).toBe(false);
      const url = (await memberDownloads()).find((download) => download.filename === "round-trip.pdf")!.url;
      expect(url).toBe(`/reactapi/downloads/${file.id}`);
      expect(Buffer.compare((await get(url, member.cookie)).rawPayload, pdf)).toBe(0);
    });

    it("forgets an upload that never finished after a day, and nothing else", async () => {
      const db = context.database.db;
      const filesBefore = await studioFiles();
      await db
        .insert(lessonFiles)
        .values({ id: 900_001, lessonId: null, position: 0, filename: "half.pdf", contentType: "application/pdf" });
      await db.insert(fileChunks).values({ fileId: 900_001, sequence: 0, bytes: Buffer.from("%PDF-") });
      await forgetUnfinishedUploads(db);
      expect(await db.select({ id: lessonFiles.id }).from(lessonFiles).where(eq(lessonFiles.id, 900_001))).toHaveLength(1);
      await forgetUnfinishedUploads(db, new Date(Date.now() + 25 * 60 * 60 * 1000));
      expect(await db.select({ id: lessonFiles.id }).from(lessonFiles).where(eq(lessonFiles.id, 900_001))).toEqual([]);
      expect(await db.select().from(fileChunks).where(eq(fileChunks.fileId, 900_001))).toEqual([]);
      expect(await studioFiles()).toEqual(filesBefore);
    });

    it("serves a file an earlier version kept in the database, and the sweep moves it to the storage", async () => {
      const db = context.database.db;
      const pdf = samplePdf(FILE_CHUNK_BYTES + 500);
      const { file } = (await upload(LESSON, samplePdf(), "kept-the-old-way.pdf")).json() as { file: StudioFile };
      // As an earlier version kept it: no key, the content in pieces of the database.
      await storage().remove((await storageKeyOf(file.id))!);
      await db.update(lessonFiles).set({ storageKey: null, size: pdf.length }).where(eq(lessonFiles.id, file.id));
      await db.insert(fileChunks).values([
        { fileId: file.id, sequence: 0, bytes: pdf.subarray(0, FILE_CHUNK_BYTES) },
        { fileId: file.id, sequence: 1, bytes: pdf.subarray(FILE_CHUNK_BYTES) },
      ]);
      const url = (await memberDownloads()).find((download) => download.filename === file.filename)!.url;
      expect(Buffer.compare((await get(url, member.cookie)).rawPayload, pdf)).toBe(0);

      await context.app.sweepOldRecords();
      const key = await storageKeyOf(file.id);
      expect(key).toMatch(/^lesson-files\//);
      expect(await storage().size(key!)).toBe(pdf.length);
      expect(await db.select().from(fileChunks).where(eq(fileChunks.fileId, file.id))).toEqual([]);
      const served = await get(url, member.cookie);
      expect(served.statusCode).toBe(200);
      expect(Buffer.compare(served.rawPayload, pdf)).toBe(0);
    });

    it("removes a file from the storage once no download names it, and not while its row may still be coming", async () => {
      const { file } = (await upload(LESSON, samplePdf(), "forgotten.pdf")).json() as { file: StudioFile };
      const key = (await storageKeyOf(file.id))!;
      // Written a moment ago for a row still on its way (an upload, an import): left alone.
      const arriving = `${LESSON_FILES_FOLDER}${clock.now().getTime()}-${"0".repeat(24)}`;
      await storage().put(arriving, "on its way", "text/plain");
      // Its row goes as the Trash's does after 30 days: by a delete that says nothing to the storage.
      await context.database.db.delete(lessonFiles).where(eq(lessonFiles.id, file.id));
      await context.app.sweepOldRecords();
      expect(await storedFiles()).toContain(key);

      clock.advance(2 * 60 * 60 * 1000);
      await context.app.sweepOldRecords();
      const after = await storedFiles();
      expect(after).not.toContain(key);
      expect(after).not.toContain(arriving);
      // What is left is what the rows name (files an import replaced went too), every one of them.
      const named = await context.database.db.select({ key: lessonFiles.storageKey }).from(lessonFiles);
      expect(after.sort()).toEqual(named.map((row) => row.key!).sort());
      for (const download of await memberDownloads()) expect((await get(download.url, member.cookie)).statusCode).toBe(200);
    });
  },
);
