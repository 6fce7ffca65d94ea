import { type Column, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./client.ts";

/** Rows whose column holds one of these ids, and none for no ids (`in ()` is no SQL). */
export const anyOf = (column: Column, ids: readonly number[]): SQL => (ids.length > 0 ? inArray(column, [...ids]) : sql`false`);

/** Rows as PostgreSQL writes them in JSON: one object per row, keyed by column name. */
export type RowSnapshot = Record<string, unknown>[];

/**
 * The rows `where` selects, as JSON that restoreRows puts back unchanged: every column, dates and
 * all, without mapping each table's fields by hand.
 */
export async function snapshotRows(db: Queryable, table: PgTable, where: SQL | undefined): Promise<RowSnapshot> {
  const [result] = await db
    .select({ rows: sql<RowSnapshot>`coalesce(jsonb_agg(to_jsonb(${table})), '[]'::jsonb)` })
    .from(table)
    .where(where);
  return result?.rows ?? [];
}

/**
 * Inserts snapshot rows back, skipping a row whose key exists again. `keep`, when given, is a
 * condition on the incoming row, named r (for example that its member still exists). Only the
 * columns the snapshot has are written: a column added since takes its default.
 */
export async function restoreRows(db: Queryable, table: PgTable, rows: RowSnapshot, keep?: SQL): Promise<void> {
  if (rows.length === 0) return;
  const known = new Set(Object.values(getTableColumns(table)).map((column) => column.name));
  const columns = Object.keys(rows[0]!).filter((name) => known.has(name));
  const columnList = sql.join(
    columns.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((name) => sql`r.${sql.identifier(name)}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${table} (${columnList})
    select ${values} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb) as r
    ${keep ? sql`where ${keep}` : sql``}
    on conflict do nothing`);
}
