import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../../../contract/api.ts";
import { accountPageCalls, partOf } from "../../../endpoint-table.ts";

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
    .filter(([name, endpoint]) => partOf(name, endpoint) === "account")
    .map(([name]) => name);

  it("holds every call the list names, and each is an endpoint of the contract", () => {
    expect(accountCalls.sort()).toEqual([...accountPageCalls].sort());
  });

  it.each([...accountPageCalls])("%s is called only from her account page's files, which load its part first", (name) => {
    const callers = files.filter(({ text }) => text.includes(`"${name}"`));
    expect(callers.length).toBeGreaterThan(0);
    for (const { file, text } of callers) {
      expect(file.startsWith("features/account/"), file).toBe(true);
      expect(text, file).toContain('import "./account-endpoints.ts";');
    }
  });
});
