import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { backupPostgres, checkEmbeddedRestore, restoreEmbedded, restorePostgres } from "../backups/backups.ts";
import { backupMedia, mediaLeftWhereTheyAre, plannedMediaRestore, restoreMedia } from "../backups/media-backup.ts";
import { type Config, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { openMediaStorage } from "../storage/media-storage.ts";
import { keepDataDirPrivate, tightenedSentence } from "../db/data-dir.ts";
import { HttpError } from "../http/errors.ts";
import { type AdminCommand, type AdminResult, executeCommand, parseCommand, UsageError } from "./admin-commands.ts";
import { runningServerPid, sendToRunningServer } from "./admin-socket.ts";

async function run(command: AdminCommand): Promise<AdminResult> {
  const config = loadConfig();
  if (command.name === "backup") {
    // The database first (its copy is what matters most), then the media beside it.
    const database = await runOnDatabase(command, config);
    return { ...database, text: `${database.text} ${await backupMedia(config.storage, command.file)}` };
  }
  return runOnDatabase(command, config);
}

async function runOnDatabase(command: AdminCommand, config: Config): Promise<AdminResult> {
  if (!config.databaseUrl) {
    const note = tightenedSentence(config.dataDir, keepDataDirPrivate(config.dataDir, { create: false }));
    if (note) console.warn(note);
  }
  if (command.name === "restore") return restore(command, config);
  if (command.name === "backup" && config.databaseUrl) {
    const { bytes } = await backupPostgres(config.databaseUrl, command.file);
    return { text: `Backed up the PostgreSQL database to ${command.file} with pg_dump (${(bytes / 1024 / 1024).toFixed(1)} MB).` };
  }
  if (!config.databaseUrl) {
    const reply = await sendToRunningServer(config.dataDir, command);
    if (reply) {
      if (!reply.ok) throw new HttpError(reply.status, reply.error);
      return reply.result;
    }
    // The embedded database belongs to one process: opening it beside a running server could lose data.
    const pid = runningServerPid(config.dataDir);
    if (pid)
      throw new HttpError(
        503,
        `The server (pid ${pid}) is using ${config.dataDir} but its admin socket did not answer. Try again once it has started.`,
      );
  }
  if (command.name === "backup" && !existsSync(path.join(config.dataDir, "pglite", "PG_VERSION"))) {
    throw new HttpError(404, `There is no database in ${config.dataDir} to back up (set DATA_DIR to the server's data directory).`);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const storage = await openMediaStorage(config.storage);
  try {
    return await executeCommand(database.db, storage, command);
  } finally {
    storage.close();
    await database.close();
  }
}

/** A restore runs here, never in a server: the installation it fills must be stopped. */
async function restore(command: Extract<AdminCommand, { name: "restore" }>, config: Config): Promise<AdminResult> {
  const pid = config.databaseUrl ? undefined : runningServerPid(config.dataDir);
  if (pid) throw new HttpError(409, `The server (pid ${pid}) is running on ${config.dataDir}: stop it first, then restore.`);
  // Checked before anything is touched, the database's refusals first: a media copy that cannot go
  // back refuses the whole restore.
  if (!config.databaseUrl) await checkEmbeddedRestore(config.dataDir, command.file, command.force);
  const mediaCopy = await plannedMediaRestore(config.storage, command.file, command.force);
  let text: string;
  if (config.databaseUrl) {
    await restorePostgres(config.databaseUrl, command.file, command.force);
    text = `Restored ${command.file} into the PostgreSQL database.`;
  } else {
    const { keptAside } = await restoreEmbedded(config.dataDir, command.file, command.force);
    text = `Restored ${command.file} into ${config.dataDir}.${keptAside ? ` The database it held before is kept in ${keptAside}.` : ""}`;
  }
  const media = mediaCopy ? await restoreMedia(config.storage, mediaCopy) : mediaLeftWhereTheyAre(config.storage);
  return { text: [text, media, config.databaseUrl ? "Start the app servers again." : "Start the server again."].filter(Boolean).join(" ") };
}

async function main(argv: string[]): Promise<number> {
  try {
    const command = await parseCommand(argv);
    const result = await run(command);
    if (command.name === "content export") {
      const json = `${JSON.stringify(result.data, null, 2)}\n`;
      const target = argv.slice(2).find((word) => !word.startsWith("--"));
      if (target) {
        await writeFile(path.resolve(target), json);
        console.log(`${result.text} Written to ${target}.`);
      } else {
        process.stdout.write(json);
      }
    } else {
      console.log(result.text);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof HttpError) {
      console.error(error.message);
      return error instanceof UsageError ? 2 : 1;
    }
    console.error(`The command failed: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
