import { randomInt } from "node:crypto";
import type { PersonalData } from "../db/personal-data.ts";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { certificates } from "./certificates-schema.ts";

export type CertificateRow = typeof certificates.$inferSelect;

// No 0/O or 1/I, so a code read aloud or typed from paper comes out right.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
const newCode = () => `${group()}-${group()}-${group()}`;

/**
 * Her certificate for a course: issued once (the same code on every later download), with the
 * name she has now, so the paper and the verification page agree.
 */
export async function issueCertificate(
  db: Queryable,
  input: { userId: number; courseId: number; courseTitle: string; lessonCount: number; memberName: string; completedAt: Date },
): Promise<CertificateRow> {
  await db
    .insert(certificates)
    .values({ code: newCode(), ...input })
    .onConflictDoNothing({ target: [certificates.userId, certificates.courseId] });
  const [row] = await db
    .update(certificates)
    .set({ memberName: input.memberName })
    .where(and(eq(certificates.userId, input.userId), eq(certificates.courseId, input.courseId)))
    .returning();
  return row!;
}

export async function findCertificate(db: Queryable, code: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  return row;
}

/** Her certificates of completion, in her data download. */
export const certificatesPersonalData = (db: Queryable): PersonalData => ({
  key: "certificates",
  export: async (member) =>
    (await db.select().from(certificates).where(eq(certificates.userId, member.id))).map((row) => ({
      code: row.code,
      course: row.courseTitle,
      completed_at: row.completedAt.toISOString(),
    })),
});
