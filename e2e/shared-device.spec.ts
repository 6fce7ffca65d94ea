import { expect, type Page, test } from "./test.ts";
import { accessCode, logIn, newEmail, PASSWORD } from "./helpers.ts";

// Issue: one tab shared by two members (a family's phone or tablet). Whoever signs in next sees
// nothing of the member before, at any moment, and the device keeps nothing of hers.

async function registerAs(page: Page, firstName: string, email: string) {
  await page.goto("/register");
  await page.getByLabel("First name (optional)").fill(firstName);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Access code").fill(accessCode());
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** What the device keeps for the site: localStorage keys, and the records of every IndexedDB database. */
function deviceData(page: Page) {
  return page.evaluate(async () => {
    const records: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      for (const store of Array.from(database.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = database.transaction(store, "readonly").objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        records.push(...all.map((record) => `${name}/${store}: ${JSON.stringify(record)}`));
      }
      database.close();
    }
    return { localStorage: Object.keys(localStorage), records };
  });
}

async function openFromMenu(page: Page, entry: string) {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Member menu" });
  await (entry === "Logout" ? menu.getByRole("button", { name: entry }) : menu.getByRole("link", { name: entry })).click();
}

test("the next member in the same tab sees nothing of the member before, and the device keeps nothing of hers", async ({ page }) => {
  const first = newEmail("first-on-tablet");
  const second = newEmail("second-on-tablet");
  await registerAs(page, "Second", second);
  await registerAs(page, "Aurelia", first);
  await logIn(page, first);
  await expect(page).toHaveURL(/\/home$/);

  // Her timer and her birth preferences keep what she did on the device.
  await page.goto("/timer");
  await page.getByRole("button", { name: "Start contraction" }).click();
  await page.getByRole("button", { name: "Stop contraction" }).click();
  await page.goto("/birth-plan");
  await page.getByLabel("Who supports me (names, and who they are to you)").fill("Rafferty, my partner");
  await expect(page.getByRole("status").filter({ hasText: "All saved." })).toBeVisible();
  const kept = await deviceData(page);
  expect(kept.localStorage.length).toBeGreaterThan(0);
  expect(kept.records.length).toBeGreaterThan(0);

  // From here on, one page: no reload until the next member has seen her pages.
  await page.goto("/account");
  await expect(page.getByText(first).first()).toBeVisible();
  await page.getByLabel("Due date").fill("2027-03-01");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved. Lessons are suggested for your week.")).toBeVisible();
  await openFromMenu(page, "Home");
  await expect(page.getByText(/You are \d+ weeks/)).toBeVisible();
  await openFromMenu(page, "My account");
  await expect(page.getByText(first).first()).toBeVisible();

  await openFromMenu(page, "Logout");
  await expect(page).toHaveURL(/\/$/);
  expect(await deviceData(page)).toEqual({ localStorage: [], records: [] });

  // Every text the page shows from now on is recorded, at every change.
  await page.evaluate(() => {
    const seen = ((window as unknown as { seenTexts: string[] }).seenTexts = [document.body.innerText]);
    new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page
    .getByRole("link", { name: /Log in/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, second);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(/Second/).first()).toBeVisible();
  await openFromMenu(page, "My account");
  await expect(page.getByText(second).first()).toBeVisible();
  await openFromMenu(page, "Home");
  await expect(page.getByText(/Second/).first()).toBeVisible();
  // Whatever was still on its way has arrived (an answer for the member before would show now).
  await page.waitForLoadState("networkidle");

  const seen = await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts);
  expect(seen.length).toBeGreaterThan(3);
  for (const text of seen) {
    for (const hers of ["Aurelia", first, "Rafferty", /You are \d+ weeks/]) {
      expect(typeof hers === "string" ? text.includes(hers) : hers.test(text), `${String(hers)} shown to the next member`).toBe(false);
    }
  }
});
