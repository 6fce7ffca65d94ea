import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { careInvitationTo } from "../../../testing/care-clients.ts";
import {
  backends,
  DEMO_CODE,
  GOOD_PASSWORD,
  jsonHeaders,
  register,
  sessionCookieOf,
  signedInInstructor,
  signedInMember,
  uniqueEmail,
  useTestApp,
} from "../../../testing/test-app.ts";
import { movableClock } from "../lib/clock.ts";
import { mailOutbox } from "../mail/mail-schema.ts";

// Her team's invitations (docs/push.md, "The labour line"), and what every mailed registration link
// does (docs/product.md, Partner seat; docs/care.md): the sign-up reads whom it was sent to, and
// registering with it signs her in at once.

const DAY = 24 * 60 * 60 * 1000;

describe.each(backends)("invitations to register on %s", (backend) => {
  const clock = movableClock(new Date("2027-03-01T09:00:00Z"));
  const context = useTestApp(backend, { clock });
  const post = (url: string, payload: Record<string, unknown>, cookie = "") =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload });
  const get = (url: string, cookie: string) => context.app.inject({ method: "GET", url, headers: { cookie } });

  async function teamLinkTo(email: string): Promise<string> {
    const [mail] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "team_invitation")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = mail?.textBody.match(/\/register\?team_invitation=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) throw new Error(`no team invitation mailed to ${email}`);
    return token;
  }

  it("fills a backup's sign-up from her invitation, signs her in as a team doula at once, and the link then says it was used", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "team-doula");
    const email = uniqueEmail("backup");
    expect((await post("/reactapi/studio/team/invite", { email, first_name: "Noor" }, doula.cookie)).statusCode).toBe(201);
    const token = await teamLinkTo(email);

    const read = await post("/reactapi/users/invited", { team_invitation: token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ email, first_name: "Noor", last_name: null });

    const registered = await post("/reactapi/users/register", {
      email,
      password: GOOD_PASSWORD,
      first_name: "Noor",
      team_invitation: token,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const me = await get("/reactapi/users/me", sessionCookieOf(registered));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, role: "team" });

    const again = await post("/reactapi/users/invited", { team_invitation: token });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toBe("This invitation has been used already. Please sign in.");
    const team = (await get("/reactapi/studio/team", doula.cookie)).json();
    expect(team.invited.map((invite: { email: string }) => invite.email)).not.toContain(email);
    expect(team.doulas.map((member: { email: string }) => member.email)).toContain(email);
  });

  it("shows an invitation that expired, and sending it again mails a new link that works while the old one does not", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "team-resend");
    const email = uniqueEmail("late-backup");
    expect((await post("/reactapi/studio/team/invite", { email, first_name: "Ines" }, doula.cookie)).statusCode).toBe(201);
    const first = await teamLinkTo(email);
    clock.advance(15 * DAY);
    const waiting = (await get("/reactapi/studio/team", doula.cookie))
      .json()
      .invited.find((invite: { email: string }) => invite.email === email);
    expect(waiting).toMatchObject({ first_name: "Ines", expired: true });
    expect((await post("/reactapi/users/invited", { team_invitation: first })).statusCode).toBe(403);

    const resent = await post(`/reactapi/studio/team/invitations/${waiting.id}/resend`, {}, doula.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(`Sent the invitation to ${email} again, with a new link.`);
    const second = await teamLinkTo(email);
    expect(second).not.toBe(first);
    const renewed = (await get("/reactapi/studio/team", doula.cookie))
      .json()
      .invited.find((invite: { email: string }) => invite.email === email);
    expect(renewed).toMatchObject({ id: waiting.id, expired: false, sent_at: clock.now().toISOString() });
    expect((await post("/reactapi/users/invited", { team_invitation: first })).statusCode).toBe(404);
    const registered = await post("/reactapi/users/register", { email, password: GOOD_PASSWORD, team_invitation: second });
    expect(registered.statusCode, registered.body).toBe(201);

    // Used now: nothing waits to be sent again.
    const late = await post(`/reactapi/studio/team/invitations/${waiting.id}/resend`, {}, doula.cookie);
    expect(late.statusCode).toBe(404);
    expect(late.json().error).toBe("This invitation is not waiting any more: she has joined, or it was replaced by a newer one.");
  });

  it("lets only the instructor send an invitation again, and asks before anything about its number", async () => {
    const member = await signedInMember(context.app, "team-outsider");
    expect((await post("/reactapi/studio/team/invitations/1/resend", {})).statusCode).toBe(401);
    expect((await post("/reactapi/studio/team/invitations/nonsense/resend", {}, member.cookie)).statusCode).toBe(403);
  });

  it("fills her client's sign-up with the names her doula typed, and signs her in at once", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "care-prefill");
    const carePackage = await post(
      "/reactapi/studio/care/packages",
      { name: "Birth support", description: "", fee: 100_000, currency: "EUR", deposit: 20_000, instalments: 2, instalment_every_weeks: 4 },
      doula.cookie,
    );
    expect(carePackage.statusCode, carePackage.body).toBe(201);
    const email = uniqueEmail("care-prefill");
    const added = await post(
      "/reactapi/studio/care/clients",
      { email, first_name: "Lucía", last_name: "Ortega", due_date: "2027-06-01", package_id: carePackage.json().id },
      doula.cookie,
    );
    expect(added.statusCode, added.body).toBe(201);
    const token = await careInvitationTo(context.database.db, email);
    const read = await post("/reactapi/users/invited", { care_invitation: token });
    expect(read.json()).toEqual({ email, first_name: "Lucía", last_name: "Ortega" });
    const registered = await post("/reactapi/users/register", {
      email,
      password: GOOD_PASSWORD,
      first_name: "Lucía",
      care_invitation: token,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const care = await get("/reactapi/care", sessionCookieOf(registered));
    expect(care.statusCode).toBe(200);
    // Her due date is her doula's record's: /home does not ask it again.
    expect((await get("/reactapi/users/me", sessionCookieOf(registered))).json().due_date).toBe("2027-06-01");
    expect(care.json().records.map((record: { id: number }) => record.id)).toEqual([added.json().id]);
  });

  it("shows the doula when her client's link expired, and sending it again mails a new one that registers her", async () => {
    const doula = await signedInInstructor(context.app, context.database.db, "care-resend");
    const carePackage = await post(
      "/reactapi/studio/care/packages",
      { name: "Postpartum", description: "", fee: 50_000, currency: "EUR", deposit: 10_000, instalments: 1, instalment_every_weeks: 4 },
      doula.cookie,
    );
    const email = uniqueEmail("care-resend");
    const added = await post(
      "/reactapi/studio/care/clients",
      { email, first_name: "Marta", due_date: "2027-07-01", package_id: carePackage.json().id },
      doula.cookie,
    );
    const clientUrl = `/reactapi/studio/care/clients/${added.json().id}`;
    const first = await careInvitationTo(context.database.db, email);
    expect((await get(clientUrl, doula.cookie)).json().invitation).toMatchObject({ expired: false });
    clock.advance(31 * DAY);
    expect((await get(clientUrl, doula.cookie)).json().invitation).toMatchObject({ expired: true });
    expect((await post("/reactapi/users/invited", { care_invitation: first })).statusCode).toBe(403);

    const member = await signedInMember(context.app, "care-resend-nosy");
    expect((await post(`${clientUrl}/invitation`, {}, member.cookie)).statusCode).toBe(403);
    const resent = await post(`${clientUrl}/invitation`, {}, doula.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().message).toBe(`Sent her invitation to ${email} again, with a new link.`);
    const second = await careInvitationTo(context.database.db, email);
    expect(second).not.toBe(first);
    expect((await get(clientUrl, doula.cookie)).json().invitation).toEqual({
      expires_at: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
      expired: false,
    });
    const registered = await post("/reactapi/users/register", { email, password: GOOD_PASSWORD, care_invitation: second });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await get(clientUrl, doula.cookie)).json().invitation).toBeNull();
    const late = await post(`${clientUrl}/invitation`, {}, doula.cookie);
    expect([late.statusCode, late.json().error]).toEqual([409, "She has an account already: her client space opens when she signs in."]);
    expect((await post("/reactapi/studio/care/clients/999999/invitation", {}, doula.cookie)).statusCode).toBe(404);
  });

  it("refuses a link it does not know, and a read naming no link or two, with a sentence", async () => {
    const unknown = await post("/reactapi/users/invited", { care_invitation: "not-a-real-link" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("This link to your client space is not known. It may have been copied incompletely.");
    const none = await post("/reactapi/users/invited", {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe("Please send one link.");
    expect((await post("/reactapi/users/invited", { care_invitation: "a", team_invitation: "b" })).statusCode).toBe(400);
  });

  it("leaves a registration with the access code signed out: nothing has shown the address is hers", async () => {
    const registered = await register(context.app, { email: uniqueEmail("with-code"), password: GOOD_PASSWORD, access_code: DEMO_CODE });
    expect(registered.statusCode).toBe(201);
    expect(registered.cookies.find((cookie) => cookie.name === "session")).toBeUndefined();
  });
});
