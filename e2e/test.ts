import { test as base } from "@playwright/test";
import { FIRST_PORT } from "../playwright.config.ts";

// The browser journeys' `test`: each Playwright worker drives its own server, with its own
// database, mail catcher, Stripe stand-in and clock (e2e/global-setup.ts starts one per worker),
// so two journeys running at once never meet in one database.

export { type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: it has none.
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${FIRST_PORT + testInfo.parallelIndex}`);
  },
});

/** This worker's server's origin, which the site's own writes carry. */
export const serverOrigin = (): string => `http://127.0.0.1:${FIRST_PORT + test.info().parallelIndex}`;

/** A value global-setup handed to this worker's journeys: its server's access code, setup link, mail folder… */
export function workerValue(name: string): string {
  const value = process.env[`${name}_${test.info().parallelIndex}`];
  if (!value) throw new Error(`${name} is not set for this worker: e2e/global-setup.ts did not start its server`);
  return value;
}
