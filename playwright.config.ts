import { defineConfig } from "@playwright/test";

/** The first worker's server's port; worker N's is this plus N (e2e/global-setup.ts, e2e/test.ts). */
export const FIRST_PORT = Number(process.env.E2E_PORT ?? 5199);

// This machine has no network beyond loopback: Chromium's background services would only fail.
const chromiumArguments = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The journeys of the installed app: its service worker, its pushed notifications, offline use. */
const INSTALLED_APP_JOURNEYS = ["app.spec.ts", "languages.spec.ts", "labour-line.spec.ts", "partner-and-birth.spec.ts"];

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Two journeys at a time, one per core: each worker drives its own server and database
  // (e2e/global-setup.ts, e2e/test.ts); a file's journeys run in order, on one worker.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // One retry on CI, where the machine is shared; Playwright still reports a test that needed it as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${FIRST_PORT}`,
    viewport: { width: 360, height: 780 },
    trace: "off",
    // A journey's new browser would otherwise install the service worker, which downloads the whole
    // build (some 330 files) for offline use, and Playwright follows each of those requests: about
    // a fifth of the run's CPU. The journeys of the installed app and of offline use allow it.
    serviceWorkers: "block",
  },
  projects: [
    {
      // The installed app, its service worker, its notifications and offline use are the browser's
      // own features: those journeys run in the whole of Debian's Chromium.
      name: "installed app",
      testMatch: INSTALLED_APP_JOURNEYS,
      use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArguments } },
    },
    {
      // Every other journey runs in Debian's headless shell of the same Chromium (its Blink and V8,
      // without the windowing of the whole browser): half the processor time a page costs, which
      // is most of this machine's time in the journeys (docs/development.md, "A fast test run").
      // E2E_BROWSER=chromium runs them in the whole browser too.
      name: "journeys",
      testIgnore: INSTALLED_APP_JOURNEYS,
      use: {
        launchOptions: {
          executablePath:
            process.env.E2E_BROWSER === "chromium"
              ? (process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")
              : (process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell"),
          args: chromiumArguments,
        },
      },
    },
  ],
});
