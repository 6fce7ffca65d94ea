import { randomBytes } from "node:crypto";
import type { MediaStorage } from "./storage.ts";

// Files a table's rows name by key (a lesson's downloads, the files a doula shares with a client;
// docs/storage.md). A file is written before the row that names it, and a row may go without a word
// (a cascade, a content import, an erased account): so nothing removes a file when its row goes.
// Instead the sweep removes the files no row names any more. The key starts with the time it was
// made, so a file written a moment ago, whose row is still on its way, is never taken for one.

/** How long a file may wait for its row before the sweep takes it for one whose row is gone. */
export const ROW_PATIENCE_MS = 60 * 60 * 1000;

/** A new key in a folder ("lesson-files/"): the time it was made, then enough chance never to meet another. */
export function newFileKey(folder: string, now: Date): string {
  return `${folder}${now.getTime()}-${randomBytes(12).toString("hex")}`;
}

const madeAt = (key: string, folder: string): number | null => {
  const match = /^(\d{10,16})-[0-9a-f]+$/.exec(key.slice(folder.length));
  return match ? Number(match[1]) : null;
};

/**
 * Removes the files of a folder that no row names and that were made more than ROW_PATIENCE_MS
 * before `now`; answers how many. `named` answers which of some keys a row names still.
 */
export async function removeUnnamedFiles(
  storage: MediaStorage,
  folder: string,
  named: (keys: string[]) => Promise<Set<string>>,
  now: Date,
): Promise<number> {
  const oldEnough = (await storage.list(folder)).filter((key) => {
    const made = madeAt(key, folder);
    return made !== null && made < now.getTime() - ROW_PATIENCE_MS;
  });
  let removed = 0;
  for (let start = 0; start < oldEnough.length; start += 500) {
    const keys = oldEnough.slice(start, start + 500);
    const kept = await named(keys);
    for (const key of keys) {
      if (kept.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
  }
  return removed;
}
