import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchPostgres, GOOD_PASSWORD, migratedDataDir, postgresMissingNotice, uniqueEmail } from "../../../testing/test-app.ts";
import { postJson, runAdmin, type RunningServer, sessionCookieFrom, startServer, stopServer } from "../../../testing/server-process.ts";
import { listDailyBackups, takeDailyBackup } from "./backups.ts";
import { backupMedia, mediaCopyOf, mediaLeftWhereTheyAre, plannedMediaRestore, restoreMedia } from "./media-backup.ts";
import type { StorageSettings } from "../storage/storage.ts";

const scratchDirectories: string[] = [];
function freshDirectory(prefix = "doula-backup-"): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  scratchDirectories.push(directory);
  return directory;
}
// A test that fails before its own stopServer would leave its server running after Vitest ends.
const serversStarted: RunningServer[] = [];
async function startTestServer(environment: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(environment);
  serversStarted.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(serversStarted.map((server) => stopServer(server)));
  for (const directory of scratchDirectories) rmSync(directory, { recursive: true, force: true });
});

type Acknowledged = { registered: { email: string; at: number }[]; feedback: { note: string; at: number }[] };

/** Registrations and feedback from four clients until stopped; each write with the moment it was acknowledged. */
function writeContinuously(server: RunningServer, code: string, cookie: string) {
  const acknowledged: Acknowledged = { registered: [], feedback: [] };
  let stopped = false;
  let turn = 0;
  const writers = Array.from({ length: 4 }, async () => {
    while (!stopped) {
      const mine = turn++;
      if (mine % 2 === 0) {
        const email = uniqueEmail("backed-up");
        const response = await postJson(`${server.url}/reactapi/users/register`, { email, password: GOOD_PASSWORD, access_code: code });
        if (response.status === 201) acknowledged.registered.push({ email, at: Date.now() });
      } else {
        const note = `backup note ${mine}`;
        const response = await postJson(`${server.url}/reactapi/feedback`, { satisfaction: 4, recommend: 4, comments: note }, cookie);
        if (response.status === 201) acknowledged.feedback.push({ note, at: Date.now() });
      }
    }
  });
  return {
    acknowledged,
    stop: async () => {
      stopped = true;
      await Promise.all(writers);
    },
  };
}

async function expectHoldsWritesBefore(environment: Record<string, string>, acknowledged: Acknowledged, before: number) {
  const users = (await runAdmin(["user", "list"], environment)).stdout;
  const inbox = (await runAdmin(["inbox", "list", "--kind", "feedback"], environment)).stdout;
  const registeredBefore = acknowledged.registered.filter((write) => write.at < before);
  const feedbackBefore = acknowledged.feedback.filter((write) => write.at < before);
  expect(registeredBefore.length).toBeGreaterThan(0);
  expect(feedbackBefore.length).toBeGreaterThan(0);
  expect(registeredBefore.filter((write) => !users.includes(write.email))).toEqual([]);
  expect(feedbackBefore.filter((write) => !inbox.includes(`comments: ${write.note}\n`))).toEqual([]);
}

async function startedWithCode(environment: Record<string, string>) {
  const server = await startTestServer(environment);
  const [, code] = await server.waitForOutput(/Beta access code for registration: ([A-Z0-9-]+)/);
  const writer = uniqueEmail("writer");
  expect(
    (await postJson(`${server.url}/reactapi/users/register`, { email: writer, password: GOOD_PASSWORD, access_code: code })).status,
  ).toBe(201);
  const cookie = sessionCookieFrom(await postJson(`${server.url}/reactapi/users/login`, { email: writer, password: GOOD_PASSWORD }));
  return { server, code: code!, cookie, writer };
}

describe("backups of the embedded database", () => {
  it(
    "copies a running server's database during writes, and the copy restores into a new data directory that starts, serves and holds every write acknowledged before the backup began",
    { timeout: 120_000 },
    async () => {
      // Migrated already (testing/test-app.ts): the test is of the backup, not of a first start.
      const dataDir = migratedDataDir();
      scratchDirectories.push(dataDir);
      const file = path.join(freshDirectory(), "courses.tar.gz");
      // A file in the media storage (docs/storage.md), which the backup carries beside the database
      // (not a video's folder: the server removes those no lesson names).
      mkdirSync(path.join(dataDir, "media", "files"), { recursive: true });
      writeFileSync(path.join(dataDir, "media", "files", "welcome.txt"), "Welcome\n");
      const { server, code, cookie, writer } = await startedWithCode({ DATA_DIR: dataDir });
      const load = writeContinuously(server, code, cookie);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const backupBegan = Date.now();
      const backup = await runAdmin(["backup", file], { DATA_DIR: dataDir });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await load.stop();
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backed up the database to ${file}`);
      // Beside it, the seeded demo's lesson downloads (docs/storage.md), which the backup carries too.
      const downloads = readdirSync(path.join(dataDir, "media", "lesson-files"));
      expect(downloads.length).toBeGreaterThan(0);
      expect(backup.stdout).toContain(`Her videos and files (${downloads.length + 1} files, 0.0 MB) went to ${file}.media.tar`);
      // Refused while the server runs: a restore needs it stopped.
      const whileRunning = await runAdmin(["restore", file, "--force"], { DATA_DIR: dataDir });
      expect(whileRunning.code).toBe(1);
      expect(whileRunning.stderr).toContain("stop it first");
      await stopServer(server);

      const restoredDir = freshDirectory();
      const restored = await runAdmin(["restore", file], { DATA_DIR: restoredDir });
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`are back in ${path.join(restoredDir, "media")}`);
      expect(readFileSync(path.join(restoredDir, "media", "files", "welcome.txt"), "utf8")).toBe("Welcome\n");
      expect(readdirSync(path.join(restoredDir, "media", "lesson-files")).sort()).toEqual(downloads.sort());
      await expectHoldsWritesBefore({ DATA_DIR: restoredDir }, load.acknowledged, backupBegan);
      const again = await startTestServer({ DATA_DIR: restoredDir });
      try {
        expect((await fetch(`${again.url}/reactapi/getcourses`)).status).toBe(200);
        expect((await postJson(`${again.url}/reactapi/users/login`, { email: writer, password: GOOD_PASSWORD })).status).toBe(200);
        expect(again.output()).not.toMatch(/Beta access code for registration/);
      } finally {
        await stopServer(again);
      }

      const overExisting = await runAdmin(["restore", file], { DATA_DIR: restoredDir });
      expect(overExisting.code).toBe(1);
      expect(overExisting.stderr).toContain("already holds a database");
      const forced = await runAdmin(["restore", file, "--force"], { DATA_DIR: restoredDir });
      expect(forced.code, forced.stderr).toBe(0);
      expect(readdirSync(restoredDir).some((name) => name.startsWith("pglite.before-restore-"))).toBe(true);
    },
  );

  it("refuses a file that is not a backup, and a backup of nothing, with a sentence", async () => {
    const notABackup = path.join(freshDirectory(), "notes.txt");
    writeFileSync(notABackup, "hello");
    const refused = await runAdmin(["restore", notABackup], { DATA_DIR: freshDirectory() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is not a backup made by");
    const empty = await runAdmin(["backup", path.join(freshDirectory(), "x.tar.gz")], { DATA_DIR: freshDirectory() });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("There is no database in");
    expect((await runAdmin(["backup"], {})).code).toBe(2);
  });

  it("takes a daily backup when the newest is a day old, and keeps only the newest BACKUP_KEEP", async () => {
    const dataDir = freshDirectory();
    const client = new PGlite(path.join(dataDir, "pglite"));
    try {
      await client.query("create table users (id int)");
      const day = 24 * 60 * 60 * 1000;
      const start = new Date("2026-11-20T03:00:00Z");
      expect(await takeDailyBackup(client, dataDir, 2, start)).toMatch(/backup-2026-11-20T03-00-00Z\.tar\.gz$/);
      const [first] = listDailyBackups(dataDir);
      utimesSync(first!, start, start);
      expect(await takeDailyBackup(client, dataDir, 2, new Date(start.getTime() + day / 2))).toBeUndefined();
      for (let later = 1; later <= 3; later++) {
        const now = new Date(start.getTime() + later * day);
        const taken = await takeDailyBackup(client, dataDir, 2, now);
        expect(taken).toBeDefined();
        utimesSync(taken!, now, now);
      }
      expect(listDailyBackups(dataDir).map((file) => path.basename(file))).toEqual([
        "backup-2026-11-23T03-00-00Z.tar.gz",
        "backup-2026-11-22T03-00-00Z.tar.gz",
      ]);
      expect(existsSync(`${listDailyBackups(dataDir)[0]}.partial`)).toBe(false);
    } finally {
      await client.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("backups of a PostgreSQL database", () => {
  it(
    "copies it with pg_dump while the server writes, and restores into an empty database that serves every write acknowledged before",
    { timeout: 120_000 },
    async () => {
      const [source, target] = await Promise.all([createScratchPostgres(), createScratchPostgres()]);
      const file = path.join(freshDirectory(), "courses.dump");
      const { server, code, cookie } = await startedWithCode({ DATABASE_URL: source.url, DATA_DIR: freshDirectory() });
      try {
        const load = writeContinuously(server, code, cookie);
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const backupBegan = Date.now();
        const backup = await runAdmin(["backup", file], { DATABASE_URL: source.url });
        await load.stop();
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toContain("with pg_dump");

        const restored = await runAdmin(["restore", file], { DATABASE_URL: target.url });
        expect(restored.code, restored.stderr).toBe(0);
        await expectHoldsWritesBefore({ DATABASE_URL: target.url }, load.acknowledged, backupBegan);
        const refused = await runAdmin(["restore", file], { DATABASE_URL: target.url });
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain("already holds this app's tables");
        const onRestored = await startTestServer({ DATABASE_URL: target.url, DATA_DIR: freshDirectory() });
        try {
          expect((await fetch(`${onRestored.url}/reactapi/getcourses`)).status).toBe(200);
        } finally {
          await stopServer(onRestored);
        }
      } finally {
        await stopServer(server);
        await Promise.all([source.drop(), target.drop()]);
      }
    },
  );
});
if (!process.env.TEST_DATABASE_URL) it.skip(`backups of a PostgreSQL database: ${postgresMissingNotice}`, () => {});

// docs/operations.md, "Backups": `backup` carries the disk's media beside the database's copy, and
// `restore` puts them back; media in a bucket stay there, and the CLI says so.
const onDisk = (dataDir: string): StorageSettings => ({ dataDir, s3: null });
const inBucket = (dataDir: string): StorageSettings => ({
  dataDir,
  s3: { bucket: "her-media", endpoint: "https://s3.example.net", region: "auto", accessKeyId: "id", secretAccessKey: "secret" },
});

/** A data directory with one transcoded video's files in its media storage. */
function dataDirWithMedia() {
  const dataDir = freshDirectory();
  const folder = path.join(dataDir, "media", "videos", "12", "0123456789abcdef01234567");
  mkdirSync(path.join(folder, "720p"), { recursive: true });
  writeFileSync(path.join(folder, "master.m3u8"), "#EXTM3U\n");
  writeFileSync(path.join(folder, "720p", "segment-00000.ts"), Buffer.alloc(4096, 7));
  return { dataDir, folder };
}

describe("the media's half of a backup", () => {
  it("copies the disk's media beside the backup, and a restore puts every file back", async () => {
    const { dataDir } = dataDirWithMedia();
    const file = path.join(freshDirectory(), "courses.tar.gz");
    expect(await backupMedia(onDisk(dataDir), file)).toBe(
      `Her videos and files (2 files, 0.0 MB) went to ${file}.media.tar: keep it with the backup.`,
    );
    expect(existsSync(mediaCopyOf(file))).toBe(true);

    const restoredDir = freshDirectory();
    const copy = await plannedMediaRestore(onDisk(restoredDir), file, false);
    expect(copy).toBe(mediaCopyOf(file));
    expect(await restoreMedia(onDisk(restoredDir), copy!)).toBe(
      `Her videos and files (2 files, 0.0 MB) are back in ${path.join(restoredDir, "media")}.`,
    );
    const restored = path.join(restoredDir, "media", "videos", "12", "0123456789abcdef01234567");
    expect(readFileSync(path.join(restored, "master.m3u8"), "utf8")).toBe("#EXTM3U\n");
    expect(readFileSync(path.join(restored, "720p", "segment-00000.ts"))).toEqual(Buffer.alloc(4096, 7));
  });

  it("refuses to restore over media already there unless forced, and then keeps them aside", async () => {
    const { dataDir } = dataDirWithMedia();
    const file = path.join(freshDirectory(), "courses.tar.gz");
    await backupMedia(onDisk(dataDir), file);
    const other = dataDirWithMedia().dataDir;
    await expect(plannedMediaRestore(onDisk(other), file, false)).rejects.toThrow(
      `${path.join(other, "media")} already holds media. Restore into an empty data directory, or add --force`,
    );
    const copy = await plannedMediaRestore(onDisk(other), file, true);
    expect(await restoreMedia(onDisk(other), copy!)).toMatch(/The media it held before are kept in .*media\.before-restore-/);
    expect(readdirSync(other).filter((name) => name.startsWith("media.before-restore-"))).toHaveLength(1);
  });

  it("writes no copy when there are no media, and removes one an earlier backup of the same name left", async () => {
    const file = path.join(freshDirectory(), "courses.tar.gz");
    writeFileSync(mediaCopyOf(file), "left from before");
    expect(await backupMedia(onDisk(freshDirectory()), file)).toBe("There are no videos or files in the media storage to copy.");
    expect(existsSync(mediaCopyOf(file))).toBe(false);
    expect(await plannedMediaRestore(onDisk(freshDirectory()), file, false)).toBeNull();
  });

  it("says the media stay in the bucket when there is one, and will not put a disk's copy there", async () => {
    const { dataDir } = dataDirWithMedia();
    const file = path.join(freshDirectory(), "courses.tar.gz");
    expect(await backupMedia(inBucket(dataDir), file)).toBe(
      "Her videos and files stay in the bucket her-media at https://s3.example.net: the backup holds the database only, so keep the bucket's own versions or copies.",
    );
    expect(existsSync(mediaCopyOf(file))).toBe(false);
    expect(mediaLeftWhereTheyAre(inBucket(dataDir))).toBe(
      "Her videos and files are in the bucket her-media at https://s3.example.net, as before.",
    );
    expect(mediaLeftWhereTheyAre(onDisk(dataDir))).toBeNull();

    await backupMedia(onDisk(dataDir), file);
    await expect(plannedMediaRestore(inBucket(freshDirectory()), file, false)).rejects.toThrow(
      "holds media copied from a server's disk, but this installation keeps its media in the bucket her-media",
    );
  });

  it("refuses a copy with anything outside the media folder, before the database is touched", async () => {
    const file = path.join(freshDirectory(), "courses.tar.gz");
    const elsewhere = freshDirectory();
    mkdirSync(path.join(elsewhere, "pglite"));
    writeFileSync(path.join(elsewhere, "pglite", "PG_VERSION"), "17\n");
    execFileSync("tar", ["--create", "--file", mediaCopyOf(file), "--directory", elsewhere, "pglite"]);
    await expect(plannedMediaRestore(onDisk(freshDirectory()), file, false)).rejects.toThrow(
      `${mediaCopyOf(file)} is not a media copy made by \`npm run admin -- backup\`.`,
    );
    writeFileSync(mediaCopyOf(file), "not a tar file at all");
    await expect(plannedMediaRestore(onDisk(freshDirectory()), file, false)).rejects.toThrow("is not a media copy made by");
  });
});
