import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { careRecords } from "./care-schema.ts";

/** A client as the studio names her: her name, else her address, else her record's number. */
export const clientName = (record: { id: number; firstName: string | null; lastName: string | null; email: string | null }) =>
  [record.firstName, record.lastName].filter(Boolean).join(" ") || record.email || `#${record.id}`;

/**
 * A client as the studio is told about her: her name, and her account if she has one (what the
 * studio is told about her goes with it). One read of her record.
 */
export async function clientOf(db: Queryable, recordId: number): Promise<{ name: string; account: number | null }> {
  const [record] = await db
    .select({
      id: careRecords.id,
      firstName: careRecords.firstName,
      lastName: careRecords.lastName,
      email: careRecords.email,
      memberId: careRecords.memberId,
    })
    .from(careRecords)
    .where(eq(careRecords.id, recordId));
  return record ? { name: clientName(record), account: record.memberId } : { name: `#${recordId}`, account: null };
}
