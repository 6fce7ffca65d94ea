import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { HttpError } from "../http/errors.ts";
import { firstLine, setAsideName } from "./backups.ts";
import type { StorageSettings } from "../storage/storage.ts";

// The media's half of `backup FILE` and `restore FILE` (docs/operations.md, "Backups"): the
// database's copy holds every row, and her videos and files live in the media storage
// (docs/storage.md). On the disk they are copied as one tar file beside the backup; in a bucket
// they stay where they are, and the CLI says so.

const run = promisify(execFile);

/** The file beside a backup that carries the disk's media. */
export const mediaCopyOf = (file: string) => `${file}.media.tar`;

const bucketOf = ({ s3 }: StorageSettings) => `the bucket ${s3!.bucket}${s3!.endpoint ? ` at ${s3!.endpoint}` : ""}`;

async function filesUnder(folder: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

const counted = ({ files, bytes }: { files: number; bytes: number }) =>
  `${files} ${files === 1 ? "file" : "files"}, ${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Copies DATA_DIR/media beside the backup `file` (or says where the media live): a sentence for the CLI. */
export async function backupMedia(settings: StorageSettings, file: string): Promise<string> {
  const copy = mediaCopyOf(file);
  // A copy left from an earlier backup of the same name would be restored with this one's database.
  await rm(copy, { force: true });
  if (settings.s3)
    return `Her videos and files stay in ${bucketOf(settings)}: the backup holds the database only, so keep the bucket's own versions or copies.`;
  const folder = path.join(settings.dataDir, "media");
  const found = existsSync(folder) ? await filesUnder(folder) : { files: 0, bytes: 0 };
  if (found.files === 0) return "There are no videos or files in the media storage to copy.";
  const partial = `${copy}.partial`;
  try {
    await run("tar", ["--create", "--file", partial, "--directory", settings.dataDir, "media"]);
  } catch (error) {
    await rm(partial, { force: true });
    throw new HttpError(400, `The media in ${folder} could not be copied: ${firstLine((error as { stderr?: string }).stderr)}`);
  }
  await rename(partial, copy);
  return `Her videos and files (${counted(found)}) went to ${copy}: keep it with the backup.`;
}

/**
 * What a restore of `file` will do with the media copy beside it, checked before the database is
 * touched: null when there is no copy; a copy that cannot be put back refuses the whole restore.
 */
export async function plannedMediaRestore(settings: StorageSettings, file: string, force: boolean): Promise<string | null> {
  const copy = mediaCopyOf(file);
  if (!existsSync(copy)) return null;
  if (settings.s3) {
    throw new HttpError(
      400,
      `${copy} holds media copied from a server's disk, but this installation keeps its media in the bucket ${settings.s3.bucket}. Unset S3_BUCKET to restore onto the disk, or copy the files into the bucket with the store's tools first.`,
    );
  }
  let entries: string[];
  try {
    entries = (await run("tar", ["--list", "--file", copy], { maxBuffer: 256 * 1024 * 1024 })).stdout.split("\n").filter(Boolean);
  } catch {
    throw new HttpError(400, `${copy} is not a media copy made by \`npm run admin -- backup\`.`);
  }
  // Only the media folder, and nothing that could lead out of it.
  if (entries.some((entry) => !/^media(\/|$)/.test(entry) || entry.split("/").includes(".."))) {
    throw new HttpError(400, `${copy} is not a media copy made by \`npm run admin -- backup\`.`);
  }
  const folder = path.join(settings.dataDir, "media");
  if (existsSync(folder) && (await readdir(folder)).length > 0 && !force) {
    throw new HttpError(
      400,
      `${folder} already holds media. Restore into an empty data directory, or add --force to set the current media aside and restore over them.`,
    );
  }
  return copy;
}

/** Puts the media copy beside the backup into DATA_DIR/media, the media there before set aside. */
export async function restoreMedia(settings: StorageSettings, copy: string): Promise<string> {
  const folder = path.join(settings.dataDir, "media");
  let keptAside: string | undefined;
  if (existsSync(folder)) {
    if ((await readdir(folder)).length > 0) {
      keptAside = setAsideName(folder);
      await rename(folder, keptAside);
    } else await rm(folder, { recursive: true });
  }
  await run("tar", ["--extract", "--file", copy, "--directory", settings.dataDir, "--no-same-owner", "--no-same-permissions"]);
  return `Her videos and files (${counted(await filesUnder(folder))}) are back in ${folder}.${keptAside ? ` The media it held before are kept in ${keptAside}.` : ""}`;
}

/** What a restore says of the media when no copy came with the backup. */
export function mediaLeftWhereTheyAre(settings: StorageSettings): string | null {
  return settings.s3 ? `Her videos and files are in ${bucketOf(settings)}, as before.` : null;
}
