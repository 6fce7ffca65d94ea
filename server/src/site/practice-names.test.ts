import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  backends,
  jsonHeaders,
  postgresMissingNotice,
  signedInInstructor,
  signedInMember,
  uniqueEmail,
  useAppServers,
  useTestApp,
} from "../../../testing/test-app.ts";
import { mailOutbox } from "../mail/mail-schema.ts";

// Her names (docs/languages.md, "Her names"): set once in Studio → Site, printed by every page, PDF
// and mail made afterwards, her title only in the reader's language. INSTRUCTOR_NAME and
// BUSINESS_NAME seed a new installation.

const post = (app: FastifyInstance, url: string, payload: Record<string, unknown>, cookie = "") =>
  app.inject({ method: "POST", url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload });
const aboutHeading = async (app: FastifyInstance, language: string) =>
  (await app.inject({ url: "/reactapi/pages/about", headers: { "accept-language": language } })).json().instructor_name as string;

const lucia = { doula_name: "Lucía Romero", business_name: "Nacer en Calma", titles: { en: "certified doula", es: "doula certificada" } };

describe.each(backends)("her names on %s", (backend) => {
  const context = useTestApp(backend);

  it("starts from INSTRUCTOR_NAME and BUSINESS_NAME, with the demo's English title in English only", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "names-seed");
    const names = await context.app.inject({ url: "/reactapi/studio/site/names", headers: { cookie: instructor.cookie } });
    expect(names.json()).toEqual({
      doula_name: "Maya Ellison",
      business_name: "Calm Birth Circle",
      titles: { en: "certified birth doula" },
    });
    expect(await aboutHeading(context.app, "en")).toBe("Maya Ellison, certified birth doula");
    expect(await aboutHeading(context.app, "es")).toBe("Maya Ellison");
  });

  it("asks who may set them before anything about the body, and refuses an empty name or a link with a sentence", async () => {
    const member = await signedInMember(context.app, "names-member");
    expect((await post(context.app, "/reactapi/studio/site/names", { nonsense: 1 })).statusCode).toBe(401);
    expect((await post(context.app, "/reactapi/studio/site/names", { nonsense: 1 }, member.cookie)).statusCode).toBe(403);
    const instructor = await signedInInstructor(context.app, context.database.db, "names-refused");
    const empty = await post(context.app, "/reactapi/studio/site/names", { ...lucia, doula_name: "  " }, instructor.cookie);
    expect([empty.statusCode, empty.json().details]).toEqual([400, { doula_name: "Please write your name as clients should read it." }]);
    const link = await post(context.app, "/reactapi/studio/site/names", { ...lucia, titles: { es: "www.example.com" } }, instructor.cookie);
    expect([link.statusCode, link.json().details["titles.es"]]).toEqual([
      400,
      "Please write just your name: it cannot contain a web or e-mail address.",
    ]);
  });

  it("prints what she saved on About in each language, and in the mails made afterwards", async () => {
    const instructor = await signedInInstructor(context.app, context.database.db, "names-saved");
    const saved = await post(
      context.app,
      "/reactapi/studio/site/names",
      { ...lucia, titles: { ...lucia.titles, en: "" } },
      instructor.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // A title left empty is no title in that language.
    expect(saved.json()).toEqual({ ...lucia, titles: { es: "doula certificada" } });
    expect(await aboutHeading(context.app, "es")).toBe("Lucía Romero, doula certificada");
    expect(await aboutHeading(context.app, "en")).toBe("Lucía Romero");

    const backup = uniqueEmail("names-backup");
    expect(
      (await post(context.app, "/reactapi/studio/team/invite", { email: backup, first_name: "Noor" }, instructor.cookie)).statusCode,
    ).toBe(201);
    const [mail] = await context.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, backup), eq(mailOutbox.kind, "team_invitation")))
      .orderBy(desc(mailOutbox.id));
    expect(mail!.subject).toBe("Lucía Romero invites you to her team");
    expect(mail!.textBody.trimEnd()).toMatch(/Nacer en Calma$/);
    expect(mail!.textBody).not.toContain("Maya Ellison");
  });
});

if (!backends.includes("postgres")) it.skip(`her names on two app servers: ${postgresMissingNotice}`, () => {});

describe.runIf(backends.includes("postgres"))("her names on two app servers sharing PostgreSQL", () => {
  const servers = useAppServers();

  it("are printed by the other server too once she saves them on one", async () => {
    const [a, b] = servers;
    const instructor = await signedInInstructor(a!.app, a!.handle.db, "names-two");
    expect(await aboutHeading(b!.app, "es")).toBe("Maya Ellison");
    expect((await post(a!.app, "/reactapi/studio/site/names", lucia, instructor.cookie)).statusCode).toBe(200);
    await expect.poll(() => aboutHeading(b!.app, "es"), { timeout: 5_000 }).toBe("Lucía Romero, doula certificada");
  });
});
