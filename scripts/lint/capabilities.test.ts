import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the lint configuration, without types
import { hostRefusals, hosts, migrationRefusals, optionalCapabilities, studioAreaRefusals, tableOwners } from "./capabilities.mjs";

describe("the capabilities' own lint", () => {
  const owners = new Map([
    ["subscription_plans", "payments"],
    ["codes", "gifts"],
    ["plan_tiers", "gifts"],
  ]);

  it("refuses a migration that alters another capability's table, and lets one that keeps to its own tables through", () => {
    const altering =
      'CREATE TABLE "codes" ("id" serial);--> statement-breakpoint\nALTER TABLE "subscription_plans" ADD COLUMN "tiers" jsonb;';
    expect(migrationRefusals("0070_tiers.sql", altering, owners)).toEqual([
      "0070_tiers.sql changes the tables of gifts (codes) and payments (subscription_plans): a migration belongs to one capability; an extension keeps its data in a table of its own keyed by the host's id",
    ]);
    const own =
      'CREATE TABLE "plan_tiers" ("plan_id" integer NOT NULL);--> statement-breakpoint\n' +
      'ALTER TABLE "plan_tiers" ADD CONSTRAINT "plan_tiers_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id");\n' +
      'CREATE INDEX "plan_tiers_plan" ON "plan_tiers" USING btree ("plan_id");';
    expect(migrationRefusals("0071_plan_tiers.sql", own, owners)).toEqual([]);
    expect(
      migrationRefusals("0072_index.sql", 'CREATE UNIQUE INDEX "x" ON "codes" ("code");\nDROP TABLE "subscription_plans";', owners),
    ).toHaveLength(1);
  });

  it("refuses a host that imports from a capability she can turn off", () => {
    const text =
      'import { buildApp } from "./app.ts";\nimport { classWork } from "./classes/classes-routes.ts";\nconst x = await import("../features/community/page.tsx");';
    expect(hostRefusals("server/src/main.ts", text, ["classes", "community"])).toEqual([
      "server/src/main.ts imports ./classes/classes-routes.ts: a host names no capability (classes); let it declare what it adds",
      "server/src/main.ts imports ../features/community/page.tsx: a host names no capability (community); let it declare what it adds",
    ]);
    expect(hostRefusals("server/src/main.ts", 'import { loadConfig } from "./config.ts";', ["classes"])).toEqual([]);
  });

  it("counts the web app's frames and shared modules among the hosts, and refuses a part tagged with a capability there", () => {
    expect(hosts()).toEqual(expect.arrayContaining(["web/src/app/slots.ts", "web/src/app/member-layout.tsx", "web/src/lib/routes.ts"]));
    expect(hosts().some((file: string) => file.endsWith(".test.tsx") || file.endsWith(".test.ts"))).toBe(false);
    expect(hostRefusals("web/src/app/slots.ts", 'memberMenu: [fromCapability("classes", { label, to: "/classes" })]', ["classes"])).toEqual(
      ["web/src/app/slots.ts adds a part of classes: a host names no capability; let its own slots.ts declare it"],
    );
  });

  it("refuses a studio area named after a capability: its screens live in the capability's own folder", () => {
    expect(studioAreaRefusals(["calendar", "courses", "timer", "trash"], ["courses", "studio", "home"], ["timer", "classes"])).toEqual([
      "web/src/features/studio/courses/ holds the courses capability's studio screens: they live in web/src/features/courses/studio/, with its catalogue",
      "web/src/features/studio/timer/ holds the timer capability's studio screens: they live in web/src/features/timer/studio/, with its catalogue",
    ]);
  });

  it("knows today's tables and the capabilities she can turn off from the manifests", () => {
    const today = tableOwners() as Map<string, string>;
    expect(today.get("class_registrations")).toBe("classes");
    expect(today.get("capability_switches")).toBe("capabilities");
    expect(optionalCapabilities()).toEqual(expect.arrayContaining(["classes", "labour", "gifts"]));
    expect(optionalCapabilities()).not.toContain("catalogue");
  });
});
