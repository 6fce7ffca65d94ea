import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_PASSWORD, migratedDataDir, uniqueEmail } from "../../../testing/test-app.ts";
import { postJson, type RunningServer, runAdmin, startServer, stopServer } from "../../../testing/server-process.ts";

const root = mkdtempSync(path.join(tmpdir(), "doula-cli-"));
// Each installation's database migrated already (testing/test-app.ts): these tests are of the CLI, not of a first start.
const stoppedDir = migratedDataDir();
const runningDir = migratedDataDir();
afterAll(() => {
  for (const directory of [root, stoppedDir, runningDir]) rmSync(directory, { recursive: true, force: true });
});

describe("the admin CLI on a stopped server", () => {
  const environment = { DATA_DIR: stoppedDir, DATABASE_URL: "" };

  it("creates, lists and deactivates access codes", async () => {
    const created = await runAdmin(["access-code", "create", "spring-2027", "--max-uses", "20", "--expires", "2099-12-31"], environment);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created access code SPRING-2027: 20 uses, valid through 31 December 2099/);
    const listed = await runAdmin(["access-code", "list"], environment);
    expect(listed.stdout).toMatch(/SPRING-2027\s+0\/20\s+2099-12-31\s+active/);
    const deactivated = await runAdmin(["access-code", "deactivate", "Spring-2027"], environment);
    expect(deactivated.code).toBe(0);
    expect((await runAdmin(["access-code", "list"], environment)).stdout).toMatch(/SPRING-2027.*inactive/);
    // Four CLI processes: a few seconds alone, more on a busy machine.
  }, 90_000);

  it.each([
    [["access-code", "create", "X1-CODE", "--max-uses", "many"], 2, /--max-uses must be a whole number/],
    [["access-code", "create", "GOOD-CODE", "--expires", "31/12/2099"], 2, /YYYY-MM-DD/],
    [["access-code", "create", "OLD-CODE", "--expires", "2001-01-01"], 1, /already passed/],
    [["access-code", "deactivate", "NEVER-MADE"], 1, /no access code NEVER-MADE/],
    [["user", "set-role", "someone@example.com", "boss"], 2, /member or admin/],
    [["user", "set-role", "someone@example.com", "admin"], 1, /no member with the e-mail/],
    [["course", "grant", "someone@example.com", "one"], 2, /course id must be a whole number/],
    [["inbox", "list", "--kind", "letters"], 2, /feedback or contact/],
    [["content", "import", "no-such-file.json"], 2, /Cannot read no-such-file.json/],
    [["launch", "rockets"], 2, /Unknown command "launch rockets"/],
  ])("refuses %j with exit code %i and a clear message", async (args, exitCode, message) => {
    const result = await runAdmin(args, environment);
    expect(result.code).toBe(exitCode);
    expect(result.stderr).toMatch(message);
  });
});

describe("the admin CLI while the server runs on the same data directory", () => {
  const dataDir = runningDir;
  const environment = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir });
  });
  afterAll(() => stopServer(server));

  it("creates a code the running server accepts at once", async () => {
    const created = await runAdmin(["access-code", "create", "LIVE-CODE", "--max-uses", "1"], environment);
    expect(created.code).toBe(0);
    const email = uniqueEmail("live");
    const registered = await postJson(`${server.url}/reactapi/users/register`, {
      email,
      password: GOOD_PASSWORD,
      access_code: "live-code",
    });
    expect(registered.status).toBe(201);
    const users = await runAdmin(["user", "list"], environment);
    expect(users.stdout).toContain(email);
    expect(server.output()).toContain('"command":"access-code create"');

    // The welcome mail of that registration, in the outbox; without SMTP_URL it went to the log.
    const mail = await runAdmin(["mail", "list"], environment);
    expect(mail.code).toBe(0);
    expect(mail.stdout).toMatch(new RegExp(`#\\d+ welcome to ${email.replace(/[.+]/g, "\\$&")}: "Welcome to .+" \\((logged|waiting)`));
  });

  it("grants a course and promotes a member", async () => {
    const email = uniqueEmail("grantee");
    const code = await runAdmin(["access-code", "create", "GRANT-CODE"], environment);
    expect(code.code).toBe(0);
    await postJson(`${server.url}/reactapi/users/register`, { email, password: GOOD_PASSWORD, access_code: "GRANT-CODE" });
    const granted = await runAdmin(["course", "grant", email, "4"], environment);
    expect(granted.stdout).toMatch(/can now open "Pushing and Avoiding Tearing"/);
    const revoked = await runAdmin(["course", "revoke", email, "4"], environment);
    expect(revoked.stdout).toMatch(/no longer has a grant/);
    const promoted = await runAdmin(["user", "set-role", email, "admin"], environment);
    expect(promoted.stdout).toMatch(/is now an admin/);
  });

  it("exports the catalogue to a file that imports back with no change, and refuses a broken one", async () => {
    const file = path.join(root, "catalogue.json");
    const exported = await runAdmin(["content", "export", file], environment);
    expect(exported.code).toBe(0);
    const catalogue = JSON.parse(readFileSync(file, "utf8"));
    expect(catalogue.courses).toHaveLength(4);
    const imported = await runAdmin(["content", "import", file], environment);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toMatch(/already matches this file/);

    catalogue.courses[0].logo = 9;
    writeFileSync(file, JSON.stringify(catalogue));
    const refused = await runAdmin(["content", "import", file], environment);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/courses\.0\.logo/);
  });

  it("lists the inbox", async () => {
    const result = await runAdmin(["inbox", "list", "--kind", "contact"], environment);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/inbox is empty/);
  });
});
