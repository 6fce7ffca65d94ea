import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Transporter } from "nodemailer";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "./mail-schema.ts";
import type { OutboxRow } from "./outbox.ts";

type Log = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type MailSenderOptions = {
  /** An smtp:// or smtps:// URL; null sends nothing and writes each mail's subject (and links) to the log. */
  smtpUrl: string | null;
  from: string;
  log: Log;
  /** Whether the log may show a mail's links when there is no SMTP server (never in production: they act for a member). */
  logLinks: boolean;
  /** How often a sender looks for due mail that another server queued, or whose retry came. */
  pollMs?: number;
  /** The first retry's delay; each later one doubles, up to a day. */
  firstRetryMs?: number;
};

const BATCH = 10;
const LONGEST_RETRY_MS = 24 * 60 * 60 * 1000;
// A mail still failing after this long is given up, and shown as failed by `mail list`.
const GIVE_UP_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
// While a sender holds a mail, no other sender takes it; if it dies meanwhile, the mail is due again after this.
const CLAIM_MS = 5 * 60 * 1000;

/**
 * Delivers the outbox. Every app server runs one; a mail is claimed in one statement (FOR UPDATE
 * SKIP LOCKED) before it is sent, so with several servers on one PostgreSQL each mail goes out once.
 * The claim is committed before the SMTP conversation, so no transaction stays open while a slow
 * mail server answers.
 */
export class MailSender {
  // Created on the first mail: nodemailer is loaded only by a server that has mail to send.
  private transport: Promise<Transporter> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly options: MailSenderOptions,
  ) {}

  private smtp(smtpUrl: string): Promise<Transporter> {
    this.transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }),
    );
    return this.transport;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 5_000);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due mail now (called after an action queued one). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.warn({ err: error }, "mail: could not read the outbox; trying again shortly"))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Sends every mail that is due; resolves when none is left. */
  async deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return delivered;
      for (const mail of claimed) if (await this.deliver(mail)) delivered += 1;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    (await this.transport)?.close();
  }

  private claim(): Promise<OutboxRow[]> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(mail: OutboxRow): Promise<boolean> {
    if (!this.options.smtpUrl) {
      const links = this.options.logLinks ? (mail.textBody.match(/https?:\/\/\S+/g) ?? []) : [];
      this.options.log.info(
        { mailId: mail.id, kind: mail.kind, subject: mail.subject, links },
        "mail not sent (no SMTP_URL): written to the log instead",
      );
      await this.record(mail.id, { status: "logged", sentAt: new Date(), lastError: null });
      return true;
    }
    try {
      await (
        await this.smtp(this.options.smtpUrl)
      ).sendMail({
        from: this.options.from,
        ...mailHeaders(mail.headers),
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        attachments: (mail.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: file.content,
        })),
      });
      await this.record(mail.id, { status: "sent", sentAt: new Date(), lastError: null });
      this.options.log.info({ mailId: mail.id, kind: mail.kind }, "mail sent");
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 500) : "unknown error";
      const givingUp = Date.now() - mail.createdAt.getTime() > GIVE_UP_AFTER_MS;
      const delayMs = Math.min((this.options.firstRetryMs ?? 60_000) * 2 ** (mail.attempts - 1), LONGEST_RETRY_MS);
      await this.record(
        mail.id,
        givingUp
          ? { status: "failed", lastError: reason }
          : { nextAttemptAt: sql`now() + ${`${delayMs} milliseconds`}::interval`, lastError: reason },
      );
      const details = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, reason };
      if (givingUp) this.options.log.error(details, "mail given up after days of failures");
      else
        this.options.log.warn(
          { ...details, retryInSeconds: Math.round(delayMs / 1000) },
          "mail not delivered; it stays in the outbox and is tried again",
        );
      return false;
    }
  }

  private async record(id: number, changes: PgUpdateSetSource<typeof mailOutbox>): Promise<void> {
    await this.db.update(mailOutbox).set(changes).where(eq(mailOutbox.id, id));
  }
}

/** Reply-To goes through nodemailer's own field (it checks the address); the rest as they are. */
function mailHeaders(headers: Record<string, string> | null): { replyTo?: string; headers?: Record<string, string> } {
  if (!headers) return {};
  const { "Reply-To": replyTo, ...rest } = headers;
  return { ...(replyTo ? { replyTo } : {}), ...(Object.keys(rest).length > 0 ? { headers: rest } : {}) };
}
