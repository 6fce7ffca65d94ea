import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { serverPaths } from "../paths.ts";
import { withScratchDatabase } from "../../../testing/scratch-postgres.ts";
import { backends } from "../../../testing/test-app.ts";

// Her announcement mail setting moved from the accounts' users table to the messages' own
// (migration 0027): a member who unsubscribed stays unsubscribed, and the links already mailed work.
const movedIn = "0027_announcement_mail_owned_by_messages";

/** The migrations folder as it was before the move. */
function migrationsBeforeTheMove(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "migrations-before-"));
  cpSync(serverPaths.migrations, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === movedIn);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const before = migrationsBeforeTheMove();
afterAll(() => rmSync(before, { recursive: true, force: true }));

type Sql = (statement: string) => Promise<Record<string, unknown>[]>;

async function checkTheMove(sql: Sql, migrateTo: (folder: string) => Promise<void>) {
  await migrateTo(before);
  await sql(
    `insert into users (email, password_hash) values ('kept@example.com', 'x'), ('off@example.com', 'x'), ('never@example.com', 'x')`,
  );
  await sql(`update users set mailing_token = '${"a".repeat(64)}' where email = 'kept@example.com'`);
  // Turned off from her account before any announcement: no token yet.
  await sql(`update users set announcements_off_at = '2026-11-01T10:00:00Z' where email = 'off@example.com'`);
  await migrateTo(serverPaths.migrations);
  const rows = await sql(`select u.email, m.token, m.off_at from announcement_mail m join users u on u.id = m.user_id order by u.email`);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ email: "kept@example.com", token: "a".repeat(64), off_at: null });
  expect(rows[1]!.email).toBe("off@example.com");
  expect(new Date(rows[1]!.off_at as string).toISOString()).toBe("2026-11-01T10:00:00.000Z");
  expect(rows[1]!.token).toMatch(/^[0-9a-f]{64}$/);
  const columns = await sql(`select column_name from information_schema.columns where table_name = 'users'`);
  expect(columns.map((column) => column.column_name)).not.toContain("mailing_token");
}

describe.each(backends)("moving her announcement mail setting (%s)", (backend) => {
  it("keeps who unsubscribed and every token already mailed", async () => {
    if (backend === "pglite") {
      const client = new PGlite();
      try {
        const db = drizzlePglite(client);
        await checkTheMove(
          async (statement) => (await client.query<Record<string, unknown>>(statement)).rows,
          (folder) => migratePglite(db, { migrationsFolder: folder }),
        );
      } finally {
        await client.close();
      }
      return;
    }
    await withScratchDatabase(process.env.TEST_DATABASE_URL!, "migration", async (url) => {
      // One client, whose end() waits for the connection to close: a pool's end() returns while
      // its clients are still closing, and the scratch database's forced drop then reached one.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const db = drizzlePostgres(client);
        await checkTheMove(
          async (statement) => (await client.query<Record<string, unknown>>(statement)).rows,
          (folder) => migratePostgres(db, { migrationsFolder: folder }),
        );
      } finally {
        await client.end();
      }
    });
  });
});
