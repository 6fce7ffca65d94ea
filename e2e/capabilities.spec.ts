import { expect, test } from "./test.ts";
import { expectAccessible, instructorPage, postAs, signedInMember } from "./helpers.ts";

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
      await member.goto("/home");
      await expect(member.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Community" })).toBeVisible();
      await studio.goto("/studio");
      await expect(studio.getByRole("navigation", { name: "Studio sections" }).getByRole("link", { name: "Community" })).toBeVisible();
    } finally {
      // The worker's server is shared by the journeys after this one: every feature goes back on.
      for (const name of ["classes", "community"]) await postAs(studio, `/reactapi/studio/capabilities/${name}`, { on: true });
      await Promise.all([studio.context().close(), member.context().close(), visitor.context().close()]);
    }
  });
});
