import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

const OWNER_ONLY_FOLDER = 0o700;
const OWNER_ONLY_FILE = 0o600;
const OTHERS_BITS = 0o077;

/**
 * Makes DATA_DIR readable by this account only, before anything is opened in it: the embedded
 * database holds e-mails, password hashes, purchases and messages. From here on this process and
 * its children create files owner-only (the umask), and whatever an older version left readable
 * to others is tightened. (PGlite sets some modes past the umask; the database client tightens
 * its folder once it has started.)
 * Returns the paths that were tightened, for the log. The admin CLI passes create: false, so a
 * mistyped DATA_DIR is reported as empty rather than made.
 */
export function keepDataDirPrivate(dataDir: string, { create = true } = {}): string[] {
  process.umask(OTHERS_BITS);
  if (create) mkdirSync(dataDir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  else if (!existsSync(dataDir)) return [];
  return tightenToOwner(dataDir);
}

/** Takes every permission of others off a folder and all below it; returns what it changed. */
export function tightenToOwner(folder: string): string[] {
  const tightened: string[] = [];
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    // A link may point outside DATA_DIR, at something that is not ours to change.
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & OTHERS_BITS) !== 0) {
      chmodSync(entry, stats.isDirectory() ? OWNER_ONLY_FOLDER : OWNER_ONLY_FILE);
      tightened.push(entry);
    }
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(folder);
  return tightened;
}

/** The log line for what keepDataDirPrivate tightened, or undefined when nothing was open to others. */
export function tightenedSentence(dataDir: string, tightened: string[]): string | undefined {
  if (tightened.length === 0) return undefined;
  return `Made ${tightened.length} file(s) and folder(s) in ${dataDir} readable by this account only; they were open to other accounts on this machine.`;
}
