import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../server/src/db/client.ts";
import { createScratchPostgres } from "./scratch-postgres.ts";

// The server tests' global setup (vitest.config.ts): every migration is replayed once per run, on
// one database of each backend, and each test app starts from a copy of it (docs/development.md,
// "A fast test run") instead of replaying them all on a new database.

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) test apps load. */
    pgliteDumpFile: string;
    /** A migrated PostgreSQL database beside TEST_DATABASE_URL that test databases are made from; null without one. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), "test-databases-"));
  const dumpFile = path.join(folder, "pglite.tar");
  await writeMigratedPglite(dumpFile);
  project.provide("pgliteDumpFile", dumpFile);

  const baseUrl = process.env.TEST_DATABASE_URL;
  let template: { name: string; drop: () => Promise<void> } | null = null;
  if (baseUrl) {
    const scratch = await createScratchPostgres(baseUrl, "template");
    const migrated = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory", poolSize: 1 });
    await migrated.close();
    template = { name: new URL(scratch.url).pathname.slice(1), drop: scratch.drop };
  }
  project.provide("postgresTemplate", template?.name ?? null);

  return async () => {
    await template?.drop();
    await rm(folder, { recursive: true, force: true });
  };
}

/** Migrates a new PGlite database in memory and writes its data directory to `file`, as one tar file. */
export async function writeMigratedPglite(file: string): Promise<void> {
  const pglite = await openDatabase({ dataDir: "memory" });
  try {
    await writeFile(file, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/**
 * Unpacks such a tar file as the embedded database of the data directory `dataDir`, readable by
 * its owner only as the server leaves its data: a server or the admin CLI started on it finds
 * every migration done, and still seeds it at its first start, as a new installation.
 */
export function unpackMigratedPglite(file: string, dataDir: string): void {
  mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
  execFileSync("tar", ["-xf", file, "-C", path.join(dataDir, "pglite")], { stdio: "ignore" });
  execFileSync("chmod", ["-R", "go-rwx", dataDir]);
}
