import { EventEmitter } from "node:events";

/**
 * Announces, inside this process, that the catalogue or members' access changed, so in-memory
 * caches drop what they hold. Other processes sharing a PostgreSQL learn it from the catalogue
 * version instead (see catalogue-reader.ts); on the embedded database this process is the only writer.
 */
export const dataChanges = new EventEmitter<{ catalogue: []; access: [] }>();
dataChanges.setMaxListeners(0);
