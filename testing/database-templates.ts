import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { TestProject } from "vitest/node";
import { type Database, openDatabase } from "../server/src/db/client.ts";
import { createScratchPostgres } from "./scratch-postgres.ts";

// The server tests' global setup (vitest.config.ts): every migration is replayed once per run, on
// one database of each backend, and each test app starts from a copy of it (docs/development.md,
// "A fast test run") instead of replaying them all on a new database.

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (a tar file) test apps load. */
    pgliteDumpFile: string;
    /** The SQL that brings a used PGlite test database back to the migrated one's state (testing/test-app.ts). */
    pgliteResetScript: string;
    /** A migrated PostgreSQL database beside TEST_DATABASE_URL that test databases are made from; null without one. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), "test-databases-"));
  const dumpFile = path.join(folder, "pglite.tar");
  project.provide("pgliteResetScript", await writeMigratedPglite(dumpFile));
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

/**
 * Migrates a new PGlite database in memory and writes its data directory to `file`, as one tar
 * file; answers the SQL that brings a used copy back to this state (resetScriptOf).
 */
export async function writeMigratedPglite(file: string): Promise<string> {
  const pglite = await openDatabase({ dataDir: "memory" });
  try {
    await writeFile(file, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
    return await resetScriptOf(pglite.db);
  } finally {
    await pglite.close();
  }
}

/**
 * The SQL that brings a used database back to the state of `db`: every table emptied, the rows
 * the migrations wrote put back, every sequence where they left it. Read off the migrated database
 * once per run, so a migration that seeds a table is followed without a list kept by hand.
 */
export async function resetScriptOf(db: Database): Promise<string> {
  const rowsOf = async <Row>(query: ReturnType<typeof sql>) => {
    const answer = (await db.execute(query)) as unknown as { rows: Row[] };
    return answer.rows;
  };
  const tables = await rowsOf<{ name: string }>(
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
  );
  const statements = [`truncate ${tables.map((table) => table.name).join(", ")} restart identity cascade`];
  for (const { name } of tables) {
    // Generated columns are left out: PostgreSQL computes them again as the rows go back.
    const [kept] = await rowsOf<{ columns: string; rows: unknown[] | null }>(
      sql.raw(`select (select string_agg(format('%I', attname), ', ' order by attnum) from pg_attribute
                 where attrelid = '${name}'::regclass and attnum > 0 and not attisdropped and attgenerated = '') as columns,
               (select json_agg(kept) from ${name} kept) as rows`),
    );
    if (!kept?.rows) continue;
    const rows = JSON.stringify(kept.rows).replaceAll("'", "''");
    statements.push(
      `insert into ${name} (${kept.columns}) overriding system value select ${kept.columns} from json_populate_recordset(null::${name}, '${rows}')`,
    );
  }
  const sequences = await rowsOf<{ name: string; last_value: string | null }>(
    sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences
        where schemaname <> 'drizzle' order by 1`,
  );
  for (const sequence of sequences) {
    statements.push(
      sequence.last_value === null
        ? `alter sequence ${sequence.name} restart`
        : `select setval('${sequence.name}', ${sequence.last_value})`,
    );
  }
  return `${statements.join(";\n")};`;
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
