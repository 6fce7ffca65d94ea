import { describe, expect, it } from "vitest";
import { type Endpoint, endpoints } from "../../../contract/api.ts";
import { backends, login, sessionCookieOf, signedInInstructor, signedInMember, useTestApp } from "../../../testing/test-app.ts";
import { findUserByEmail, makeTeamDoula } from "../accounts/users-repository.ts";
import { linkedPartner } from "../../../testing/partners.ts";
import { takeOnClient } from "../../../testing/care-clients.ts";

// Every entry of the table, called by someone its `access` does not admit, with a body that does
// not matter: the refusal must come before anything about the body (docs/architecture.md, "Access").
const entries = Object.entries(endpoints as Record<string, Endpoint>);
const memberEntries = entries.filter(([, endpoint]) => endpoint.access === "member");
const instructorEntries = entries.filter(([, endpoint]) => endpoint.access === "instructor");
const doulaEntries = entries.filter(([, endpoint]) => endpoint.access === "doula");
const motherEntries = entries.filter(([, endpoint]) => endpoint.access === "mother");
// The levels capabilities add (her client's, server/src/care/capability.ts).
const clientEntries = entries.filter(([, endpoint]) => endpoint.access === "client");

/** The entry's path with each parameter filled in; the refusal comes before the parameter is read. */
const urlOf = (endpoint: Endpoint) => endpoint.path.replace(/:[a-zA-Z]+/g, "1");

/** No body at all, an empty JSON object, and a body that is not even JSON. */
const bodies: { label: string; headers: Record<string, string>; payload?: string }[] = [
  { label: "no body", headers: {} },
  { label: "an empty object", headers: { "content-type": "application/json" }, payload: "{}" },
  { label: "not JSON", headers: { "content-type": "application/json" }, payload: "{not json" },
];

describe.each(backends)("every entry's access (%s)", (backend) => {
  const context = useTestApp(backend);

  const call = (endpoint: Endpoint, body: (typeof bodies)[number], cookie?: string) =>
    context.app.inject({
      method: endpoint.method,
      url: urlOf(endpoint),
      headers: { ...(endpoint.method === "POST" ? body.headers : {}), ...(cookie ? { cookie } : {}) },
      payload: endpoint.method === "POST" ? body.payload : undefined,
    });

  it("lists entries of every kind", () => {
    expect(memberEntries.length).toBeGreaterThan(40);
    expect(instructorEntries.length).toBeGreaterThan(60);
  });

  it("answers a visitor 401 on every member and instructor entry, whatever the body", async () => {
    const wrong: string[] = [];
    for (const [name, endpoint] of [...memberEntries, ...motherEntries, ...clientEntries, ...instructorEntries, ...doulaEntries])
      for (const body of bodies) {
        const response = await call(endpoint, body);
        if (response.statusCode !== 401) wrong.push(`${name} with ${body.label}: ${response.statusCode} ${response.body.slice(0, 80)}`);
        else expect(response.json()).toEqual({ error: "Please sign in to continue." });
      }
    expect(wrong).toEqual([]);
  });

  it("answers a member 403 on every instructor and doula entry, whatever the body", async () => {
    const { cookie } = await signedInMember(context.app, "sweep");
    const wrong: string[] = [];
    for (const [name, endpoint] of [...instructorEntries, ...doulaEntries])
      for (const body of bodies) {
        const response = await call(endpoint, body, cookie);
        if (response.statusCode !== 403) wrong.push(`${name} with ${body.label}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    expect(wrong).toEqual([]);
  });

  it("answers a team doula 403 on every instructor entry: she reaches only the doulas' entries", async () => {
    const { email } = await signedInMember(context.app, "sweep-team");
    const account = await findUserByEmail(context.database.db, email);
    await makeTeamDoula(context.database.db, account!.id);
    const cookie = sessionCookieOf(await login(context.app, email));
    const wrong: string[] = [];
    for (const [name, endpoint] of instructorEntries)
      for (const body of bodies) {
        const response = await call(endpoint, body, cookie);
        if (response.statusCode !== 403) wrong.push(`${name} with ${body.label}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    expect(wrong).toEqual([]);
    expect(doulaEntries.length).toBeGreaterThan(3);
  });

  it("answers a partner's account 403 on every entry of the mother's own, whatever the body, with that entry's sentence", async () => {
    const her = await signedInMember(context.app, "sweep-mother");
    const partner = await linkedPartner(context.app, context.database.db, her.cookie, { prefix: "sweep-partner" });
    const wrong: string[] = [];
    for (const [name, endpoint] of motherEntries)
      for (const body of bodies) {
        const response = await call(endpoint, body, partner.cookie);
        const expected = endpoint.partnerRefusal ?? "This is for the mother's own account; a partner's account cannot do it.";
        if (response.statusCode !== 403 || response.json().error !== expected)
          wrong.push(`${name} with ${body.label}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    expect(wrong).toEqual([]);
    // Her birth tools, her registry, her partner invitation and the community: each its own sentence.
    expect(motherEntries.length).toBeGreaterThan(15);
    // She, on her own account, is let past it.
    const hers = await call(endpoints.saveBirthPlan, bodies[1]!, her.cookie);
    expect(hers.statusCode).toBe(400);
  });

  it("answers a member who is not her client 403 on every entry of her clients' space, and lets a client past", async () => {
    const member = await signedInMember(context.app, "sweep-not-client");
    const wrong: string[] = [];
    for (const [name, endpoint] of clientEntries)
      for (const body of bodies) {
        const response = await call(endpoint, body, member.cookie);
        if (
          response.statusCode !== 403 ||
          response.json().error !== "This is your doula's space for her birth clients: it opens when she takes you on."
        )
          wrong.push(`${name} with ${body.label}: ${response.statusCode} ${response.body.slice(0, 80)}`);
      }
    expect(wrong).toEqual([]);
    expect(clientEntries.length).toBeGreaterThan(8);
    const doula = await signedInInstructor(context.app, context.database.db, "sweep-client-doula");
    const client = await takeOnClient(context.app, context.database.db, doula.cookie, { prefix: "sweep-client" });
    for (const [name, endpoint] of clientEntries) {
      const response = await call(endpoint, bodies[2]!, client.cookie);
      if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500)
        wrong.push(`${name}: ${response.statusCode} ${response.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lets the instructor past the access check of every entry", async () => {
    const { cookie } = await signedInInstructor(context.app, context.database.db, "sweep-instructor");
    const wrong: string[] = [];
    for (const [name, endpoint] of [...memberEntries, ...motherEntries, ...instructorEntries, ...doulaEntries]) {
      // Logging out or deleting her account would end the sweep's own session.
      if (name === "logout" || name === "deleteMyAccount" || name === "endOtherSessions") continue;
      // A live stream stays open; its own tests (community, timer) follow it.
      if (Object.values(endpoint.answers).some((answer) => answer.contentType === "text/event-stream")) continue;
      const response = await call(endpoint, bodies[2]!, cookie);
      if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500)
        wrong.push(`${name}: ${response.statusCode} ${response.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});
