import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { isCalendarDate } from "../../../contract/forms.ts";
import { sourceLanguage } from "../../../contract/languages.ts";
import { Email } from "../../../contract/sign-in.ts";
import {
  accessCodeStatus,
  isWellFormedCode,
  lastValidDay,
  listAccessCodes,
  normaliseCode,
} from "../access-codes/access-codes-repository.ts";
import { findUserByEmail, fullName, listUsers } from "../accounts/users-repository.ts";
import { commandLine, recordActivity } from "../activity/activity-repository.ts";
import { createCode, setCodeActive } from "../studio/access-codes/access-code-operations.ts";
import { grantCourse, revokeCourse, setRole } from "../studio/members/member-operations.ts";
import { exportCatalogue, importCatalogue } from "../catalogue/catalogue-transfer.ts";
import type { MediaStorage } from "../storage/storage.ts";
import type { Database } from "../db/client.ts";
import { listPurchases, revenueByMonth } from "../payments/purchases-repository.ts";
import { backupEmbedded, embeddedClient } from "../backups/backups.ts";
import { listSubmissions } from "../forms/forms-repository.ts";
import { listOutbox } from "../mail/outbox.ts";
import { dataChanges } from "../db/data-changes.ts";
import { HttpError } from "../http/errors.ts";
import { systemClock } from "../lib/clock.ts";

/** A command after its arguments were checked; files are already read, so it can travel to a running server. */
export type AdminCommand =
  | { name: "access-code create"; code: string; maxUses: number | null; expires: string | null }
  | { name: "access-code deactivate" | "access-code reactivate"; code: string }
  | { name: "access-code list" }
  | { name: "course grant" | "course revoke"; email: string; courseId: number }
  | { name: "user set-role"; email: string; role: "member" | "admin" }
  | { name: "user list" }
  | { name: "content import"; document: unknown }
  | { name: "content export" }
  | { name: "inbox list"; kind: "feedback" | "contact" | null }
  | { name: "purchases list" }
  | { name: "mail list" }
  | { name: "backup"; file: string }
  | { name: "restore"; file: string; force: boolean };

export type AdminResult = { text: string; data?: unknown };

export class UsageError extends Error {}

export const usage = `Usage: npm run admin -- <command>

  access-code create <CODE> [--max-uses N] [--expires YYYY-MM-DD]
  access-code deactivate <CODE>
  access-code reactivate <CODE>
  access-code list
  course grant <email> <course-id>
  course revoke <email> <course-id>
  user set-role <email> <member|admin>
  user list
  content import <file.json>
  content export [file.json]
  inbox list [--kind feedback|contact]
  mail list                     the latest 50 mails of the outbox: sent, waiting (with the last error) or given up
  purchases list
  backup <file>                 a consistent copy of the whole database, even while the server runs
  restore <file> [--force]      into a stopped, empty installation (--force: over an existing one)`;

function positiveInteger(text: string | undefined, what: string): number {
  if (!text || !/^\d{1,9}$/.test(text) || Number(text) < 1)
    throw new UsageError(`${what} must be a whole number of 1 or more, not "${text ?? ""}".`);
  return Number(text);
}

function emailArgument(text: string | undefined): string {
  const parsed = Email.safeParse(text ?? "");
  if (!parsed.success) throw new UsageError(`"${text ?? ""}" is not an e-mail address.`);
  return parsed.data;
}

/** Turns the words after `npm run admin --` into a command, reading any file it names. */
export async function parseCommand(argv: string[], cwd = process.cwd()): Promise<AdminCommand> {
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: { "max-uses": { type: "string" }, expires: { type: "string" }, kind: { type: "string" }, force: { type: "boolean" } },
      });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  })();
  const [group, action, ...rest] = positionals;
  const name = `${group ?? ""} ${action ?? ""}`;
  const expectArguments = (count: number, shape: string) => {
    if (rest.length !== count) throw new UsageError(`Usage: npm run admin -- ${name} ${shape}`.trimEnd());
  };
  const noFlags = (allowed: string[] = []) => {
    const extra = Object.keys(values).filter((flag) => !allowed.includes(flag));
    if (extra.length > 0) throw new UsageError(`${name} does not take --${extra[0]}.`);
  };

  if (group === "backup" || group === "restore") {
    // One word, then the file.
    if (!action || rest.length > 0)
      throw new UsageError(`Usage: npm run admin -- ${group} <file>${group === "restore" ? " [--force]" : ""}`);
    const extra = Object.keys(values).filter((flag) => !(group === "restore" && flag === "force"));
    if (extra.length > 0) throw new UsageError(`${group} does not take --${extra[0]}.`);
    const file = path.resolve(cwd, action);
    return group === "backup" ? { name: "backup", file } : { name: "restore", file, force: values.force === true };
  }
  switch (name) {
    case "access-code create": {
      expectArguments(1, "<CODE> [--max-uses N] [--expires YYYY-MM-DD]");
      noFlags(["max-uses", "expires"]);
      const code = normaliseCode(rest[0]!);
      if (!isWellFormedCode(code)) {
        throw new UsageError("An access code is 3 to 64 letters, digits, dashes or underscores, starting with a letter or digit.");
      }
      const maxUses = values["max-uses"] === undefined ? null : positiveInteger(values["max-uses"], "--max-uses");
      const expires = values.expires ?? null;
      if (expires !== null && !isCalendarDate(expires)) throw new UsageError(`--expires takes a date as YYYY-MM-DD, not "${expires}".`);
      return { name, code, maxUses, expires };
    }
    case "access-code deactivate":
    case "access-code reactivate":
      expectArguments(1, "<CODE>");
      noFlags();
      return { name, code: normaliseCode(rest[0]!) };
    case "access-code list":
    case "user list":
    case "purchases list":
    case "content export":
      if (name === "content export") {
        if (rest.length > 1) throw new UsageError("Usage: npm run admin -- content export [file.json]");
      } else expectArguments(0, "");
      noFlags();
      return { name } as AdminCommand;
    case "course grant":
    case "course revoke":
      expectArguments(2, "<email> <course-id>");
      noFlags();
      return { name, email: emailArgument(rest[0]), courseId: positiveInteger(rest[1], "The course id") };
    case "user set-role": {
      expectArguments(2, "<email> <member|admin>");
      noFlags();
      const role = rest[1];
      if (role !== "member" && role !== "admin") throw new UsageError(`The role must be member or admin, not "${role}".`);
      return { name, email: emailArgument(rest[0]), role };
    }
    case "content import": {
      expectArguments(1, "<file.json>");
      noFlags();
      const file = path.resolve(cwd, rest[0]!);
      let text: string;
      try {
        text = await readFile(file, "utf8");
      } catch {
        throw new UsageError(`Cannot read ${rest[0]}: no such file, or it is not readable.`);
      }
      try {
        return { name, document: JSON.parse(text) };
      } catch (error) {
        throw new UsageError(`${rest[0]} is not valid JSON: ${(error as Error).message}`);
      }
    }
    case "mail list":
      expectArguments(0, "");
      noFlags([]);
      return { name };
    case "inbox list": {
      expectArguments(0, "[--kind feedback|contact]");
      noFlags(["kind"]);
      const kind = values.kind ?? null;
      if (kind !== null && kind !== "feedback" && kind !== "contact") throw new UsageError(`--kind is feedback or contact, not "${kind}".`);
      return { name, kind };
    }
    default:
      throw new UsageError(positionals.length === 0 ? usage : `Unknown command "${positionals.join(" ")}".\n\n${usage}`);
  }
}

function table(rows: string[][]): string {
  if (rows.length <= 1) return "(none)";
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function formatMoney(amountMinor: number, currency: string): string {
  return `${(amountMinor / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** Runs a command, then tells this process's caches what it changed. */
export async function executeCommand(db: Database, storage: MediaStorage, command: AdminCommand): Promise<AdminResult> {
  const result = await runCommand(db, storage, command);
  if (command.name === "content import") dataChanges.emit("catalogue");
  return result;
}

/** The member an e-mail names, or a 404 that says so. */
async function memberByEmail(db: Database, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new HttpError(404, `There is no member with the e-mail ${email}.`);
  return user;
}

async function runCommand(db: Database, storage: MediaStorage, command: AdminCommand): Promise<AdminResult> {
  switch (command.name) {
    case "access-code create":
      return {
        text: (
          await createCode(
            db,
            commandLine,
            { code: command.code, maxUses: command.maxUses, expiresOn: command.expires },
            systemClock.now(),
            sourceLanguage,
          )
        ).message,
      };
    case "access-code deactivate":
    case "access-code reactivate":
      return {
        text: (await setCodeActive(db, commandLine, command.code, command.name === "access-code reactivate", systemClock.now())).message,
      };
    case "access-code list": {
      const rows = await listAccessCodes(db);
      const now = systemClock.now().getTime();
      return {
        text: table([
          ["CODE", "USES", "EXPIRES", "STATUS"],
          ...rows.map((row) => [row.code, `${row.uses}/${row.maxUses ?? "∞"}`, lastValidDay(row) ?? "never", accessCodeStatus(row, now)]),
        ]),
        data: rows,
      };
    }
    case "course grant":
    case "course revoke": {
      const user = await memberByEmail(db, command.email);
      const change = command.name === "course grant" ? grantCourse : revokeCourse;
      return { text: (await change(db, commandLine, user.id, command.courseId)).message };
    }
    case "user set-role": {
      const user = await memberByEmail(db, command.email);
      return { text: (await setRole(db, commandLine, user.id, command.role)).message };
    }
    case "user list": {
      const rows = await listUsers(db);
      return {
        text: table([
          ["ID", "EMAIL", "NAME", "ROLE", "JOINED"],
          ...rows.map((user) => [String(user.id), user.email, fullName(user) || "-", user.role, user.createdAt.toISOString().slice(0, 10)]),
        ]),
      };
    }
    case "content import": {
      const summary = await db.transaction(async (tx) => {
        const imported = await importCatalogue(tx, command.document, storage);
        if (imported.changed)
          await recordActivity(
            tx,
            commandLine,
            "catalogue",
            `Imported the catalogue from a content file (${imported.courses} courses, ${imported.lessons} lessons).`,
          );
        return imported;
      });
      const counts = `${summary.courses} courses, ${summary.modules} modules, ${summary.lessons} lessons, ${summary.downloads} downloads, ${summary.subscription_plans} plans`;
      return {
        text: summary.changed
          ? `Imported the catalogue: ${counts}.`
          : `The catalogue already matches this file (${counts}); nothing changed.`,
        data: summary,
      };
    }
    case "content export": {
      const catalogue = await exportCatalogue(db, storage);
      return { text: `Exported ${catalogue.courses.length} courses.`, data: catalogue };
    }
    case "backup": {
      const client = embeddedClient(db);
      if (!client) throw new HttpError(400, "On PostgreSQL the CLI makes the backup itself with pg_dump.");
      const { bytes } = await backupEmbedded(client, command.file);
      return { text: `Backed up the database to ${command.file} (${(bytes / 1024 / 1024).toFixed(1)} MB).` };
    }
    case "restore":
      throw new HttpError(409, "A restore needs the server stopped: stop it, then run the restore again.");
    case "purchases list": {
      const [rows, months] = await Promise.all([listPurchases(db), revenueByMonth(db)]);
      const purchasesTable = table([
        ["ID", "DATE", "MEMBER", "PLAN", "AMOUNT", "STATUS"],
        ...rows.map((row) => [
          String(row.id),
          row.createdAt.toISOString().slice(0, 10),
          row.memberEmail ?? "(deleted member)",
          row.planName,
          formatMoney(row.amountMinor, row.currency) + (row.mode === "subscription" ? " per period" : ""),
          row.status,
        ]),
      ]);
      const revenueTable = table([
        ["MONTH", "CURRENCY", "PAYMENTS", "REFUNDS", "REVENUE"],
        ...months.map((month) => [
          month.month,
          month.currency,
          String(month.payments),
          String(month.refunds),
          formatMoney(month.netMinor, month.currency),
        ]),
      ]);
      return {
        text: `Purchases, newest first:\n${purchasesTable}\n\nRevenue by month (refunds subtracted):\n${revenueTable}`,
        data: { purchases: rows, months },
      };
    }
    case "mail list": {
      const rows = await listOutbox(db);
      if (rows.length === 0) return { text: "The outbox is empty: no mail has been written yet.", data: [] };
      const text = rows
        .map((row) => {
          const when = row.sentAt
            ? `${row.status} ${row.sentAt.toISOString()}`
            : row.status === "pending"
              ? `waiting, next try ${row.nextAttemptAt.toISOString()}`
              : row.status;
          const error = row.lastError && row.status !== "sent" ? `\n  last error (attempt ${row.attempts}): ${row.lastError}` : "";
          return `#${row.id} ${row.kind} to ${row.toAddress}: "${row.subject}" (${when})${error}`;
        })
        .join("\n");
      return { text, data: rows.map(({ textBody: _text, htmlBody: _html, ...row }) => row) };
    }
    case "inbox list": {
      const rows = await listSubmissions(db, command.kind ?? undefined);
      if (rows.length === 0) return { text: "The inbox is empty.", data: [] };
      const text = rows
        .map((row) => {
          const fields = Object.entries(row.payload as Record<string, unknown>)
            .map(([field, value]) => `  ${field}: ${Array.isArray(value) ? value.join(", ") : String(value ?? "")}`)
            .join("\n");
          return `#${row.id} ${row.kind} from ${row.memberEmail ?? "a deleted member"} at ${row.createdAt.toISOString()}\n${fields}`;
        })
        .join("\n\n");
      return { text, data: rows };
    }
  }
}
