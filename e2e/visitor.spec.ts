import { expect, test } from "./test.ts";
import { expectAccessible } from "./helpers.ts";

const protectedRoutes = [
  "/home",
  "/podcast",
  "/feedback",
  "/support",
  "/library",
  "/gallery",
  "/course?course=1",
  "/lesson?course=1&lesson=1001",
  "/purchase?course=4",
];

test.describe("a visitor", () => {
  for (const route of protectedRoutes) {
    test(`is sent from ${route} to /login`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    });
  }

  test("sees the landing page with its tiles, and it is accessible", async ({ page }) => {
    // A visitor has no session to check, so nothing fails (a 401 would be logged here).
    const consoleErrors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
    // The page rendered at build time already carries the tiles to /register, /join and /login.
    const prerendered = await (await page.request.get("/")).text();
    for (const address of ["/register", "/join", "/login"]) expect(prerendered).toContain(`href="${address}"`);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("calm");
    await expect(page.getByText("BETA", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /Membership/ })).toHaveAttribute("href", "/join");
    await expect(page.getByRole("link", { name: /Get the app/ })).toHaveAttribute("href", "/app");
    await expect(page.getByRole("link", { name: /1:1 doula support/ })).toHaveAttribute("href", "/book");
    await expect(page.getByRole("link", { name: "Meet your doula" })).toHaveAttribute("href", "/about");
    await expect(page.getByRole("link", { name: /For dads and husbands/ })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("link", { name: /Pushing and avoiding tearing/ })).toHaveAttribute("href", "/register");
    await expect(page.getByRole("link", { name: /Log in/ })).toHaveAttribute("href", "/login");
    await expect(page.getByText("© 2025")).toBeVisible();
    await expectAccessible(page);
    expect(consoleErrors).toEqual([]);
  });

  test("reads the public pages before any JavaScript runs, then the app takes them over", async ({ browser, page }) => {
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const still = await withoutScripts.newPage();
    await still.goto("/login");
    await expect(still.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
    await expect(still.getByLabel("Email")).toBeVisible();
    // Without the app the form stays closed: nothing typed is lost, and the browser never sends it itself.
    await expect(still.getByLabel("Email")).toBeDisabled();
    await expect(still.getByRole("button", { name: "Submit" })).toBeDisabled();
    await still.goto("/");
    await expect(still.getByRole("heading", { level: 1 })).toContainText("calm");
    await withoutScripts.close();

    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeEnabled();
    await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("navigation", { name: "Site menu" })).toBeVisible();
    await page.goto("/register");
    await expect(page.getByLabel("Access code")).toBeEnabled();
    for (const route of ["/", "/join", "/app"]) {
      await page.goto(route);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("navigation", { name: "Site menu" })).toBeVisible();
      await page.waitForLoadState("networkidle");
    }
    // A mismatch between a page and the app would be reported here by React.
    expect(errors).toEqual([]);
  });

  test("uses the public menu", async ({ page }) => {
    await page.goto("/join");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Site menu" });
    for (const entry of ["Welcome", "Login", "Contact", "Free Webinar", "About", "Helpful Links"]) {
      await expect(menu.getByRole("link", { name: entry })).toBeVisible();
    }
    // In the order of docs/product.md, Screens: the pages' places, Login second.
    expect(await menu.getByRole("link").allTextContents()).toEqual([
      "Welcome",
      "Login",
      "Contact",
      "Free Webinar",
      "About",
      "Helpful Links",
    ]);
    // A visitor is offered Login, never Logout; the pages about the doula are open to her.
    await expect(menu.getByRole("button", { name: "Logout" })).toHaveCount(0);
    for (const [entry, href] of [
      ["Contact", "/contact"],
      ["About", "/about"],
      ["Helpful Links", "/links"],
      ["Free Webinar", "/classes"],
    ]) {
      await expect(menu.getByRole("link", { name: entry })).toHaveAttribute("href", href!);
    }
    await expectAccessible(page);
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const route of ["/login", "/register", "/join", "/template"]) {
    test(`finds ${route} accessible`, async ({ page }) => {
      await page.goto(route);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("login page links to the password reset and to registration, and refuses a wrong password in words", async ({ page }) => {
    await page.goto("/login");
    // "Forgot Password?" has its own page (docs/product.md, Where we differ).
    await expect(page.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: /Need an account\? Sign Up Now!/ })).toHaveAttribute("href", "/register");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("Wrong-pass-1");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  });

  test("answers an unknown address with a kind page (HTTP 404), and a reload of a route with the app", async ({ page }) => {
    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
    await expect(page).toHaveTitle("This page does not exist · Calm Birth Circle");
    const response = await page.goto("/library");
    expect(response?.status()).toBe(200);
  });
});
