import { expect, test } from "@playwright/test";
import { accessibleAtBothWidths, instructorPage, newEmail } from "./helpers.ts";

// Her public face (docs/product.md, Screens: /about, /contact, /links): she writes her About page and her helpful
// links in the studio; a visitor finds them, and the Contact form, from the menu, with no account.

test.describe("her public pages", () => {
  test("she writes About and Helpful links; a visitor reads them and writes to her from Contact, which lands in her inbox", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const run = Date.now().toString(36).slice(-4);
    const studio = await instructorPage(browser);
    await studio.goto("/studio/site");
    await expect(studio.getByRole("heading", { name: "Site", level: 1 })).toBeVisible();
    // The editor loads once a hand is seen on the page (web/src/features/studio/courses/rich-text-field.tsx).
    await studio.mouse.move(20, 20);
    await studio.mouse.move(200, 300);
    const story = studio.getByRole("textbox", { name: "Your story" });
    await story.click();
    await studio.keyboard.press("Control+A");
    await studio.keyboard.type(`I have walked beside families for twelve years ${run}.`);
    await studio.getByLabel("Training and credentials (one per line)").fill("Certified birth doula\nLactation counsellor");
    await studio.getByRole("button", { name: "Add a testimonial" }).click();
    await studio.getByLabel("The mother's first name").last().fill("Maya");
    await studio.getByLabel("What she said").last().fill("She made my second birth a calm one.");
    await studio.getByRole("button", { name: "Save About" }).click();
    await expect(studio.getByText("Your About page is saved.")).toBeVisible();
    await studio.getByRole("button", { name: "Add a link" }).click();
    const links = studio.getByRole("form", { name: "Helpful links" });
    await links.getByLabel("Title").last().fill(`Evidence Based Birth ${run}`);
    await links.getByLabel("Address").last().fill("https://evidencebasedbirth.com");
    await links.getByLabel("Why it helps (optional)").last().fill("Research on birth, explained kindly.");
    await studio.getByRole("button", { name: "Save links" }).click();
    await expect(studio.getByText("Your helpful links are saved.")).toBeVisible();
    await accessibleAtBothWidths(studio);

    // A visitor on her phone, from the menu: no Logout for her, and no address that sends her to log in.
    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.clock.install();
    await visitor.goto("/");
    const openMenu = async () => {
      await visitor.getByRole("button", { name: "Open menu" }).click();
      return visitor.getByRole("navigation", { name: "Site menu" });
    };
    let menu = await openMenu();
    await expect(menu.getByRole("button", { name: "Logout" })).toHaveCount(0);
    await menu.getByRole("link", { name: "About" }).click();
    await expect(visitor).toHaveURL(/\/about$/);
    await expect(visitor.getByText(`I have walked beside families for twelve years ${run}.`)).toBeVisible();
    await expect(visitor.getByRole("listitem").filter({ hasText: "Lactation counsellor" })).toBeVisible();
    await expect(visitor.getByText("She made my second birth a calm one.")).toBeVisible();
    await accessibleAtBothWidths(visitor);

    menu = await openMenu();
    await menu.getByRole("link", { name: "Helpful Links" }).click();
    await expect(visitor).toHaveURL(/\/links$/);
    await expect(visitor.getByRole("link", { name: `Evidence Based Birth ${run}` })).toHaveAttribute(
      "href",
      "https://evidencebasedbirth.com",
    );
    await accessibleAtBothWidths(visitor);

    menu = await openMenu();
    await menu.getByRole("link", { name: "Contact" }).click();
    await expect(visitor).toHaveURL(/\/contact$/);
    const email = newEmail("contact");
    await visitor.getByLabel("Your name").fill("Ruth");
    await visitor.getByLabel("E-mail address").fill(email);
    await visitor.getByLabel("Birth Support", { exact: true }).check();
    await visitor.getByLabel("Your message").fill(`Are you free for a birth in August? ${run}`);
    await accessibleAtBothWidths(visitor);
    // A person takes a few seconds to write; the form's clock says so.
    await visitor.clock.fastForward(15_000);
    await visitor.getByRole("button", { name: "Send message" }).click();
    await expect(visitor.getByText(/^Thank you: your message is with her/)).toBeVisible();
    await accessibleAtBothWidths(visitor);
    for (const page of [visitor]) await expect(page.getByText(/placeholder|VIDEO INFO HERE/i)).toHaveCount(0);

    await studio.goto("/studio/inbox");
    await expect(studio.getByText(`Are you free for a birth in August? ${run}`)).toBeVisible();
    await expect(studio.getByText(email).first()).toBeVisible();
    await visitorContext.close();
    await studio.context().close();
  });
});
