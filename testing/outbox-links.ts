import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../server/src/db/client.ts";
import { mailOutbox } from "../server/src/mail/mail-schema.ts";

/** The token of the newest mail of a kind to an address, read from the outbox (tests without SMTP). */
export async function tokenMailedTo(db: Database, address: string, kind: string): Promise<string> {
  const [mail] = await db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = mail?.text.match(/[?&]token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no ${kind} mail with a link to ${address}`);
  return token;
}
