import { readFile } from "node:fs/promises";
import type { FastifyBaseLogger } from "fastify";
import { createAccessCode, generateCode } from "./access-codes/access-codes-repository.ts";
import { importCatalogue } from "./catalogue/catalogue-transfer.ts";
import type { Database } from "./db/client.ts";
import type { MediaStorage } from "./storage/storage.ts";
import { dataChanges } from "./db/data-changes.ts";
import { installationFacts } from "./catalogue/catalogue-schema.ts";
import { serverPaths } from "./paths.ts";

/**
 * Seeds a new installation once: the demo catalogue, one beta access code, printed to the log, and
 * each capability's starting content (a gentle default journey).
 * The fact that it happened is written in the same transaction, so a restart (or a second app
 * server starting at the same moment) never seeds twice, and an instructor who empties the
 * catalogue does not find the demo back.
 */
export async function seedNewInstallation(
  db: Database,
  storage: MediaStorage,
  log: FastifyBaseLogger,
  seedCapabilities: (tx: Database) => Promise<void>,
): Promise<void> {
  const code = generateCode();
  const seeded = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(installationFacts)
      .values({ key: "seeded", value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return false;
    await importCatalogue(tx, JSON.parse(await readFile(serverPaths.demoCatalogue, "utf8")), storage);
    await createAccessCode(tx, { code });
    await seedCapabilities(tx);
    return true;
  });
  if (seeded) {
    dataChanges.emit("catalogue");
    log.info({ accessCode: code }, `New installation: demo catalogue loaded. Beta access code for registration: ${code}`);
  }
}
