import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serveArguments } from "../server/src/serve-command.ts";
import { SmtpCatcher } from "../server/src/test/smtp-catcher.ts";
import { standInEnvironment, startStripeStandIn } from "../server/src/test/stripe-stand-in.ts";

/**
 * Starts the built app as `npm start` serves it, on a fresh data directory, with online payment
 * pointed at a local stand-in for Stripe's API, and hands the beta access code and the studio's
 * setup link it prints (and the stand-in's address) to the tests. Returns the teardown.
 */
export default async function globalSetup() {
  const port = process.env.E2E_PORT ?? "5199";
  const dataDir = mkdtempSync(path.join(tmpdir(), "doula-e2e-"));
  const stripe = await startStripeStandIn();
  // A real SMTP server; each mail it receives is written to a folder the tests read (e2e/helpers.ts).
  const mailDir = mkdtempSync(path.join(tmpdir(), "doula-e2e-mail-"));
  const smtp = await new SmtpCatcher(mailDir).start();
  const server = spawn(process.execPath, serveArguments(), {
    env: {
      ...process.env,
      ...standInEnvironment(stripe),
      SMTP_URL: smtp.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      PORT: port,
      HOST: "127.0.0.1",
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      // Every journey signs up from this one address.
      REGISTRATIONS_PER_HOUR: "100000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const [code, setupUrl] = await new Promise<[string, string]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/Beta access code for registration: ([A-Z0-9-]+)/);
      const setup = output.match(/Studio setup link \(valid 72 hours, works once\): (\S+?token=[\w-]{43})/);
      if (match && setup && output.includes("Ready on")) {
        clearTimeout(timer);
        resolve([match[1]!, setup[1]!]);
      }
    };
    server.stdout.on("data", collect);
    server.stderr.on("data", collect);
    server.on("exit", (exitCode) => reject(new Error(`the server exited with ${exitCode}:\n${output}`)));
  });
  process.env.E2E_ACCESS_CODE = code;
  process.env.E2E_STUDIO_SETUP_URL = setupUrl;
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await stripe.close();
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
}
