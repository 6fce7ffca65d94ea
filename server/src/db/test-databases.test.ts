import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { resetScriptOf } from "../../../testing/database-templates.ts";
import { createTestApp, DEMO_CODE, GOOD_PASSWORD, jsonHeaders, uniqueEmail } from "../../../testing/test-app.ts";

// The test kit gives a closed PGlite test database to the next test app (docs/development.md,
// "A fast test run"): what one test wrote must never reach another.
describe("a PGlite test database used again", () => {
  it("comes back to the next test app as the migrated one, with nothing of the test before", async () => {
    const first = await createTestApp("pglite", { seed: true });
    const registered = await first.app.inject({
      method: "POST",
      url: "/reactapi/users/register",
      headers: jsonHeaders,
      payload: { email: uniqueEmail("reused"), password: GOOD_PASSWORD, access_code: DEMO_CODE },
    });
    expect(registered.statusCode).toBe(201);
    const firstDatabase = first.database;
    await first.close();
    // Every table, row and sequence as the migrations left them (read before the next app starts
    // and writes its own start-up rows).
    expect(await resetScriptOf(firstDatabase.db)).toBe(inject("pgliteResetScript"));

    const second = await createTestApp("pglite", { seed: false });
    try {
      expect(second.database).toBe(firstDatabase);
      const users = (await second.database.db.execute(sql`select count(*)::int as count from users`)) as unknown as {
        rows: { count: number }[];
      };
      expect(users.rows[0]!.count).toBe(0);
    } finally {
      await second.close();
    }
  });

  it("is not given out again once a test closed it itself", async () => {
    const broken = await createTestApp("pglite", { seed: false });
    await broken.database.close();
    await broken.close();
    const next = await createTestApp("pglite", { seed: false });
    try {
      expect(next.database).not.toBe(broken.database);
      expect((await next.app.inject({ url: "/reactapi/getcourses" })).statusCode).toBe(200);
    } finally {
      await next.close();
    }
  });
});
