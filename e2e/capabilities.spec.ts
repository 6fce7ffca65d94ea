import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "./test.ts";
import { expectAccessible, instructorPage, postAs, signedInMember } from "./helpers.ts";

type Capability = { name: string; title: string; on: boolean; needs: string[] };
/** Every address of the built app and the capability its screen belongs to (scripts/prerender.mjs). */
const appRoutes = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../web/dist/app-routes.json"), "utf8")) as {
  path: string;
  capability?: string;
}[];
const turn = (studio: Page, name: string, on: boolean) => postAs(studio, `/reactapi/studio/capabilities/${name}`, { on });

// docs/architecture.md, "Capabilities she can turn off": Studio → Site → Features.
test.describe("the features she can turn off", () => {
  test("live classes and the community turned off leave the site, its menus and her studio; turned on again, they are back", async ({
    browser,
  }) => {
    const studio = await instructorPage(browser);
    const member = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await signedInMember(member, "features-member");
    const visitor = await browser.newPage();
    try {
      await studio.goto("/studio/site");
      const features = studio.getByRole("region", { name: "Features" });
      await expect(features.getByText("Needs Her clients' journey.").first()).toBeVisible();
      const classes = features.getByRole("switch", { name: "Live classes" });
      await expect(classes).toBeChecked();
      await classes.click();
      await expect(features.getByText("Live classes is off. What it keeps stays.")).toBeVisible();
      await expect(classes).not.toBeChecked();
      await features.getByRole("switch", { name: "Community" }).click();
      await expect(features.getByText("Community is off. What it keeps stays.")).toBeVisible();
      await expectAccessible(studio);

      // A visitor: the page is not found, from the server as from the app.
      const answer = await visitor.goto("/classes");
      expect(answer?.status()).toBe(404);
      await expect(visitor.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
      await visitor.getByRole("button", { name: "Open menu" }).click();
      const siteMenu = visitor.getByRole("navigation", { name: "Site menu" });
      await expect(siteMenu.getByRole("link", { name: "Helpful Links" })).toBeVisible();
      await expect(siteMenu.getByRole("link", { name: "Free Webinar" })).toHaveCount(0);

      // A member: no menu entry, no bottom-bar entry, and the address is not found.
      await member.goto("/home");
      await member.getByRole("button", { name: "Open menu" }).click();
      const menu = member.getByRole("navigation", { name: "Member menu" });
      await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
      await expect(menu.getByRole("link", { name: /Live classes|Community/ })).toHaveCount(0);
      await expect(member.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Community" })).toHaveCount(0);
      await member.goto("/community");
      await expect(member.getByRole("heading", { name: "This page does not exist" })).toBeVisible();

      // Her studio: no Community section, and its address is no page.
      await studio.goto("/studio");
      const sections = studio.getByRole("navigation", { name: "Studio sections" });
      await expect(sections.getByRole("link", { name: "Courses" })).toBeVisible();
      await expect(sections.getByRole("link", { name: "Community" })).toHaveCount(0);

      await studio.goto("/studio/site");
      await features.getByRole("switch", { name: "Live classes" }).click();
      await expect(features.getByText("Live classes is on.")).toBeVisible();
      await features.getByRole("switch", { name: "Community" }).click();
      await expect(features.getByText("Community is on.")).toBeVisible();

      expect((await visitor.goto("/classes"))?.status()).toBe(200);
      await expect(visitor.getByRole("heading", { name: "This page does not exist" })).toHaveCount(0);
      await visitor.getByRole("button", { name: "Open menu" }).click();
      await expect(visitor.getByRole("navigation", { name: "Site menu" }).getByRole("link", { name: "Free Webinar" })).toBeVisible();
      await member.goto("/home");
      await expect(member.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Community" })).toBeVisible();
      await studio.goto("/studio");
      await expect(studio.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Community" })).toBeVisible();
    } finally {
      // The worker's server is shared by the journeys after this one: every feature goes back on.
      for (const name of ["classes", "community"]) await turn(studio, name, true);
      await Promise.all([studio.context().close(), member.context().close(), visitor.context().close()]);
    }
  });

  test("each of them off in turn: every page of its own is not found, from the server and the app; all off, the course platform remains", async ({
    browser,
  }) => {
    const studio = await instructorPage(browser);
    const member = await (await browser.newContext()).newPage();
    await signedInMember(member, "features-each");
    const capabilities = ((await (await studio.request.get("/reactapi/studio/capabilities")).json()) as { capabilities: Capability[] })
      .capabilities;
    // Those that need another go off before it and come back after it.
    const needing = (name: string) => capabilities.filter((other) => other.needs.includes(name)).map((other) => other.name);
    try {
      for (const { name } of capabilities) {
        for (const other of [...needing(name), name]) await turn(studio, other, false);
        for (const route of appRoutes.filter((each) => each.capability === name && !each.path.includes(":"))) {
          const reader = route.path.startsWith("/studio") ? studio : member;
          expect(`${route.path}: ${(await reader.goto(route.path))?.status()}`).toBe(`${route.path}: 404`);
          await expect(
            reader.getByRole("heading", {
              name: route.path.startsWith("/studio") ? "This studio page does not exist" : "This page does not exist",
            }),
          ).toBeVisible();
        }
        for (const other of [name, ...needing(name)]) await turn(studio, other, true);
      }

      // Every one off: the course library of the product description, and nothing of the rest.
      const ordered = [...capabilities].sort((first, second) => second.needs.length - first.needs.length);
      for (const { name } of ordered) await turn(studio, name, false);
      await member.goto("/home");
      await expect(member.getByRole("heading", { name: "Welcome to the Beta" })).toBeVisible();
      await expect(member.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Community" })).toHaveCount(0);
      await member.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Library" }).click();
      await expect(member.getByRole("heading", { name: "COURSE LIBRARY" })).toBeVisible();
      await expect(member.getByRole("searchbox")).toHaveCount(0);
      await member.goto("/account");
      await expect(member.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
      await expect(member.getByRole("heading", { name: /Your partner|My bookings|Your birth registry/ })).toHaveCount(0);
      await expectAccessible(member);
    } finally {
      for (const { name } of [...capabilities].sort((first, second) => first.needs.length - second.needs.length))
        await turn(studio, name, true);
      await Promise.all([studio.context().close(), member.context().close()]);
    }
  });
});
