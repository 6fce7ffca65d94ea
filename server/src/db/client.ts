import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Database } from "./types.ts";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type CacheTrust, neverTrusted, onlyWriter } from "./data-changes.ts";
import { serverPaths } from "../paths.ts";
import { ChangeListener } from "./change-listener.ts";
import { tightenToOwner } from "./data-dir.ts";

export type { Database, Queryable, Transaction } from "./types.ts";

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Whether in-memory caches may answer now (see data-changes.ts). */
  cacheTrust: CacheTrust;
  /** PostgreSQL's connection pool, for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** PGlite's data directory as one tar file, which `pgliteDump` starts another database from. */
  dump?: () => Promise<Blob>;
  close: () => Promise<void>;
};

const migrationsFolder = serverPaths.migrations;
// Any constant works; it only has to be the same for every app server sharing one PostgreSQL.
const MIGRATION_LOCK_ID = 720_451_903;

export type DatabaseOptions = {
  /** A PostgreSQL URL; when absent, the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; "memory" keeps them nowhere (tests). */
  dataDir: string | "memory";
  poolSize?: number;
  /**
   * On PostgreSQL, hear the changes other processes announce, so that caches can be trusted (a
   * server does; a short-lived CLI run does not need to). Its log gets a line when that stops and resumes.
   */
  listenForChanges?: { log: { info: (message: string) => void; warn: (message: string) => void } };
  /** Told the text of every statement the app sends (a test counts what one request costs). */
  onQuery?: (statement: string) => void;
  /**
   * For a "memory" PGlite: a data directory to start from (PGlite's dumpDataDir), migrated
   * already; the migrations then only confirm it. Test apps start from one instead of replaying
   * every migration on a new database.
   */
  pgliteDump?: Blob;
};

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery ? { logQuery: options.onQuery } : undefined;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.listenForChanges, logger);
  return openPglite(options.dataDir, logger, options.pgliteDump);
}

// PostgreSQL's default of 128 MB of shared buffers is sized for a dedicated server; inside PGlite
// every buffer is resident memory of this process, and the operating system caches the files
// anyway. 8 MB (with the Node flags of `npm run serve`, see docs/performance.md) keeps the whole
// embedded server under 200 MB (the bench's server.rss_idle_mb).
const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=8MB"];
// Trigrams, for a search's tolerance of a typo (docs/search.md), as PostgreSQL's contrib offers them.
const pgliteExtensions = { pg_trgm };

async function openPglite(dataDir: string, logger?: Logger, dump?: Blob): Promise<DatabaseHandle> {
  let client: PGlite;
  if (dataDir === "memory") {
    client = new PGlite({ startParams: pgliteStartParams, extensions: pgliteExtensions, ...(dump ? { loadDataDir: dump } : {}) });
  } else {
    const directory = path.join(dataDir, "pglite");
    mkdirSync(directory, { recursive: true });
    if (!existsSync(path.join(directory, "PG_VERSION"))) await initialisePgliteDirectory(directory);
    client = new PGlite(directory, { startParams: pgliteStartParams, extensions: pgliteExtensions });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { logger }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder });
  // PGlite sets some files' modes itself, past the umask: the files of a new database (0666) and
  // the catalogue cache it writes as it starts (0644). Once it has started, they are made owner-only.
  if (dataDir !== "memory") tightenToOwner(path.join(dataDir, "pglite"));
  return { db, kind: "pglite", cacheTrust: onlyWriter, dump: () => client.dumpDataDir("none"), close: () => client.close() };
}

/**
 * Creates a new PGlite data directory (PostgreSQL's initdb) in a short-lived process. initdb runs
 * a second WebAssembly instance whose memory this process would keep for its whole life (some
 * 500 MB of resident memory measured on Node 20, even after garbage collection); a process that
 * exits gives all of it back.
 */
async function initialisePgliteDirectory(directory: string): Promise<void> {
  const script = `
    const [pgliteUrl, directory] = process.argv.slice(1);
    const { PGlite } = await import(pgliteUrl);
    const client = new PGlite(directory);
    await client.waitReady;
    await client.close();
  `;
  try {
    await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "--eval",
      script,
      import.meta.resolve("@electric-sql/pglite"),
      directory,
    ]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${directory}${stderr ? `: ${stderr}` : ""}`, { cause: error });
  }
}

async function openPostgres(
  databaseUrl: string,
  poolSize: number,
  listenForChanges: DatabaseOptions["listenForChanges"],
  logger?: Logger,
): Promise<DatabaseHandle> {
  // A database that cannot be reached fails a request in seconds (a 503 for the member), not never.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 3_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle connection can be cut by the server (a restart, a failover); without a listener that
  // would crash the process. The pool replaces the connection; the next query reports any outage.
  pool.on("error", (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  // A connection lost while checked out (inside a transaction, between two statements) reports it
  // as an "error" event on its client, which would end the process if nobody listened; the next
  // statement on that client fails instead, and the request gets a 503.
  pool.on("connect", (client) => client.on("error", () => {}));
  // Several app servers may start at once; only one of them may run the migrations.
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePostgres(pool, { logger }) as unknown as Database;
  const listener = listenForChanges ? new ChangeListener(databaseUrl, listenForChanges.log) : undefined;
  await listener?.start();
  return {
    db,
    kind: "postgres",
    cacheTrust: listener ?? neverTrusted,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await listener?.close();
      await pool.end();
    },
  };
}

/** PostgreSQL's error code of a failed query, looking through the wrappers drizzle adds. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (const { code } of errorAndCauses(error)) {
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** An error and the errors it wraps (drizzle wraps the driver's), a few levels deep. */
function* errorAndCauses(error: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    yield current as { code?: unknown; message?: unknown; cause?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}
export const UNIQUE_VIOLATION = "23505";

// Connection exceptions (class 08), a server shutting down or restarting (57P01-57P03), too many
// connections (53300), and the network errors and messages node-postgres reports for a lost server.
const UNAVAILABLE_CODES = /^(08...|57P0[1-3]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i;

/** Whether a failed query failed because the database could not be reached, not because of the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of errorAndCauses(error)) {
    if (typeof code === "string" && UNAVAILABLE_CODES.test(code)) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}
