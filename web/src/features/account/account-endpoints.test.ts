import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../../../contract/api.ts";
import { partOf } from "../../../endpoint-table.ts";

// The account page's calls travel with it, not in every first visit (web/endpoint-table.ts). A call
// made from another screen would find its endpoint missing there: this test names the file instead.
const webSource = path.resolve(import.meta.dirname, "../..");
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe("the account page's part of the endpoint table", () => {
  const files = sourceFiles(webSource).map((file) => ({ file: path.relative(webSource, file), text: readFileSync(file, "utf8") }));
  const accountCalls = Object.entries(endpoints)
    .filter(([, endpoint]) => partOf(endpoint) === "account")
    .map(([name]) => name);

  it("holds her account's own calls", () => {
    expect(accountCalls).toEqual(
      expect.arrayContaining(["changeName", "changeEmail", "changePassword", "exportMyData", "deleteMyAccount"]),
    );
  });

  it.each(accountCalls)("%s is called only from her account page's files, which load its part first", (name) => {
    const callers = files.filter(({ text }) => text.includes(`"${name}"`));
    expect(callers.length).toBeGreaterThan(0);
    for (const { file, text } of callers) {
      expect(file.startsWith("features/account/"), file).toBe(true);
      expect(text, file).toContain('import "./account-endpoints.ts";');
    }
  });
});
