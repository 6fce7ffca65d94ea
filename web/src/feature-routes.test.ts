import { describe, expect, it } from "vitest";
import type { RouteExamples, ScreenRoute } from "./lib/route-table.ts";
import { exampleAddress } from "./feature-examples.ts";
import { routes } from "./lib/routes.ts";

// docs/architecture.md, "Adding a capability", step 4: each feature declares its own addresses.
const declared = import.meta.glob<{ routes: readonly ScreenRoute[]; examples?: RouteExamples }>("./features/*/routes.ts", { eager: true });

describe("the route table, composed of the features' routes.ts", () => {
  it("holds every route each feature declares, and each feature declares screens of its own folder only", () => {
    const features = Object.entries(declared);
    expect(features.length).toBeGreaterThan(15);
    for (const [file, { routes: own }] of features) {
      const feature = /features\/([^/]+)\/routes\.ts$/.exec(file)![1];
      for (const route of own) {
        expect(route.screen, file).toMatch(new RegExp(`^features/${feature}/`));
        expect(routes).toContain(route);
      }
    }
    expect(routes).toHaveLength(features.reduce((count, [, { routes: own }]) => count + own.length, 0));
  });

  it("gives each address, each studio section's place and each menu entry's place to one route only", () => {
    const unique = (values: unknown[]) => expect(new Set(values).size).toBe(values.length);
    unique(routes.map((route) => route.path));
    unique(routes.flatMap((route) => (route.studioSection ? [route.studioSection.place] : [])));
    unique(routes.flatMap((route) => (route.publicMenu ? [route.publicMenu.place] : [])));
    unique(routes.flatMap((route) => (route.bottomBar ? [route.bottomBar.place] : [])));
  });

  it("gives a route whose address has a parameter an example that fills it, and gives examples of its own routes only", () => {
    for (const route of routes.filter((each) => each.path.includes(":"))) expect(exampleAddress(route), route.path).toMatch(/^\/[^:]*$/);
    for (const [file, { routes: own, examples }] of Object.entries(declared))
      for (const path of Object.keys(examples ?? {}))
        expect(
          own.map((route) => route.path),
          file,
        ).toContain(path);
  });
});
