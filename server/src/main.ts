import { forgetOldRateLimitHits } from "./rate-limits/sliding-window.ts";
import { forgetOldMail } from "./mail/outbox.ts";
import { buildApp, logRedactions } from "./app.ts";
import { dailyBackupWork, embeddedClient } from "./backups/backups.ts";
import { startTimedWork } from "./timed-work/timed-work.ts";
import { claimDataDir, startAdminSocket } from "./cli/admin-socket.ts";
import { loadConfig } from "./config.ts";
import { fileClock } from "./lib/clock.ts";
import { openDatabase } from "./db/client.ts";
import { keepDataDirPrivate, tightenedSentence } from "./db/data-dir.ts";
import { seedNewInstallation } from "./seed.ts";
import { offerInstructorSetup } from "./studio/setup/instructor-setup.ts";

const config = loadConfig();
const tightened = config.databaseUrl ? [] : keepDataDirPrivate(config.dataDir);
// The database opens before the app and its logger exist; a line before then goes to the console.
let log: { info: (message: string) => void; warn: (message: string) => void } = console;
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  listenForChanges: { log: { info: (message) => log.info(message), warn: (message) => log.warn(message) } },
});
const releaseDataDir = config.databaseUrl ? () => {} : claimDataDir(config.dataDir);
const app = await buildApp({
  db: database.db,
  config,
  cacheTrust: database.cacheTrust,
  poolStats: database.poolStats,
  webRoot: config.webRoot,
  ...(config.testClockFile ? { clock: fileClock(config.testClockFile) } : {}),
  logger: {
    level: config.logLevel,
    redact: { paths: logRedactions, censor: "[redacted]" },
    // A person at a terminal reads lines; a log collector (stdout not a terminal) gets JSON.
    ...(process.stdout.isTTY
      ? { transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } } }
      : {}),
  },
});
log = app.log;
const tightenedNote = tightenedSentence(config.dataDir, tightened);
if (tightenedNote) app.log.warn(tightenedNote);
if (config.seedDemoContent) await seedNewInstallation(database.db, app.mediaStorage, app.log, app.seedCapabilities);
await offerInstructorSetup(database.db, app.log, config.publicUrl);
const stopAdminSocket = config.databaseUrl
  ? async () => {}
  : await startAdminSocket(config.dataDir, { db: database.db, storage: app.mediaStorage }, app.log);
const embedded = embeddedClient(database.db);

// Expired sessions and old login failures are ignored anyway; sweeping them keeps the tables small.
// Each capability sweeps its own (its manifest's sweeps: ended grants, old Stripe records, old Trash…).
const sweepSessions = () =>
  Promise.all([forgetOldRateLimitHits(database.db), forgetOldMail(database.db), app.sweepOldRecords()]).catch((error: unknown) =>
    app.log.warn({ err: error }, "could not sweep expired sessions, rate-limit counts, old mail and what each capability no longer needs"),
  );
const stopTimedWork = startTimedWork(
  [
    { name: "the sweep of expired records", everyMs: 6 * 60 * 60 * 1000, firstAfterMs: 0, run: sweepSessions },
    ...(embedded && config.backupKeep > 0 ? [dailyBackupWork(embedded, config.dataDir, config.backupKeep, app.log)] : []),
  ],
  app.log,
);

const STOP_PATIENCE_MS = 20_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "stopping: finishing requests in flight");
  // A supervisor waits for the process to end; one that never does (a request or a close that
  // hangs) would hold the port and the data directory until it is killed without a word.
  setTimeout(() => {
    app.log.error(`could not stop within ${STOP_PATIENCE_MS / 1000} s: exiting without finishing`);
    process.exit(1);
  }, STOP_PATIENCE_MS).unref();
  // app.close stops accepting connections and waits for the requests already in flight.
  // A keep-alive connection whose last request finishes after close() began would hold the
  // process open; close connections as soon as they fall idle.
  const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await app.close();
    clearInterval(closeIdle);
    await stopAdminSocket();
    stopTimedWork();
    await database.close();
    releaseDataDir();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "could not stop cleanly");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Ready on http://localhost:${config.port} (database: ${database.kind === "pglite" ? `embedded, in ${config.dataDir}` : "PostgreSQL"})`,
);
