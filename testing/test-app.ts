import { randomBytes } from "node:crypto";
import { mkdtempSync, openAsBlob } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { serverPaths } from "../server/src/paths.ts";
import { createScratchPostgres as createScratchDatabase } from "./scratch-postgres.ts";
import { unpackMigratedPglite } from "./database-templates.ts";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { Writable } from "node:stream";
import type { FastifyInstance, FastifyServerOptions, LightMyRequestResponse } from "fastify";
import { createAccessCode } from "../server/src/access-codes/access-codes-repository.ts";
import { buildApp } from "../server/src/app.ts";
import { embeddedClient } from "../server/src/backups/backups.ts";
import type { Clock } from "../server/src/lib/clock.ts";
import { importCatalogue } from "../server/src/catalogue/catalogue-transfer.ts";
import { openMediaStorage } from "../server/src/storage/media-storage.ts";
import { loadConfig } from "../server/src/config.ts";
import { type Database, type DatabaseHandle, openDatabase } from "../server/src/db/client.ts";
import { findUserByEmail } from "../server/src/accounts/users-repository.ts";
import { commandLine } from "../server/src/activity/activity-repository.ts";
import { setRole } from "../server/src/studio/members/member-operations.ts";
import { tokenMailedTo } from "./outbox-links.ts";

export type Backend = "pglite" | "postgres";

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** The backends the database tests run on: always PGlite, and PostgreSQL when TEST_DATABASE_URL names one. */
export const backends: Backend[] = testDatabaseUrl ? ["pglite", "postgres"] : ["pglite"];
export const postgresMissingNotice =
  "TEST_DATABASE_URL is not set: the PostgreSQL runs of the database tests did not run (PGlite runs did).";

/** An empty PostgreSQL database for one test file, beside TEST_DATABASE_URL. */
export function createScratchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) throw new Error(postgresMissingNotice);
  return createScratchDatabase(testDatabaseUrl);
}

/** A PostgreSQL database for one test app, a copy of the run's migrated one (testing/database-templates.ts). */
function createMigratedPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testDatabaseUrl) throw new Error(postgresMissingNotice);
  return createScratchDatabase(testDatabaseUrl, "test", inject("postgresTemplate") ?? undefined);
}

let pgliteDump: Promise<Blob> | undefined;
/** The run's migrated PGlite data directory, read once per test file. */
const migratedPglite = () => (pgliteDump ??= openAsBlob(inject("pgliteDumpFile")));

/**
 * PGlite databases test apps of this worker closed, brought back to the migrated state, for the
 * next test app: emptying one costs about a third of the CPU of starting PostgreSQL again inside
 * WebAssembly (docs/development.md, "A fast test run"). The server's files share their worker's
 * modules (vitest.config.ts), so a database outlives the file that opened it.
 */
const idlePglite: DatabaseHandle[] = [];
const IDLE_PGLITE_KEPT = 2;

async function takePglite(): Promise<DatabaseHandle> {
  return idlePglite.pop() ?? openDatabase({ dataDir: "memory", pgliteDump: await migratedPglite() });
}

async function giveBackPglite(database: DatabaseHandle): Promise<void> {
  if (idlePglite.length >= IDLE_PGLITE_KEPT) return database.close();
  const client = embeddedClient(database.db)!;
  try {
    // Session state first (settings, advisory locks), alone: it may not run inside a transaction.
    await client.exec("discard all");
    await client.exec(inject("pgliteResetScript"));
  } catch {
    // A test closed it (a broken database) or left it unusable: it is not given to another app.
    await database.close().catch(() => {});
    return;
  }
  idlePglite.push(database);
}

export const DEMO_CODE = "TEST-CODE";
export const demoCatalogue = JSON.parse(await readFile(serverPaths.demoCatalogue, "utf8")) as Record<string, unknown>;

// Each test app's database, so signedInMember can open the link of her welcome mail as she would.
const databaseOf = new WeakMap<FastifyInstance, Database>();

/** For a test that builds its own app (several servers on one database): lets signedInMember read its outbox. */
export function rememberTestDatabase(app: FastifyInstance, db: Database): FastifyInstance {
  databaseOf.set(app, db);
  return app;
}

/**
 * The configuration of every test app. Test files register members by the dozen from one address
 * (the registration limit's own test sets it back), and thousands a run: their passwords are hashed
 * at the light cost only a test server may use (the default, OWASP's, has its own test).
 */
const testServerEnvironment = {
  NODE_ENV: "test",
  REGISTRATIONS_PER_HOUR: "100000",
  BOOKINGS_PER_HOUR: "100000",
  PASSWORD_HASHING: "light",
} as const;

/**
 * Files a test app stores (a lesson's video, its downloads) go to a folder of its own, never the
 * checkout's data/ nor another app's: a sweep on a test's moved clock removes what no row of its
 * own database names, and another app's files are just that.
 */
const newDataDir = () => mkdtemp(path.join(tmpdir(), "doula-test-data-"));

/** A test app's configuration; one that runs as in production (NODE_ENV) hashes as production does. */
function testConfig(environment: Record<string, string> = {}) {
  const asInProduction = environment.NODE_ENV !== undefined && environment.NODE_ENV !== "test";
  return loadConfig({ ...testServerEnvironment, ...(asInProduction ? { PASSWORD_HASHING: "owasp" } : {}), ...environment });
}

/** A folder with no build in it: an app given it serves the API alone. */
const NO_WEB_APP = path.join(tmpdir(), "doula-test-no-web-app");

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  close: () => Promise<void>;
};

/** A fresh app on a fresh database of the given backend, with the demo catalogue and one open access code. */
export async function createTestApp(
  backend: Backend,
  options: {
    logger?: FastifyServerOptions["logger"];
    seed?: boolean;
    environment?: Record<string, string>;
    startMailSender?: boolean;
    clock?: Clock;
    onQuery?: (statement: string) => void;
    /**
     * Serve the built web app (its pages and assets), for the tests of pages. The others leave it
     * out: two routes for each static file were most of the cost of building an app (docs/development.md).
     */
    webApp?: boolean;
  } = {},
): Promise<TestApp> {
  const ownDataDir = options.environment?.DATA_DIR ? undefined : await newDataDir();
  const config = testConfig({ ...options.environment, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}) });
  const scratch = backend === "postgres" ? await createMigratedPostgres() : undefined;
  // A database whose statements a test counts is its own, with the counter from its start.
  const reusable = backend === "pglite" && !options.onQuery;
  const database = reusable
    ? await takePglite()
    : await openDatabase({
        databaseUrl: scratch?.url,
        dataDir: "memory",
        pgliteDump: backend === "pglite" ? await migratedPglite() : undefined,
        listenForChanges: { log: { info: () => {}, warn: () => {} } },
        onQuery: options.onQuery,
      });
  if (options.seed !== false) {
    const storage = await openMediaStorage(config.storage);
    try {
      await importCatalogue(database.db, demoCatalogue, storage);
    } finally {
      storage.close();
    }
    await createAccessCode(database.db, { code: DEMO_CODE });
  }
  const release = async () => {
    await (reusable ? giveBackPglite(database) : database.close());
    await scratch?.drop();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db: database.db,
      config,
      cacheTrust: database.cacheTrust,
      poolStats: database.poolStats,
      logger: options.logger ?? false,
      startMailSender: options.startMailSender,
      clock: options.clock,
      ...(options.webApp ? {} : { webRoot: NO_WEB_APP }),
    });
  } catch (error) {
    // A test of a refused start (a bad setting) leaves no database behind.
    await release();
    throw error;
  }
  rememberTestDatabase(app, database.db);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await release();
    },
  };
}

export const jsonHeaders = { "content-type": "application/json" };

let emailCounter = 0;
export function uniqueEmail(prefix = "member"): string {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${randomBytes(3).toString("hex")}@example.com`;
}
export const GOOD_PASSWORD = "calm-Birth-2025";

export function register(app: FastifyInstance, body: Record<string, unknown>): Promise<LightMyRequestResponse> {
  return app.inject({ method: "POST", url: "/reactapi/users/register", headers: jsonHeaders, payload: body });
}

export function login(app: FastifyInstance, email: string, password = GOOD_PASSWORD, headers: Record<string, string> = {}) {
  return app.inject({
    method: "POST",
    url: "/reactapi/users/login",
    headers: { ...jsonHeaders, ...headers },
    payload: { email, password },
  });
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === "session");
  if (!cookie) throw new Error(`no session cookie in the response (status ${response.statusCode})`);
  return `session=${cookie.value}`;
}

/**
 * Registers a new member with the demo code, confirms her address with the link of her welcome
 * mail (as most members do; `confirmed: false` leaves it unproven) and signs her in; returns her
 * e-mail and cookie header.
 */
export async function signedInMember(
  app: FastifyInstance,
  prefix = "member",
  { confirmed = true }: { confirmed?: boolean } = {},
): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail(prefix);
  const registered = await register(app, { email, password: GOOD_PASSWORD, access_code: DEMO_CODE });
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  if (confirmed) await confirmAddress(app, email);
  return { email, cookie: sessionCookieOf(await login(app, email)) };
}

/** Opens the confirmation link of her welcome mail (read from the outbox), as she would from her inbox. */
export async function confirmAddress(app: FastifyInstance, email: string): Promise<void> {
  const db = databaseOf.get(app);
  if (!db) throw new Error("confirmAddress needs an app made by createTestApp");
  const token = await tokenMailedTo(db, email, "welcome");
  const confirmed = await app.inject({ method: "POST", url: "/reactapi/account/email/confirm", headers: jsonHeaders, payload: { token } });
  if (confirmed.statusCode !== 200) throw new Error(`confirming ${email} failed: ${confirmed.body}`);
}

/** Registers a member, makes her an instructor (as the CLI does) and signs her in again; returns her id too. */
export async function signedInInstructor(
  app: FastifyInstance,
  db: Database,
  prefix = "instructor",
): Promise<{ email: string; cookie: string; id: number }> {
  const { email } = await signedInMember(app, prefix);
  const user = await findUserByEmail(db, email);
  await setRole(db, commandLine, user!.id, "admin");
  // A fresh session: the role is read with it.
  return { email, cookie: sessionCookieOf(await login(app, email)), id: user!.id };
}

/** A log destination that keeps every line it is given in `lines`, for tests that read the log. */
export function logInto(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}

/**
 * A new data directory whose embedded database already has every migration (the run's migrated
 * one, testing/database-templates.ts), for a server process or the admin CLI started on it: the
 * tests of something other than a first start skip replaying the migrations on disk (about 8 s
 * of CPU each).
 */
export function migratedDataDir(prefix = "doula-data-"): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  unpackMigratedPglite(inject("pgliteDumpFile"), directory);
  return directory;
}

export type TestContext = { readonly app: FastifyInstance; readonly database: DatabaseHandle };

/**
 * The preamble of a database test: a fresh app on `backend` (the demo catalogue and TEST-CODE
 * unless told otherwise) for the enclosing describe, closed after it. Its fields are there inside
 * the tests, once beforeAll has run.
 */
export function useTestApp(backend: Backend, options: Parameters<typeof createTestApp>[1] = {}): TestContext {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(backend, options);
  });
  afterAll(() => current?.close());
  const now = () => {
    if (!current) throw new Error("useTestApp's app exists inside tests, once beforeAll has run");
    return current;
  };
  return {
    get app() {
      return now().app;
    },
    get database() {
      return now().database;
    },
  };
}

export type AppServer = { handle: DatabaseHandle; app: FastifyInstance };

/**
 * Two app servers sharing one scratch PostgreSQL (docs/architecture.md: assume several), each
 * listening for the other's changes, with TEST-CODE; for the enclosing describe, closed after it.
 * The array fills once beforeAll has run.
 */
export function useAppServers(
  options: {
    /** Or a function, read as the servers start (a stand-in started in a beforeAll has its address by then). */
    environment?: Record<string, string> | (() => Record<string, string>);
    clock?: Clock;
  } = {},
): AppServer[] {
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  let ownDataDir: string | undefined;
  const servers: AppServer[] = [];
  beforeAll(async () => {
    scratch = await createMigratedPostgres();
    const given = typeof options.environment === "function" ? options.environment() : options.environment;
    ownDataDir = given?.DATA_DIR ? undefined : await newDataDir();
    const config = testConfig({ ...given, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}) });
    for (let index = 0; index < 2; index += 1) {
      const handle = await openDatabase({
        databaseUrl: scratch.url,
        dataDir: "memory",
        listenForChanges: { log: { info: () => {}, warn: () => {} } },
      });
      const app = await buildApp({
        db: handle.db,
        config,
        cacheTrust: handle.cacheTrust,
        logger: false,
        startMailSender: false,
        clock: options.clock,
      });
      servers.push({ handle, app: rememberTestDatabase(app, handle.db) });
    }
    await createAccessCode(servers[0]!.handle.db, { code: DEMO_CODE });
  });
  afterAll(async () => {
    for (const server of servers) {
      await server.app.close();
      await server.handle.close();
    }
    await scratch?.drop();
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  });
  return servers;
}
