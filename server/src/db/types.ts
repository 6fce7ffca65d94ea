import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

// The features' tables are in their own schema files (docs/architecture.md, "Tables"); queries name them.
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Queryable = Database | Transaction;
