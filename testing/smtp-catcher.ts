import { renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
  /** Each header as sent, by its name in lower case (reply-to, list-unsubscribe...). */
  headers: Record<string, string>;
};

/**
 * A real SMTP server for tests: it accepts every mail (and any credentials) and keeps it, parsed.
 * With a folder, each mail is also written there as JSON, for a test in another process (e2e).
 */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private server: SMTPServer | undefined;
  private waiters: Array<() => void> = [];
  port = 0;

  constructor(private readonly folder?: string) {}

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const to = [parsed.to]
              .flat()
              .map((address) => address?.text ?? "")
              .join(", ");
            const mail = {
              to,
              from: parsed.from?.text ?? "",
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              attachments: parsed.attachments.map((file) => ({
                filename: file.filename ?? "",
                contentType: file.contentType,
                content: file.content.toString("utf8"),
              })),
              headers: Object.fromEntries(
                parsed.headerLines.map((header) => [header.key, header.line.slice(header.line.indexOf(":") + 1).trim()]),
              ),
            };
            this.mails.push(mail);
            if (this.folder) {
              // Written aside, then renamed: a browser test polling the folder never reads half a mail.
              const file = path.join(this.folder, `${Date.now()}-${this.mails.length}.json`);
              writeFileSync(`${file}.part`, JSON.stringify(mail));
              renameSync(`${file}.part`, file);
            }
            for (const wake of this.waiters.splice(0)) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `smtp://test:secret@127.0.0.1:${this.port}`;
  }

  /** The first mail (in arrival order) that matches, waiting for it up to the timeout. */
  async waitFor(matches: (mail: CaughtMail) => boolean, timeoutMs = 15_000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.mails.find(matches);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching mail within ${timeoutMs} ms; caught: ${this.mails.map((mail) => `${mail.to} "${mail.subject}"`).join("; ") || "none"}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The link in a mail's text part that leads to this page of the site (/reset-password). */
export function linkIn(mail: Pick<CaughtMail, "text">, pathname: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => new URL(candidate).pathname === pathname);
  if (!link) throw new Error(`no link to ${pathname} in:\n${mail.text}`);
  return link;
}
