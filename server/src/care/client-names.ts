import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { careRecords } from "./care-schema.ts";

/** A client as the studio names her: her name, else her address, else her record's number. */
export async function clientNameOf(db: Queryable, recordId: number): Promise<string> {
  const [record] = await db
    .select({ firstName: careRecords.firstName, lastName: careRecords.lastName, email: careRecords.email })
    .from(careRecords)
    .where(eq(careRecords.id, recordId));
  return [record?.firstName, record?.lastName].filter(Boolean).join(" ") || record?.email || `#${recordId}`;
}

/** Her account, if she has one: what the studio is told about her goes with it. */
export async function clientAccountOf(db: Queryable, recordId: number): Promise<number | null> {
  const [record] = await db.select({ memberId: careRecords.memberId }).from(careRecords).where(eq(careRecords.id, recordId));
  return record?.memberId ?? null;
}
