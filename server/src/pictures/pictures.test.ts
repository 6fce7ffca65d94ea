import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { count, eq, isNotNull } from "drizzle-orm";
import { type LocalS3, startLocalS3 } from "../../../testing/s3-server.ts";
import { PICTURE_WIDTHS, pictureAddress } from "../../../contract/pictures.ts";
import { pictureVariants } from "./pictures-schema.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";

const ORIGIN = { origin: "http://localhost:80" };

// docs/studio.md, Pictures. A course's cover and her photo on About, as WebP at several widths, their
// files in the media storage (docs/storage.md). The storage is the same whatever the database, so S3
// runs once, on PGlite; PostgreSQL keeps the disk.
describe.each([...backends.map((backend) => `${backend} and the disk`), "pglite and S3"])("pictures on %s", (setup) => {
  const backend = setup.startsWith("postgres") ? "postgres" : "pglite";
  const onS3 = setup.endsWith("S3");
  let s3: LocalS3 | undefined;
  let dataDir: string;
  let context: TestApp;
  let instructor: string;
  let member: string;
  let photo: Buffer;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "pictures-data-"));
    s3 = onS3 ? await startLocalS3() : undefined;
    context = await createTestApp(backend, { environment: { DATA_DIR: dataDir, ...s3?.environment } });
    instructor = (await signedInInstructor(context.app, context.database.db, "pictures-instructor")).cookie;
    member = (await signedInMember(context.app, "pictures-member")).cookie;
    // A phone's photo: large, sideways by its EXIF orientation, and carrying where it was taken.
    photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 200, g: 150, b: 140 } } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Maya", ImageDescription: "At home, 12 Elm Street" } })
      .toBuffer();
  });
  afterAll(async () => {
    await context.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (url: string, file: Buffer | null, filename = "photo.jpg", headers: Record<string, string> = ORIGIN) => {
    const form = new FormData();
    if (file) form.append("file", new Blob([new Uint8Array(file)]), filename);
    return context.app.inject({ method: "POST", url, headers: { cookie: instructor, ...headers }, payload: form });
  };
  const get = (url: string, cookie?: string) => context.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const variants = async () => Number((await context.database.db.select({ total: count() }).from(pictureVariants))[0]!.total);

  it("keeps a course's cover as WebP at every width, without its metadata, served for a year under a name that never changes", async () => {
    const saved = await upload("/reactapi/studio/courses/2/cover", photo);
    expect(saved.statusCode, saved.body).toBe(200);
    const picture = saved.json().picture as string;
    expect(picture).toMatch(/^[a-f0-9]{32}$/);
    expect(saved.json().message).toMatch(/The new picture of "Birth After a Hard Birth" is saved/);
    expect((await get("/reactapi/studio/courses/2", instructor)).json().cover_picture).toBe(picture);
    const listed = (await get("/reactapi/getcourses", member)).json().courses.find((course: { id: number }) => course.id === 2);
    expect(listed.course_cover).toBe(picture);

    for (const width of PICTURE_WIDTHS) {
      const served = await get(pictureAddress(picture, width));
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/webp");
      expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height: Math.round((width * 1600) / 2400) });
      expect(metadata.exif).toBeUndefined();
    }
    // The same picture again is kept once.
    const before = await variants();
    expect((await upload("/reactapi/studio/courses/3/cover", photo)).json().picture).toBe(picture);
    expect(await variants()).toBe(before);

    const removed = await context.app.inject({
      method: "POST",
      url: "/reactapi/studio/courses/2/cover/delete",
      headers: { ...jsonHeaders, cookie: instructor },
      payload: {},
    });
    expect(removed.json()).toEqual({ picture: null, message: '"Birth After a Hard Birth" shows its built-in picture again.' });
    const back = (await get("/reactapi/getcourses", member)).json().courses.find((course: { id: number }) => course.id === 2);
    expect(back).not.toHaveProperty("course_cover");
  });

  it("refuses what is not a picture, an empty or too large file, an upload from another page, and a member", async () => {
    const before = await variants();
    const text = await upload("/reactapi/studio/courses/2/cover", Buffer.from("Not a picture at all.\n"), "evil.jpg");
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe("That file is not a picture this site can show. Please choose a JPEG, PNG or WebP photo.");
    expect((await upload("/reactapi/studio/courses/2/cover", Buffer.alloc(0))).statusCode).toBe(400);
    expect((await upload("/reactapi/studio/courses/2/cover", null)).json().details).toEqual({ file: "Choose a picture to upload." });
    const huge = await upload("/reactapi/studio/courses/2/cover", Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect((await upload("/reactapi/studio/courses/2/cover", photo, "photo.jpg", {})).statusCode).toBe(403);
    expect((await upload("/reactapi/studio/courses/999/cover", photo)).statusCode).toBe(404);
    expect(await variants()).toBe(before);
    const asMember = new FormData();
    asMember.append("file", new Blob([new Uint8Array(photo)]), "photo.jpg");
    const refused = await context.app.inject({
      method: "POST",
      url: "/reactapi/studio/courses/2/cover",
      headers: { cookie: member, ...ORIGIN },
      payload: asMember,
    });
    expect(refused.statusCode).toBe(403);
    expect((await get(pictureAddress("0".repeat(32), 320))).statusCode).toBe(404);
    expect((await get("/reactapi/pictures/nothing.png")).statusCode).toBe(400);
  });

  it("puts her photo on About and takes it off", async () => {
    const saved = await upload("/reactapi/studio/site/about/photo", photo);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get("/reactapi/pages/about")).json().photo).toBe(saved.json().picture);
    expect((await get("/reactapi/studio/site/about", instructor)).json().photo).toBe(saved.json().picture);
    const removed = await context.app.inject({
      method: "POST",
      url: "/reactapi/studio/site/about/photo/delete",
      headers: { ...jsonHeaders, cookie: instructor },
      payload: {},
    });
    expect(removed.statusCode).toBe(200);
    expect((await get("/reactapi/pages/about")).json().photo).toBeNull();
  });

  it("keeps each width's file in the media storage, and moves a picture the database kept before into it", async () => {
    const saved = await upload("/reactapi/studio/courses/2/cover", photo);
    const picture = saved.json().picture as string;
    const rows = await context.database.db.select().from(pictureVariants).where(eq(pictureVariants.picture, picture));
    expect(rows.map((row) => row.bytes)).toEqual(PICTURE_WIDTHS.map(() => null));
    const served = await get(pictureAddress(picture, 320));
    expect(served.statusCode).toBe(200);
    expect(Number(served.headers["content-length"])).toBe(served.rawPayload.length);
    if (!onS3) expect(await readFile(path.join(dataDir, "media", "pictures", `${picture}-320.webp`))).toEqual(served.rawPayload);

    // A picture stored by the version before the media storage: served from its row, then moved by the sweep.
    const older = "b".repeat(32);
    const webp = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 90, g: 60, b: 80 } } })
      .webp()
      .toBuffer();
    await context.database.db.insert(pictureVariants).values({ picture: older, width: 320, height: 200, bytes: webp });
    expect((await get(pictureAddress(older, 320))).rawPayload).toEqual(webp);
    await context.app.sweepOldRecords();
    expect(await context.database.db.select().from(pictureVariants).where(isNotNull(pictureVariants.bytes))).toEqual([]);
    const moved = await get(pictureAddress(older, 320));
    expect(moved.statusCode).toBe(200);
    expect(moved.rawPayload).toEqual(webp);
    if (!onS3) expect(await readFile(path.join(dataDir, "media", "pictures", `${older}-320.webp`))).toEqual(webp);
  });
});
