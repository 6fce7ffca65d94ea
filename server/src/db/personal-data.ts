import { type Column, eq, or, type SQL, sql } from "drizzle-orm";
import type { users } from "../accounts/accounts-schema.ts";
import type { Queryable, Transaction } from "./types.ts";

export type Member = typeof users.$inferSelect;

/**
 * What one feature keeps about a member, declared by that feature so her data download and the
 * deletion of her account take it in without the accounts feature knowing it (its manifest puts
 * its part into the accounts' `personalData` point). Rows that reference her with ON DELETE CASCADE go with her row and need no erase.
 */
export type PersonalData = {
  /** Her part's key in my-data.json. */
  key: string;
  /** Her part, as plain JSON. */
  export: (member: Member) => Promise<unknown>;
  /**
   * Runs inside the deletion's transaction, before her row is deleted. What it answers, if
   * anything, runs once that transaction has committed: what is kept outside the database (her
   * files in the media storage) goes then, and never while the deletion could still be undone.
   */
  erase?: (tx: Transaction, member: Member) => Promise<void | (() => Promise<void>)>;
  /**
   * Runs inside the transaction that changes her e-mail address (`member` is her row before it), so
   * what is still to be mailed to her (a reminder, a place offered) goes to the address she uses now.
   */
  readdress?: (tx: Transaction, member: Member, newEmail: string) => Promise<void>;
  /**
   * Runs inside the transaction that proves her address hers (its confirmation link, a password
   * reset by mail; `member` is her row after it): what was kept for that address until an account
   * proved it (a care record, a community place) becomes hers now.
   */
  proven?: (tx: Transaction, member: Member) => Promise<void>;
  /**
   * Runs inside the transaction that changes her password (her other sessions end with it): what a
   * device was given while she was signed in there goes, this device's too (her notifications).
   */
  passwordChanged?: (tx: Transaction, member: Member) => Promise<void>;
};

/**
 * Rows a feature keeps by member or by address (a booking, a class place) that are hers: those
 * made on her account, and those made with her address once she has proven it is hers (a link
 * mailed to it was used, `users.email_proven_at`). Anyone can type anyone's address, so before
 * that proof a visitor's booking under it is not hers to read, change or delete. Addresses
 * compare case-insensitively.
 */
export function keptFor(member: Member, userIdColumn: Column, emailColumn: Column): SQL {
  const address = provenAddress(member);
  if (!address) return eq(userIdColumn, member.id);
  return or(eq(userIdColumn, member.id), sql`lower(${emailColumn}) = ${address}`)!;
}

/** Her address, when she has proven it (keptFor), for what a feature keeps by address alone. */
export const provenAddress = (member: Member): string | null => (member.emailProvenAt ? member.email.toLowerCase() : null);

/**
 * One of her mail choices on /account ("Mail from us"), declared by the feature whose mails it
 * turns on or off, so her account reads and saves it without knowing that feature (its manifest
 * puts it into the accounts' `mailChoices` point). `key` is its field in the account's answer.
 */
export type MailChoice = {
  key: "announcements" | "class_reminders";
  /** How the saved sentence names these mails ("class reminders"). */
  label: string;
  wanted: (db: Transaction | Queryable, member: Member) => Promise<boolean>;
  save: (tx: Transaction, member: Member, wanted: boolean) => Promise<void>;
  /** For a choice kept by address: the refusal while her address is not proven hers. */
  unprovenAddressRefusal?: string;
};
