import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { forgotPasswordAnswerText } from "../../../contract/my-account.ts";
import { openDatabase } from "../db/client.ts";
import { mailOutbox } from "./mail-schema.ts";
import { linkIn, SmtpCatcher } from "../../../testing/smtp-catcher.ts";
import { startServer, stopServer } from "../../../testing/server-process.ts";
import {
  backends,
  createScratchPostgres,
  createTestApp,
  DEMO_CODE,
  GOOD_PASSWORD,
  jsonHeaders,
  login,
  register,
  type TestApp,
  uniqueEmail,
} from "../../../testing/test-app.ts";
import { MailSender } from "./mail-sender.ts";
import { passwordResetMail } from "../accounts/account-mails.ts";
import { listOutbox, queueMail } from "./outbox.ts";
import { fixedPracticeNames } from "../lib/practice-names.ts";

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
const PUBLIC_URL = "http://members.example";

describe.each(backends)("mail through a real SMTP server, on %s", (backend) => {
  let catcher: SmtpCatcher;
  let context: TestApp;
  beforeAll(async () => {
    catcher = await new SmtpCatcher().start();
    context = await createTestApp(backend, {
      environment: { SMTP_URL: catcher.url, PUBLIC_URL, MAIL_FROM: "Calm Birth Circle <hello@example.com>" },
    });
  });
  afterAll(async () => {
    await context.close();
    await catcher.stop();
  });

  it("welcomes a new member, and a reset mail arrives with both parts and a link that works once", async () => {
    const email = uniqueEmail("mail");
    expect((await register(context.app, { email, first_name: "Ada", password: GOOD_PASSWORD, access_code: DEMO_CODE })).statusCode).toBe(
      201,
    );
    const welcome = await catcher.waitFor((mail) => mail.to === email && /Welcome/.test(mail.subject));
    expect(welcome.from).toContain("hello@example.com");
    expect(welcome.text).toContain("Hello Ada,");
    expect(welcome.html).toContain(`${PUBLIC_URL}/library`);

    const asked = await context.app.inject({
      method: "POST",
      url: "/reactapi/users/forgot-password",
      headers: jsonHeaders,
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: forgotPasswordAnswerText });
    const reset = await catcher.waitFor((mail) => mail.to === email && mail.subject === "Reset your password");
    const link = linkIn(reset, "/reset-password");
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=`));
    expect(reset.html).toContain(link.replace(/&/g, "&amp;"));
    const token = new URL(link).searchParams.get("token")!;

    const newPassword = "Quiet-morning-7";
    const changed = await context.app.inject({
      method: "POST",
      url: "/reactapi/users/reset-password",
      headers: jsonHeaders,
      payload: { token, password: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    expect((await login(context.app, email, newPassword)).statusCode).toBe(200);
    expect((await login(context.app, email, GOOD_PASSWORD)).statusCode).toBe(401);
    await catcher.waitFor((mail) => mail.to === email && mail.subject === "Your password was changed");
  });

  it("sends a mail's Reply-To and one-click unsubscribe headers as the outbox keeps them", async () => {
    const to = uniqueEmail("headers");
    await queueMail(context.database.db, {
      ...passwordResetMail(to, null, "token", {
        practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
        publicUrl: PUBLIC_URL,
      }),
      subject: "With headers",
      headers: {
        "Reply-To": "sarah@calmbirth.example",
        "List-Unsubscribe": `<${PUBLIC_URL}/reactapi/announcements/unsubscribe/abc>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    const mail = await catcher.waitFor((caught) => caught.to === to && caught.subject === "With headers");
    expect(mail.headers["reply-to"]).toBe("sarah@calmbirth.example");
    expect(mail.headers["list-unsubscribe"]).toBe(`<${PUBLIC_URL}/reactapi/announcements/unsubscribe/abc>`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  });
});

describe.each(backends)("the outbox when the SMTP server is down, on %s", (backend) => {
  let context: TestApp;
  let sender: MailSender | undefined;
  let catcher: SmtpCatcher | undefined;
  beforeAll(async () => {
    context = await createTestApp(backend, { seed: false, startMailSender: false });
  });
  afterEach(async () => {
    await sender?.stop();
    await catcher?.stop();
  });
  afterAll(() => context.close());

  it("keeps the mail, retries with growing delays, and delivers it once the server is back", async () => {
    // A port that was free a moment ago: nothing listens there until the catcher starts on it.
    const probe = await new SmtpCatcher().start();
    const port = probe.port;
    await probe.stop();
    const db = context.database.db;
    const to = uniqueEmail("outage");
    await queueMail(
      db,
      passwordResetMail(to, null, "t".repeat(43), {
        practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
        publicUrl: PUBLIC_URL,
      }),
    );
    sender = new MailSender(db, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "hello@example.com",
      log: silentLog,
      logLinks: false,
      firstRetryMs: 1_000,
      pollMs: 100,
    });

    expect(await sender.deliverDue()).toBe(0);
    const [afterFirst] = (await listOutbox(db)).filter((row) => row.toAddress === to);
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFirst!.lastError).toMatch(/ECONNREFUSED|connect/i);
    const firstDelay = afterFirst!.nextAttemptAt.getTime() - Date.now();
    expect(firstDelay).toBeGreaterThan(0);
    expect(firstDelay).toBeLessThanOrEqual(1_000);

    // Due again: the second failure waits twice as long.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.toAddress, to));
    expect(await sender.deliverDue()).toBe(0);
    const [afterSecond] = (await listOutbox(db)).filter((row) => row.toAddress === to);
    expect(afterSecond!.attempts).toBe(2);
    expect(afterSecond!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(1_000);

    catcher = await new SmtpCatcher().start(port);
    sender.start();
    const arrived = await catcher.waitFor((mail) => mail.to === to, 10_000);
    expect(arrived.subject).toBe("Reset your password");
    // The catcher has it a moment before the sender records it as sent.
    await expect.poll(async () => (await listOutbox(db)).find((row) => row.toAddress === to)?.status).toBe("sent");
    const [delivered] = (await listOutbox(db)).filter((row) => row.toAddress === to);
    expect(delivered).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(catcher.mails.filter((mail) => mail.to === to)).toHaveLength(1);
  });

  it("without SMTP_URL writes each mail's subject and links to the log instead, and marks it logged", async () => {
    const db = context.database.db;
    const to = uniqueEmail("nosmtp");
    await queueMail(
      db,
      passwordResetMail(to, null, "u".repeat(43), {
        practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }),
        publicUrl: PUBLIC_URL,
      }),
    );
    const lines: Array<{ subject?: string; links?: string[] }> = [];
    sender = new MailSender(db, {
      smtpUrl: null,
      from: "hello@example.com",
      log: { ...silentLog, info: (object) => lines.push(object) },
      logLinks: true,
    });
    await sender.deliverDue();
    expect(lines).toContainEqual(
      expect.objectContaining({ subject: "Reset your password", links: [`${PUBLIC_URL}/reset-password?token=${"u".repeat(43)}`] }),
    );
    expect((await listOutbox(db)).find((row) => row.toAddress === to)).toMatchObject({ status: "logged" });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL", () => {
  it("deliver each mail of the outbox once", async () => {
    const scratch = await createScratchPostgres();
    const catcher = await new SmtpCatcher().start();
    const environment = (name: string) => ({
      DATABASE_URL: scratch.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `mail-${name}-`)),
      SMTP_URL: catcher.url,
      SEED_DEMO_CONTENT: "false",
    });
    const servers = await Promise.all([startServer(environment("a")), startServer(environment("b"))]);
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: "memory" });
    try {
      const context = { practice: fixedPracticeNames({ doulaName: "Sarah", businessName: "Calm Birth Circle" }), publicUrl: PUBLIC_URL };
      for (let index = 0; index < 40; index++) {
        await queueMail(database.db, {
          ...passwordResetMail(`twice.${index}@example.com`, null, "v".repeat(43), context),
          subject: `Mail ${index}`,
        });
      }
      const deadline = Date.now() + 30_000;
      while (catcher.mails.length < 40 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
      // Long enough for both senders to poll again (every 5 s): a second delivery would show now.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const subjects = catcher.mails.map((mail) => mail.subject);
      expect(subjects).toHaveLength(40);
      expect(new Set(subjects).size).toBe(40);
      expect((await listOutbox(database.db, 100)).map((row) => row.status)).toEqual(Array(40).fill("sent"));
    } finally {
      await database.close();
      await Promise.all(servers.map((server) => stopServer(server)));
      await catcher.stop();
      await scratch.drop();
    }
  }, 120_000);
});
