import { routes } from "../web/src/lib/routes.ts";
import { expect, test } from "./test.ts";
import { expectAccessible, instructorPage } from "./helpers.ts";

// docs/studio.md, "On a phone": every studio page fits a 360 px screen (nothing off its side but what
// scrolls inside its own box, a wide table), and the sections' menu is one row, not a wall of links.

/** Every studio address of the route table without a parameter (web/src/lib/routes.ts). */
const studioRoutes = routes
  .map((route) => route.path)
  .filter((route) => route.startsWith("/studio") && !route.includes(":") && route !== "/studio/setup");

test("every studio page fits a 360 px phone, under a menu one row tall", async ({ browser }) => {
  test.setTimeout(240_000);
  expect(studioRoutes.length).toBeGreaterThan(15);
  const studio = await instructorPage(browser);
  await studio.setViewportSize({ width: 360, height: 740 });
  const wide: string[] = [];
  for (const route of studioRoutes) {
    await studio.goto(route);
    await expect(studio.locator("main, [role=main]").first(), route).toBeVisible();
    await expect(studio.locator(".progress-ring, [role=progressbar]"), route).toHaveCount(0, { timeout: 15_000 });
    const sections = studio.getByRole("navigation", { name: "Studio sections" });
    expect((await sections.boundingBox())!.height, `${route}: the sections' menu`).toBeLessThan(80);
    const overflow = await studio.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) wide.push(`${route}: ${overflow} px too wide`);
    // Her clients and the labour line are what she opens on her phone in the night: axe reads them at this width.
    if (route === "/studio/clients" || route === "/studio/labour") await expectAccessible(studio);
  }
  await studio.context().close();
  expect(wide, "studio pages wider than a 360 px phone").toEqual([]);
});
