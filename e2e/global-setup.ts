import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unpackMigratedPglite, writeMigratedPglite } from "../testing/database-templates.ts";
import { startServer, stopServer } from "../testing/server-process.ts";
import { SmtpCatcher } from "../testing/smtp-catcher.ts";
import { standInEnvironment, startStripeStandIn } from "../testing/stripe-stand-in.ts";
import playwrightConfig, { FIRST_PORT } from "../playwright.config.ts";

/**
 * Starts the built app as `npm start` serves it, once per Playwright worker, each on a new data
 * directory, with online payment pointed at a local stand-in for Stripe's API and a real SMTP
 * server of its own, and hands each worker's beta access code and studio setup link (and its
 * stand-in's address, mail folder and clock file) to its journeys (e2e/test.ts, workerValue).
 * Returns the teardown.
 */
export default async function globalSetup() {
  const workers = Number(playwrightConfig.workers ?? 1);
  // Every server starts on a database migrated once here: a new installation as the journeys need
  // it (seeded at its first start), without replaying every migration on disk for each.
  const templates = mkdtempSync(path.join(tmpdir(), "doula-e2e-template-"));
  const migrated = path.join(templates, "pglite.tar");
  await writeMigratedPglite(migrated);
  const stacks = await Promise.all(Array.from({ length: workers }, (_, index) => startStack(index, FIRST_PORT + index, migrated)));
  rmSync(templates, { recursive: true, force: true });
  return async () => {
    await Promise.all(stacks.map((stop) => stop()));
  };
}

async function startStack(index: number, port: number, migrated: string): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "doula-e2e-"));
  unpackMigratedPglite(migrated, dataDir);
  const stripe = await startStripeStandIn();
  // A real SMTP server; each mail it receives is written to a folder the tests read (e2e/helpers.ts).
  const mailDir = mkdtempSync(path.join(tmpdir(), "doula-e2e-mail-"));
  const smtp = await new SmtpCatcher(mailDir).start();
  // The server's "now" is the system's moved by the number in this file (e2e/helpers.ts, moveServerClock).
  const clockFile = path.join(mailDir, "..", `${path.basename(dataDir)}-clock`);
  const server = await startServer(
    {
      ...standInEnvironment(stripe),
      SMTP_URL: smtp.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      TEST_CLOCK_FILE: clockFile,
      // The journeys register a few hundred members: a test server may hash their passwords cheaply.
      PASSWORD_HASHING: "light",
    },
    { from: "build", port },
  );
  const [, code] = await server.waitForOutput(/Beta access code for registration: ([A-Z0-9-]+)/);
  const [, setupUrl] = await server.waitForOutput(/Studio setup link \(valid 72 hours, works once\): (\S+?token=[\w-]{43})/);
  process.env[`E2E_ACCESS_CODE_${index}`] = code;
  process.env[`E2E_STUDIO_SETUP_URL_${index}`] = setupUrl;
  process.env[`E2E_STRIPE_URL_${index}`] = stripe.url;
  process.env[`E2E_MAIL_DIR_${index}`] = mailDir;
  process.env[`E2E_CLOCK_FILE_${index}`] = clockFile;
  return async () => {
    await stopServer(server);
    await stripe.close();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    rmSync(clockFile, { force: true });
  };
}
