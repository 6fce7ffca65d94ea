import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Database } from "../server/src/db/client.ts";
import { mailOutbox } from "../server/src/mail/mail-schema.ts";
import { findUserByEmail } from "../server/src/accounts/users-repository.ts";
import { GOOD_PASSWORD, jsonHeaders, login, register, sessionCookieOf, uniqueEmail } from "./test-app.ts";

/** A package as a doula offers one: a deposit, then three instalments four weeks apart. */
export const birthSupport = {
  name: "Birth support",
  description: "Two prenatal visits, the birth, one postpartum visit.",
  fee: 150_000,
  currency: "USD",
  deposit: 30_000,
  instalments: 3,
  instalment_every_weeks: 4,
};

/**
 * A birth client as the doula takes one on (docs/care.md): a package, her record with a due date,
 * and her account made from the mailed link. For the features built on care records.
 */
export async function takeOnClient(
  app: FastifyInstance,
  db: Database,
  doulaCookie: string,
  { prefix = "client", dueDate = "2027-06-01", firstName = "Rosa" }: { prefix?: string; dueDate?: string; firstName?: string } = {},
) {
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: doulaCookie }, payload });
  const created = await post("/reactapi/studio/care/packages", { ...birthSupport, name: `Birth support ${prefix}` });
  expect(created.statusCode, created.body).toBe(201);
  const email = uniqueEmail(prefix);
  const added = await post("/reactapi/studio/care/clients", {
    email,
    first_name: firstName,
    last_name: "Díaz",
    due_date: dueDate,
    package_id: created.json().id,
  });
  expect(added.statusCode, added.body).toBe(201);
  const token = await careInvitationTo(db, email);
  const registered = await register(app, { email, password: GOOD_PASSWORD, first_name: firstName, care_invitation: token });
  expect(registered.statusCode, registered.body).toBe(201);
  const account = await findUserByEmail(db, email);
  return { email, id: account!.id, recordId: added.json().id as number, cookie: sessionCookieOf(await login(app, email)) };
}

/** The token of the last care invitation mailed to this address (read from the outbox), as she opens it. */
export async function careInvitationTo(db: Database, email: string): Promise<string | undefined> {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "care_invitation")))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail?.textBody.match(/\/care\?invitation=([A-Za-z0-9_-]+)/)?.[1];
}
