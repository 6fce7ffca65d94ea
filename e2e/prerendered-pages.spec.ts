import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./test.ts";

// docs/architecture.md, "Pre-rendered pages": a visitor's page arrives as HTML and the app takes it
// over without rendering anything else first. A difference between the two is a hydration error
// (React's #418, #423, #425) in the console, and the page flickers or loses what she typed.

const root = path.resolve(import.meta.dirname, "..");
/** The pre-rendered routes as the build wrote them for the server (web/dist/app-routes.json). */
const prerendered = (
  JSON.parse(readFileSync(path.join(root, "web/dist/app-routes.json"), "utf8")) as { path: string; prerendered?: object }[]
)
  .filter((route) => route.prerendered)
  .map((route) => route.path);

for (const locale of ["en-GB", "es-ES"]) {
  test.describe(`pre-rendered pages in ${locale}`, () => {
    test.use({ locale, viewport: { width: 390, height: 844 } });

    test("are taken over by the app with no error in the console", async ({ page }) => {
      expect(prerendered.length, "the build pre-rendered the visitor's pages").toBeGreaterThan(5);
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
      for (const route of prerendered) {
        await page.goto(route);
        await expect(page.locator("#root[data-prerendered]")).toHaveCount(1);
        // The app's code and the page's chunks have arrived and run: hydration is done or has failed.
        await page.waitForLoadState("networkidle");
      }
      expect(errors).toEqual([]);
    });
  });
}
