import { expect, test } from "./test.ts";
import { accessibleAtBothWidths, instructorPage, signedInMember } from "./helpers.ts";

// Content notes she controls (docs/product.md, Content notes): a lesson with a note she asked to be
// told about opens with a calm notice, and nothing of it loads until she chooses.
test("a lesson with a content note opens with its notice: the summary alone loads no video, and Save for later lists it on /home", async ({
  browser,
}) => {
  const studio = await instructorPage(browser);
  await studio.goto("/studio/lessons/1005");
  const notes = studio.getByRole("group", { name: "Content notes" });
  await notes.getByLabel("Pregnancy loss").check();
  await studio.getByRole("button", { name: "Save lesson" }).click();
  await expect(studio.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await studio.context().close();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signedInMember(page, "noted");
  await page.goto("/lesson?course=1&lesson=1005");
  const notice = page.getByRole("region", { name: "Before you begin" });
  await expect(notice).toContainText("This lesson talks about pregnancy loss.");
  await expect(page.locator("iframe")).toHaveCount(0);
  await accessibleAtBothWidths(page);

  await notice.getByRole("button", { name: "Read the summary instead" }).click();
  await expect(page.getByRole("heading", { name: "Lesson summary" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);

  await page.reload();
  await page.getByRole("region", { name: "Before you begin" }).getByRole("button", { name: "Save for later" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved for later" })).toBeVisible();
  await page.goto("/home");
  const saved = page.getByRole("region", { name: "Saved for later" });
  await expect(saved.getByRole("link")).toHaveAttribute("href", "/lesson?course=1&lesson=1005");

  // Shown normally, chosen on /account: the lesson opens at once.
  await page.goto("/account");
  const choices = page.getByRole("form", { name: "Content notes" });
  await choices.getByLabel("Pregnancy loss").selectOption("show");
  await choices.getByRole("button", { name: "Save my choices" }).click();
  await expect(choices.getByRole("status")).toContainText("Saved.");
  await accessibleAtBothWidths(page);
  await page.goto("/lesson?course=1&lesson=1005");
  await expect(page.getByRole("heading", { name: "Notes" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Before you begin" })).toHaveCount(0);

  // Left out of her suggestions: still in the course, marked, and "Next lesson" passes it by.
  await page.goto("/account");
  await choices.getByLabel("Pregnancy loss").selectOption("leave_out");
  await choices.getByRole("button", { name: "Save my choices" }).click();
  await expect(choices.getByRole("status")).toContainText("Saved.");
  await page.goto("/lesson?course=1&lesson=1004");
  const next = page.getByRole("navigation", { name: "Lessons of this course" }).getByRole("link", { name: /^Next lesson/ });
  await expect(next).toHaveAttribute("href", /lesson=\d+$/);
  await expect(next).not.toHaveAttribute("href", "/lesson?course=1&lesson=1005");
  await page.goto("/course?course=1");
  await expect(page.getByRole("main").getByRole("button", { expanded: false }).first()).toBeVisible();
  // Its modules open one level at a time: every closed one is opened, topics included.
  const closed = page.getByRole("main").getByRole("button", { expanded: false });
  for (let opened = 0; opened < 20 && (await closed.count()) > 0; opened += 1) await closed.first().click();
  await expect(page.getByRole("link", { name: /left out of your suggestions/ })).toHaveAttribute("href", "/lesson?course=1&lesson=1005");
  await context.close();
});
