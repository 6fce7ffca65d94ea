import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeCommand } from "../cli/admin-commands.ts";
import { backends, createTestApp, postgresMissingNotice, signedInMember, type TestApp } from "../../../testing/test-app.ts";

if (!backends.includes("postgres")) it.skip(`the change listener: ${postgresMissingNotice}`, () => {});

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.runIf(backends.includes("postgres"))("an app server's caches on PostgreSQL", () => {
  let context: TestApp;
  let database: pg.Client;
  beforeAll(async () => {
    context = await createTestApp("postgres");
    // The same scratch database the app uses, through a connection of the test's own.
    const pool = (context.database.db as unknown as { $client: pg.Pool }).$client;
    database = new pg.Client({ connectionString: pool.options.connectionString });
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
    await context.close();
  });

  const opens = async (cookie: string, courseId: number) => {
    const list = (await context.app.inject({ url: "/reactapi/getcourses", headers: { cookie } })).json() as {
      courses: { id: number; course_access: string }[];
    };
    return list.courses.find((course) => course.id === courseId)!.course_access === "true";
  };
  const grantBehindItsBack = async (email: string, courseId: number) =>
    database.query("insert into course_grants (user_id, course_id, source) select id, $2, 'instructor' from users where email = $1", [
      email,
      courseId,
    ]);
  const killListener = () =>
    database.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'doula-change-listener' and datname = current_database()",
    );

  it("answers from memory while it listens, and hears every announced change", async () => {
    const member = await signedInMember(context.app, "cached");
    expect(context.database.cacheTrust.trusted()).toBe(true);
    expect(await opens(member.cookie, 4)).toBe(false);
    await grantBehindItsBack(member.email, 4);
    expect(await opens(member.cookie, 4)).toBe(false);
    // A grant made through the repositories is announced in its transaction.
    await executeCommand(context.database.db, context.app.mediaStorage, { name: "course grant", email: member.email, courseId: 3 });
    await until("the announced grant is heard", () => opens(member.cookie, 3));
    expect(await opens(member.cookie, 4)).toBe(true);
  });

  it("stops trusting its caches the moment the listening connection dies, reads through meanwhile, and listens again", async () => {
    const member = await signedInMember(context.app, "unheard");
    expect(await opens(member.cookie, 4)).toBe(false);
    expect((await killListener()).rowCount).toBe(1);
    await until("the server notices its listening connection died", () => !context.database.cacheTrust.trusted(), 2_000);
    // Nobody can announce this to it now; it must be seen at once all the same.
    await grantBehindItsBack(member.email, 4);
    expect(await opens(member.cookie, 4)).toBe(true);
    await until("the server listens again", () => context.database.cacheTrust.trusted());
    expect(await opens(member.cookie, 3)).toBe(false);
    await grantBehindItsBack(member.email, 3);
    expect(await opens(member.cookie, 3)).toBe(false);
  });
});
