import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "../../../contract/api.ts";
import { partOf } from "../../endpoint-table.ts";

// An endpoint that travels in a part of the browser's table (its entry's `travels`) is known on a
// page only once a module importing `virtual:endpoint-table/<part>` has run: a screen that calls
// it imports that module first. A call from a file that does not would fail on a first visit.
const webSource = path.resolve(import.meta.dirname, "..");
const sourceFiles = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
const files = sourceFiles(webSource).map((file) => ({ file: path.relative(webSource, file), text: readFileSync(file, "utf8") }));
const namesIn = (part: string) =>
  Object.entries(endpoints)
    .filter(([, endpoint]) => partOf(endpoint) === part)
    .map(([name]) => name);
const callersOf = (name: string) => files.filter(({ text }) => new RegExp(`["']${name}["']`).test(text));

describe("the parts of the browser's endpoint table", () => {
  it("leaves out of every page what only a server, Stripe or a monitor calls", () => {
    const none = namesIn("none");
    expect(none).toEqual(expect.arrayContaining(["stripeWebhook", "openApi", "healthz", "readyz", "metrics"]));
    for (const name of none)
      expect(
        callersOf(name).map(({ file }) => file),
        name,
      ).toEqual([]);
  });

  // The site's parts whose calls come from its screens alone (other parts are loaded by a frame,
  // or by a screen for the parts it renders, as the account page's test says of its own).
  const screensParts = [
    ["payments", "features/payments/", "./payment-endpoints.ts"],
    ["forms", "features/forms/", "./forms-endpoints.ts"],
    ["contact", "features/site-pages/", "./contact-endpoints.ts"],
    ["classes", "features/classes/", "./classes-endpoints.ts"],
    ["setup", "features/studio/setup/", "./setup-endpoints.ts"],
    ["account-links", "features/account/", "./link-endpoints.ts"],
    ["certificate", "features/courses/progress/", "./certificate-endpoints.ts"],
  ] as const;
  const calls = screensParts.flatMap(([part, folder, module]) => namesIn(part).map((name) => [name, part, folder, module] as const));

  it("gives each of those parts its calls", () => {
    for (const [part] of screensParts) expect(namesIn(part).length, part).toBeGreaterThan(0);
  });

  it.each(calls)("%s (part %s) is called only from files of %s that load %s first", (name, _part, folder, module) => {
    const callers = callersOf(name).filter(({ file }) => file !== "lib/use-link-check.ts");
    expect(callers.length).toBeGreaterThan(0);
    for (const { file, text } of callers) {
      expect(file.startsWith(folder), file).toBe(true);
      expect(text, file).toContain(`import "${module}";`);
    }
  });
});
