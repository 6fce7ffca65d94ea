import { describe, expect, it } from "vitest";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, useTestApp } from "../../../testing/test-app.ts";
import { capabilities } from "../features.ts";
import { type AppServices, type CapabilityManifest, defineCapability } from "./capability.ts";
import { capabilityOrder, startCapabilities } from "./compose.ts";

// docs/architecture.md, "Capabilities she can turn off".

const optionalNames = capabilities.filter((manifest) => manifest.optional).map((manifest) => manifest.name);
const notFound = { error: "Not found." };
/** An address of the route with every parameter filled (a parameter's value does not matter while the gate answers). */
const addressOf = (url: string) => url.replace(/:[A-Za-z_]+/g, "1").replace(/\*$/, "x");

describe("the order of the capabilities", () => {
  const manifest = (name: string, more: Partial<CapabilityManifest> = {}) => defineCapability({ name, start: () => ({}), ...more });

  it("starts a capability after those offering what it needs, and before those it must precede", () => {
    const ordered = capabilityOrder([
      manifest("reader", { needs: ["openGrants"] as never }),
      manifest("writer", { offers: { openGrants: () => async () => [] } as never }),
      manifest("late"),
      manifest("early", { before: ["late", "reader"] }),
    ]);
    expect(ordered.map((each) => each.name)).toEqual(["writer", "early", "reader", "late"]);
  });

  it("refuses a cycle, a service nobody offers, and a need that cannot be turned off", () => {
    expect(() => capabilityOrder([manifest("one", { before: ["two"] }), manifest("two", { before: ["one"] })])).toThrow(
      "The capabilities one, two wait on one another",
    );
    expect(() => capabilityOrder([manifest("lonely", { needs: ["partnerReach"] as never })])).toThrow(
      'lonely needs the service "partnerReach", which no capability offers.',
    );
    expect(() => capabilityOrder([manifest("core"), manifest("extra", { optional: { title: "Extra", needs: ["core"] } })])).toThrow(
      'extra needs "core", which is not an optional capability.',
    );
  });

  it("skips an optional capability's timed work while it is off, and runs it again once it is on", async () => {
    const runs: string[] = [];
    let labourOn = false;
    const started = startCapabilities(
      [
        manifest("labour", {
          optional: { title: "Labour line" },
          start: () => ({ timedWork: [{ name: "escalate", everyMs: 1, run: async () => runs.push("labour") }] }),
        }),
        manifest("mail", { start: () => ({ timedWork: [{ name: "send", everyMs: 1, run: async () => runs.push("mail") }] }) }),
      ],
      {} as AppServices,
      async (name) => name !== "labour" || labourOn,
      [],
    );
    for (const work of started.timedWork) await work.run();
    labourOn = true;
    for (const work of started.timedWork) await work.run();
    expect(runs).toEqual(["mail", "labour", "mail"]);
  });

  it("orders the server's own manifests without a cycle, the messages' part of her data before the forms'", () => {
    const names = capabilityOrder(capabilities).map((each) => each.name);
    expect(names.indexOf("messages")).toBeLessThan(names.indexOf("forms"));
    // The catalogue offers its reader to those that read courses, and asks the grants for access only once started.
    expect(names.indexOf("catalogue")).toBeLessThan(names.indexOf("grants"));
    expect(names.indexOf("payments")).toBeLessThan(names.indexOf("classes"));
    expect(optionalNames).toEqual(
      expect.arrayContaining(["classes", "bookings", "community", "partners", "birth-plan", "timer", "care", "labour", "team", "gifts"]),
    );
  });
});

describe.each(backends)("capabilities she can turn off, on %s", (backend) => {
  const context = useTestApp(backend);
  const app = () => context.app;
  const send = (method: string, url: string, cookie: string, payload?: object) =>
    app().inject({
      method: method as "GET",
      url,
      headers: { ...jsonHeaders, cookie },
      payload: method === "GET" ? undefined : (payload ?? {}),
    });
  const turn = (cookie: string, name: string, on: boolean) => send("POST", `/reactapi/studio/capabilities/${name}`, cookie, { on });

  it("asks who may see or turn the switches before anything about the body", async () => {
    expect((await app().inject({ method: "GET", url: "/reactapi/studio/capabilities" })).statusCode).toBe(401);
    expect((await app().inject({ method: "POST", url: "/reactapi/studio/capabilities/classes", payload: "nonsense" })).statusCode).toBe(
      401,
    );
    const member = await signedInMember(app(), "switch-member");
    expect((await send("POST", "/reactapi/studio/capabilities/classes", member.cookie, { on: "perhaps" })).statusCode).toBe(403);
    const doula = await signedInInstructor(app(), context.database.db, "switch-doula");
    const bad = await send("POST", "/reactapi/studio/capabilities/classes", doula.cookie, { on: "perhaps" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Say whether to turn it on or off.");
    const unknown = await turn(doula.cookie, "catalogue", false);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe("There is no feature of that name that can be turned off.");
  });

  it("lists every optional capability with its title in her language and what it needs", async () => {
    const doula = await signedInInstructor(app(), context.database.db, "switch-list");
    const listed = await app().inject({
      method: "GET",
      url: "/reactapi/studio/capabilities",
      headers: { cookie: doula.cookie, "accept-language": "es" },
    });
    expect(listed.statusCode).toBe(200);
    const states = listed.json().capabilities as { name: string; title: string; on: boolean; needs: string[] }[];
    expect(states.map((state) => state.name)).toEqual(optionalNames);
    expect(states.find((state) => state.name === "labour")).toEqual({ name: "labour", title: "Línea de parto", on: true, needs: ["care"] });
    expect(states.find((state) => state.name === "classes")?.title).toBe("Clases en directo");
  });

  it("answers 404 on every route of a capability she turned off, keeps the others, and brings it back when turned on", async () => {
    const doula = await signedInInstructor(app(), context.database.db, "switch-each");
    for (const name of optionalNames) {
      const routes = app().capabilityRoutes.get(name)!;
      expect(routes.length, name).toBeGreaterThan(0);
      // Those that need it go off first, and come back after it.
      const needing = capabilities.filter((manifest) => manifest.optional?.needs?.includes(name)).map((manifest) => manifest.name);
      for (const other of needing) expect((await turn(doula.cookie, other, false)).statusCode).toBe(200);
      const off = await turn(doula.cookie, name, false);
      expect(off.statusCode, off.body).toBe(200);
      expect((await send("GET", "/reactapi/capabilities/off", "")).json().off).toContain(name);
      for (const route of routes.filter((each) => each.method !== "HEAD")) {
        const answer = await send(route.method, addressOf(route.url), doula.cookie);
        expect([route.method, route.url, answer.statusCode, answer.json()]).toEqual([route.method, route.url, 404, notFound]);
      }
      // The course platform goes on.
      expect((await send("GET", "/reactapi/getcourses", doula.cookie)).statusCode).toBe(200);
      for (const other of [name, ...needing]) expect((await turn(doula.cookie, other, true)).statusCode).toBe(200);
      // Back: its plain lists answer again (a live stream would not end, and a list with an id needs one of hers).
      for (const route of routes.filter((each) => each.method === "GET" && !/[:*]|stream|events|live/.test(each.url))) {
        const answer = await send("GET", route.url, doula.cookie);
        expect([route.url, answer.statusCode === 404 && answer.body === JSON.stringify(notFound)]).toEqual([route.url, false]);
      }
    }
    expect((await send("GET", "/reactapi/capabilities/off", "")).json().off).toEqual([]);
  });

  it("keeps every other capability's lists answering, to the doula and to a member, while any one is off", async () => {
    const doula = await signedInInstructor(app(), context.database.db, "switch-others");
    const member = await signedInMember(app(), "switch-others-mother");
    // A plain list of each capability (a live stream would not end; an address with an id needs one
    // of hers; the spec's GET logout would end the session the walk goes on with).
    const listsOf = (name: string) =>
      (app().capabilityRoutes.get(name) ?? []).filter(
        (route) => route.method === "GET" && !/[:*]|stream|events|live|logout/.test(route.url),
      );
    const everyName = [...app().capabilityRoutes.keys()];
    expect(everyName.length).toBeGreaterThan(optionalNames.length);
    let called = 0;
    for (const name of optionalNames) {
      const needing = capabilities.filter((manifest) => manifest.optional?.needs?.includes(name)).map((manifest) => manifest.name);
      for (const other of [...needing, name]) expect((await turn(doula.cookie, other, false)).statusCode).toBe(200);
      // The studio frame's list holds the areas mounted inside it, those of the capabilities now off too.
      const offRoutes = new Set([name, ...needing].flatMap((each) => listsOf(each).map((route) => route.url)));
      for (const other of everyName.filter((each) => each !== name && !needing.includes(each)))
        for (const route of listsOf(other).filter((each) => !offRoutes.has(each.url)))
          for (const who of [doula, member]) {
            called += 1;
            const answer = await send("GET", route.url, who.cookie);
            // Hers may refuse a member (403) or find nothing (404 with its own sentence), never fail or be gone.
            expect([name, route.url, answer.statusCode < 500, answer.body === JSON.stringify(notFound)]).toEqual([
              name,
              route.url,
              true,
              false,
            ]);
          }
      for (const other of [name, ...needing]) expect((await turn(doula.cookie, other, true)).statusCode).toBe(200);
    }
    // Every optional capability off in turn, the lists of all the others asked by both of them.
    expect(called).toBeGreaterThan(optionalNames.length * 2 * 40);
  });

  it("refuses to turn off what another capability that is on needs, and to turn on what needs one that is off", async () => {
    const doula = await signedInInstructor(app(), context.database.db, "switch-needs");
    const careOff = await turn(doula.cookie, "care", false);
    expect(careOff.statusCode).toBe(409);
    expect(careOff.json().error).toMatch(/^(Labour line|Team) needs Her clients' journey: turn that off first\.$/);
    expect((await turn(doula.cookie, "labour", false)).statusCode).toBe(200);
    expect((await turn(doula.cookie, "team", false)).statusCode).toBe(200);
    const now = await turn(doula.cookie, "care", false);
    expect(now.statusCode).toBe(200);
    expect(
      now
        .json()
        .capabilities.filter((state: { on: boolean }) => !state.on)
        .map((state: { name: string }) => state.name),
    ).toEqual(["labour", "care", "team"]);
    const labourOn = await turn(doula.cookie, "labour", true);
    expect(labourOn.statusCode).toBe(409);
    expect(labourOn.json().error).toBe("Labour line needs Her clients' journey: turn that on first.");
    for (const name of ["care", "labour", "team"]) expect((await turn(doula.cookie, name, true)).statusCode).toBe(200);
  });

  it("keeps her data while it is off: in her data download, and back on her page when turned on", async () => {
    const doula = await signedInInstructor(app(), context.database.db, "switch-data");
    const member = await signedInMember(app(), "switch-mother");
    const plan = (await send("GET", "/reactapi/birth-plan", member.cookie)).json();
    const saved = await send("POST", "/reactapi/birth-plan", member.cookie, {
      choices: [],
      support_people: "Sam, her partner",
      revision: plan.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect((await turn(doula.cookie, "birth-plan", false)).statusCode).toBe(200);
    expect((await send("GET", "/reactapi/birth-plan", member.cookie)).statusCode).toBe(404);
    const download = await send("GET", "/reactapi/account/export", member.cookie);
    expect(download.statusCode).toBe(200);
    expect(JSON.stringify(download.json().birth_plan)).toContain("Sam, her partner");

    expect((await turn(doula.cookie, "birth-plan", true)).statusCode).toBe(200);
    expect((await send("GET", "/reactapi/birth-plan", member.cookie)).json().support_people).toBe("Sam, her partner");
  });
});

describe("a new installation's switches (CAPABILITIES_OFF)", () => {
  it("starts with the named capabilities off, and refuses a name that cannot be turned off", async () => {
    const installed = await createTestApp("pglite", { environment: { CAPABILITIES_OFF: "gifts, labour" } });
    try {
      expect((await installed.app.inject({ method: "GET", url: "/reactapi/capabilities/off" })).json().off.sort()).toEqual([
        "gifts",
        "labour",
      ]);
      expect((await installed.app.inject({ method: "GET", url: "/reactapi/registry/x" })).statusCode).toBe(404);
    } finally {
      await installed.close();
    }
    await expect(createTestApp("pglite", { environment: { CAPABILITIES_OFF: "catalogue" } })).rejects.toThrow(
      /^Invalid configuration:\n {2}CAPABILITIES_OFF names catalogue, which cannot be turned off \(those that can: .*\bgifts\b.*\)\.$/,
    );
  });
});
