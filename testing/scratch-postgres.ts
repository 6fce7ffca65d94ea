import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * An empty database of its own, made beside the one `baseUrl` names (a role that may create
 * databases), and the way to drop it. Every PostgreSQL test and bench run works in one. Made from
 * `template` (a database nobody is connected to), it starts as a copy of it.
 */
export async function createScratchPostgres(
  baseUrl: string,
  prefix = "test",
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}${template ? ` template ${template}` : ""}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** Runs work in a scratch database, and drops it afterwards whatever happened. */
export async function withScratchDatabase<T>(baseUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const scratch = await createScratchPostgres(baseUrl, prefix);
  try {
    return await work(scratch.url);
  } finally {
    await scratch.drop();
  }
}
