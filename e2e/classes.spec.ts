import { expect, test } from "@playwright/test";
import { accessibleAtBothWidths, instructorPage, linkIn, mailTo, newEmail, signedInMember } from "./helpers.ts";

// Live classes (docs/product.md, Live classes): "Free Webinar" leads to /classes; a visitor's place
// is hers once she confirms the mailed link; a member is registered at once, or waits when it is full.
test.describe("live classes", () => {
  test("a visitor registers from the menu and confirms by mail; a member finds the class full and joins the waiting list", async ({
    browser,
  }) => {
    const run = Date.now().toString(36).slice(-4);
    const title = `Free webinar: your first week ${run}`;
    const studio = await instructorPage(browser);
    // She creates it in the studio's calendar, in her own time.
    await studio.goto("/studio/calendar#classes");
    const form = studio.getByRole("form", { name: "New class" });
    await form.getByLabel("Title").fill(title);
    const local = await studio.evaluate(() => {
      const start = new Date(Date.now() + 7 * 24 * 3600_000);
      const two = (value: number) => String(value).padStart(2, "0");
      return `${start.getFullYear()}-${two(start.getMonth() + 1)}-${two(start.getDate())}T${two(start.getHours())}:${two(start.getMinutes())}`;
    });
    await form.getByLabel("Starts (your time)").fill(local);
    await form.getByLabel("Places").fill("1");
    await form.getByLabel("Video call link").fill("https://meet.example/first-week");
    await accessibleAtBothWidths(studio);
    await form.getByRole("button", { name: "Create the class" }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Created" })).toContainText(`Created “${title}”.`);
    await expect(studio.getByRole("rowheader", { name: title })).toBeVisible();

    const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto("/");
    await visitor.getByRole("button", { name: "Open menu" }).click();
    await visitor.getByRole("navigation", { name: "Site menu" }).getByRole("link", { name: "Free Webinar" }).click();
    await expect(visitor).toHaveURL(/\/classes$/);
    const card = visitor.getByRole("article", { name: title });
    await expect(card).toContainText("1 of 1 places left");
    await accessibleAtBothWidths(visitor);
    await card.getByRole("button", { name: "Register" }).click();
    const email = newEmail("class-visitor");
    await card.getByLabel("Your name").fill("Ruth");
    await card.getByLabel("E-mail address").fill(email);
    await card.getByRole("button", { name: "Register" }).click();
    await expect(card.getByRole("status")).toContainText("Almost there: we mailed you a link.");
    const confirmation = await mailTo(email, `Confirm your place: ${title}`);
    await visitor.goto(linkIn(confirmation, "/classes"));
    await visitor.getByRole("button", { name: "Confirm my place" }).click();
    await expect(visitor.getByRole("status").first()).toContainText("You have a place.");
    await mailTo(email, new RegExp(`^Registered: ${title}`));

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signedInMember(member, "class-member");
    await member.goto("/classes");
    const full = member.getByRole("article", { name: title });
    await expect(full).toContainText("Full: join the waiting list");
    await full.getByRole("button", { name: "Join the waiting list" }).click();
    await full.getByRole("button", { name: "Join the waiting list" }).click();
    await expect(full).toContainText("You are on the waiting list.");
    await expect(full.getByRole("link", { name: "Join the class" })).toHaveCount(0);
    await accessibleAtBothWidths(member);
    await studio.reload();
    const row = studio.getByRole("row").filter({ has: studio.getByRole("rowheader", { name: title }) });
    await expect(row).toContainText("1 of 1");
    await row.getByRole("button", { name: `Cancel ${title}` }).click();
    await expect(studio.getByRole("status").filter({ hasText: "Cancelled" })).toContainText("were told by mail");
    await mailTo(email, `Cancelled: ${title}`);
    await memberContext.close();
    await visitorContext.close();
    await studio.context().close();
  });
});
