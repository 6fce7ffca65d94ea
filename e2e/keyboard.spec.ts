import { expect, type Locator, type Page, test } from "./test.ts";
import { accessCode, newEmail, PASSWORD } from "./helpers.ts";

// The whole way from registering to a lesson's download with Tab, Enter and Space only, as a
// member who cannot use a pointer would; after each navigation focus lands on the new heading.

/** Presses Tab until the target has focus; fails if it never does. */
async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let press = 0; press < limit; press++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

async function expectHeadingFocused(page: Page, name: string | RegExp) {
  await expect(page.getByRole("heading", { name, level: 1 })).toBeFocused();
}

test("a member registers, logs in, opens a lesson and downloads its file with the keyboard alone", async ({ page }) => {
  const email = newEmail("keyboard");
  await page.goto("/register");
  await page.waitForFunction(() => !document.querySelector("#root[data-prerendered] form [disabled]"));
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(PASSWORD);
  await tabTo(page, page.getByLabel("Access code"));
  await page.keyboard.type(accessCode());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/login$/);
  await expectHeadingFocused(page, "Log in");

  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/home$/);
  await expectHeadingFocused(page, "Welcome to the Beta");

  await tabTo(page, page.getByRole("navigation", { name: "Member sections" }).getByRole("link", { name: "Library" }));
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "COURSE LIBRARY");
  const course = page.getByRole("article", { name: /Comprehensive Childbirth Education/ });
  await tabTo(page, course.getByRole("button", { name: /Show details/ }));
  await page.keyboard.press("Space");
  await tabTo(page, course.getByRole("button", { name: "View Course" }));
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Comprehensive Childbirth Education");

  await tabTo(page, page.getByRole("button", { name: /Understanding Labour/ }));
  await page.keyboard.press("Space");
  await tabTo(page, page.getByRole("button", { name: /TOPIC:\s*Early Labour/ }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("link", { name: /Lesson 1 Signs labour is near/ }));
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Signs labour is near");

  await tabTo(page, page.getByRole("link", { name: "early-labour-checklist.txt" }));
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("early-labour-checklist.txt");
});
