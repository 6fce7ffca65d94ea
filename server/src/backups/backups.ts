import type { TimedWork } from "../timed-work/timed-work.ts";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, unlinkSync } from "node:fs";
import { open, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";

// Consistent copies of the whole database, and putting one back into an empty installation.
// The embedded database is copied as its data directory (a .tar.gz of PGlite's files, taken while
// no query runs); PostgreSQL with pg_dump's custom format.

const run = promisify(execFile);
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const PG_DUMP_MAGIC = Buffer.from("PGDMP");

/** PGlite's client behind the embedded database's drizzle instance; undefined on PostgreSQL. */
export function embeddedClient(db: Database): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** Writes a copy of the embedded database to file, through the process that has it open. */
export async function backupEmbedded(client: PGlite, file: string): Promise<{ bytes: number }> {
  // Everything committed so far goes into the data files, so the copy needs little recovery.
  await client.query("checkpoint");
  const dump = await client.dumpDataDir("gzip");
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Written beside, then renamed: a half-written backup never carries the final name.
  const partial = `${file}.partial`;
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, file);
  return { bytes: bytes.length };
}

async function commandExists(command: string): Promise<boolean> {
  try {
    await run(command, ["--version"]);
    return true;
  } catch {
    return false;
  }
}

const missingTool = (tool: string) =>
  new HttpError(
    400,
    `${tool} is not installed on this machine. Install PostgreSQL's client tools (for example \`apt-get install postgresql-client\`, the same major version as the server or newer), or run ${tool} where they are installed.`,
  );

/** A consistent copy of a PostgreSQL database with pg_dump (one snapshot, while app servers keep running). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<{ bytes: number }> {
  if (!(await commandExists("pg_dump"))) throw missingTool("pg_dump");
  const partial = `${file}.partial`;
  try {
    await run("pg_dump", ["--format=custom", "--no-owner", "--file", partial, "--dbname", databaseUrl], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    throw new HttpError(400, `pg_dump could not copy the database: ${firstLine((error as { stderr?: string }).stderr)}`);
  }
  await rename(partial, file);
  return { bytes: statSync(file).size };
}

/** The first line of what a command said on stderr, for the sentence that reports its failure. */
export const firstLine = (text: string | undefined) => (text ?? "").trim().split("\n")[0] || "no reason given";

/** Where a restore with --force keeps what it replaces: beside it, renamed with the moment. */
export const setAsideName = (replaced: string) => `${replaced}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;

async function readMagic(file: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch {
    throw new HttpError(400, `Cannot read ${file}: no such file, or it is not readable.`);
  }
  try {
    const buffer = Buffer.alloc(5);
    await handle.read(buffer, 0, 5, 0);
    return buffer;
  } finally {
    await handle.close();
  }
}

/** Refuses, with a sentence, a restore of `file` into DATA_DIR that restoreEmbedded would refuse, before anything is touched. */
export async function checkEmbeddedRestore(dataDir: string, file: string, force: boolean): Promise<void> {
  const magic = await readMagic(file);
  if (magic.subarray(0, 5).equals(PG_DUMP_MAGIC)) {
    throw new HttpError(400, `${file} is a PostgreSQL backup (pg_dump); restore it with DATABASE_URL set to the PostgreSQL database.`);
  }
  if (!magic.subarray(0, 2).equals(GZIP_MAGIC)) throw new HttpError(400, `${file} is not a backup made by \`npm run admin -- backup\`.`);
  if (existsSync(path.join(dataDir, "pglite", "PG_VERSION")) && !force)
    throw new HttpError(
      400,
      `${dataDir} already holds a database. Restore into an empty data directory, or add --force to set the current one aside and restore over it.`,
    );
}

/**
 * Puts an embedded backup into DATA_DIR. The installation must be stopped; it must be empty unless
 * force, and then the database it had is kept beside, renamed, rather than deleted.
 */
export async function restoreEmbedded(dataDir: string, file: string, force: boolean): Promise<{ keptAside?: string }> {
  await checkEmbeddedRestore(dataDir, file, force);
  const directory = path.join(dataDir, "pglite");
  let keptAside: string | undefined;
  if (existsSync(path.join(directory, "PG_VERSION"))) {
    keptAside = setAsideName(directory);
    renameSync(directory, keptAside);
  }
  mkdirSync(directory, { recursive: true });
  const client = new PGlite(directory, { loadDataDir: new Blob([await readFile(file)]) });
  try {
    await client.waitReady;
    // A copy that is not a database of this app would fail here, before anyone relies on it.
    await client.query("select count(*) from users");
  } catch (error) {
    await client.close().catch(() => {});
    throw new HttpError(400, `${file} could not be restored: ${(error as Error).message}`);
  }
  await client.close();
  return { keptAside };
}

/** Puts a pg_dump backup into the PostgreSQL database; it must have no tables of this app unless force. */
export async function restorePostgres(databaseUrl: string, file: string, force: boolean): Promise<void> {
  const magic = await readMagic(file);
  if (magic.subarray(0, 2).equals(GZIP_MAGIC)) {
    throw new HttpError(
      400,
      `${file} is a backup of the embedded database; restore it with DATABASE_URL unset and DATA_DIR set. To move to PostgreSQL, use content export and import.`,
    );
  }
  if (!magic.equals(PG_DUMP_MAGIC)) throw new HttpError(400, `${file} is not a backup made by \`npm run admin -- backup\`.`);
  if (!(await commandExists("pg_restore"))) throw missingTool("pg_restore");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let holdsData: boolean;
  try {
    holdsData = (await client.query("select to_regclass('public.users') is not null as present")).rows[0].present as boolean;
  } finally {
    await client.end();
  }
  if (holdsData && !force) {
    throw new HttpError(
      400,
      "That PostgreSQL database already holds this app's tables. Restore into an empty database, or add --force to replace what it holds (stop the app servers first).",
    );
  }
  try {
    await run(
      "pg_restore",
      [
        "--no-owner",
        "--single-transaction",
        "--exit-on-error",
        ...(holdsData ? ["--clean", "--if-exists"] : []),
        "--dbname",
        databaseUrl,
        file,
      ],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    throw new HttpError(400, `pg_restore could not restore ${file}: ${firstLine((error as { stderr?: string }).stderr)}`);
  }
}

const BACKUP_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily backups in DATA_DIR/backups, newest first. */
export function listDailyBackups(dataDir: string): string[] {
  const folder = path.join(dataDir, "backups");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(folder, name));
}

/** Takes today's backup when the newest is a day old or missing, and keeps only the newest `keep`. */
export async function takeDailyBackup(client: PGlite, dataDir: string, keep: number, now = new Date()): Promise<string | undefined> {
  const newest = listDailyBackups(dataDir)[0];
  let taken: string | undefined;
  if (!newest || now.getTime() - statSync(newest).mtimeMs >= DAY_MS - 60_000) {
    const folder = path.join(dataDir, "backups");
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    taken = path.join(folder, `backup-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z.tar.gz`);
    await backupEmbedded(client, taken);
  }
  for (const old of listDailyBackups(dataDir).slice(keep)) unlinkSync(old);
  return taken;
}

/** Whether a daily backup is due, asked every hour (and a minute after start), as timed work main.ts runs. */
export function dailyBackupWork(client: PGlite, dataDir: string, keep: number, log: { info: (o: object, m: string) => void }): TimedWork {
  return {
    name: "the daily backup",
    everyMs: 60 * 60 * 1000,
    firstAfterMs: 60_000,
    run: async () => {
      const file = await takeDailyBackup(client, dataDir, keep);
      if (file) log.info({ file }, "daily backup written");
    },
  };
}
