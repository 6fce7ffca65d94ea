import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Database } from "../server/src/db/client.ts";
import { mailOutbox } from "../server/src/mail/mail-schema.ts";
import { GOOD_PASSWORD, jsonHeaders, login, register, sessionCookieOf, uniqueEmail } from "./test-app.ts";

/**
 * Her partner, as he joins (docs/product.md, Partner seat): she invites him from her account, he
 * registers from the mailed link. Returns his signed-in cookie and address.
 */
export async function linkedPartner(
  app: FastifyInstance,
  db: Database,
  herCookie: string,
  { prefix = "partner", firstName = "Sam" }: { prefix?: string; firstName?: string } = {},
): Promise<{ cookie: string; email: string }> {
  const email = uniqueEmail(prefix);
  const invited = await app.inject({
    method: "POST",
    url: "/reactapi/account/partner/invite",
    headers: { ...jsonHeaders, cookie: herCookie },
    payload: { email },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "partner_invitation")))
    .orderBy(desc(mailOutbox.id));
  const invitation = mail!.textBody.match(/invitation=([A-Za-z0-9_-]+)/)![1];
  expect((await register(app, { email, password: GOOD_PASSWORD, first_name: firstName, invitation })).statusCode).toBe(201);
  return { cookie: sessionCookieOf(await login(app, email)), email };
}
