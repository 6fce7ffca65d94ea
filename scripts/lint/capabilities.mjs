// `npm run lint`'s checks that capabilities stay plugins (docs/architecture.md):
// - a migration changes the tables of one capability only: an extension keeps its data in tables
//   of its own keyed by the host's id, never in a column added to another capability's table;
// - the hosts (the app, the server's entry, the journeys' helpers, the web app's frames and shared
//   modules) name no capability she can turn off: they compose whatever the manifests declare;
// - a capability's studio screens live in its own folder (web/src/features/<capability>/studio/),
//   never in an area of the studio's folder named after it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const serverSource = path.join(root, "server/src");
const migrations = path.join(serverSource, "db/migrations");

/** The migrations written before this check, some of which altered another capability's table (0049, 0052, 0055). */
export const LAST_UNCHECKED_MIGRATION = 69;

/**
 * The files that compose the capabilities and must name none of those she can turn off: the
 * server's app and entry, the journeys' helpers, and the web app's frames and shared modules
 * (web/src/app/, web/src/lib/), which read what each feature declares in its routes.ts and slots.ts.
 */
export function hosts() {
  const webHosts = ["web/src/app", "web/src/lib", "bench"].flatMap((folder) =>
    readdirSync(path.join(root, folder))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `${folder}/${file}`),
  );
  return ["server/src/app.ts", "server/src/main.ts", "e2e/helpers.ts", ...webHosts];
}

/** Which capability owns each table: the folder of the `*-schema.ts` that declares it. */
export function tableOwners(folder = serverSource) {
  const owners = new Map();
  for (const capability of readdirSync(folder, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const files = readdirSync(path.join(folder, capability.name)).filter((file) => file.endsWith("-schema.ts"));
    for (const file of files) {
      const text = readFileSync(path.join(folder, capability.name, file), "utf8");
      for (const [, table] of text.matchAll(/pgTable\(\s*"([^"]+)"/g)) owners.set(table, capability.name);
    }
  }
  return owners;
}

/**
 * What a migration may not do: change tables of two capabilities. The tables it creates, alters,
 * drops or indexes count (a foreign key only references another's table, which is allowed).
 */
export function migrationRefusals(name, sql, owners) {
  const touched = new Set();
  const patterns = [
    /\b(?:CREATE|ALTER|DROP) TABLE (?:IF (?:NOT )?EXISTS )?"([^"]+)"/gi,
    /\bCREATE (?:UNIQUE )?INDEX [^;]*? ON "([^"]+)"/gi,
  ];
  for (const pattern of patterns) for (const [, table] of sql.matchAll(pattern)) touched.add(table);
  const capabilities = new Map();
  for (const table of touched) {
    const owner = owners.get(table);
    if (owner === undefined) continue;
    capabilities.set(owner, [...(capabilities.get(owner) ?? []), table]);
  }
  if (capabilities.size <= 1) return [];
  const listed = [...capabilities].map(([owner, tables]) => `${owner} (${tables.join(", ")})`).join(" and ");
  return [
    `${name} changes the tables of ${listed}: a migration belongs to one capability; an extension keeps its data in a table of its own keyed by the host's id`,
  ];
}

/** The capabilities she can turn off: those whose manifest says `optional`. */
export function optionalCapabilities(folder = serverSource) {
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(folder, entry.name, "capability.ts")))
    .filter((entry) => /^\s*optional:/m.test(readFileSync(path.join(folder, entry.name, "capability.ts"), "utf8")))
    .map((entry) => entry.name);
}

/** Where a host names such a capability: an import from its folder, on either side, or a part tagged with it. */
export function hostRefusals(file, text, names) {
  const refusals = [];
  for (const [, named] of text.matchAll(/\bfromCapability\(\s*"([^"]+)"/g))
    if (names.includes(named))
      refusals.push(`${file} adds a part of ${named}: a host names no capability; let its own slots.ts declare it`);
  for (const [, imported, loaded] of text.matchAll(/\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g)) {
    const specifier = imported ?? loaded;
    const named = names.find((name) => specifier.split("/").includes(name));
    if (named) refusals.push(`${file} imports ${specifier}: a host names no capability (${named}); let it declare what it adds`);
  }
  return refusals;
}

/** The studio's own areas (web/src/features/studio/<area>/) that belong to a capability: one with screens of its own, or one she can turn off. */
export function studioAreaRefusals(areas, webFeatures, optional) {
  return areas
    .filter((area) => area !== "studio" && (webFeatures.includes(area) || optional.includes(area)))
    .map(
      (area) =>
        `web/src/features/studio/${area}/ holds the ${area} capability's studio screens: they live in web/src/features/${area}/studio/, with its catalogue`,
    );
}

const foldersOf = (folder) =>
  readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "locales")
    .map((entry) => entry.name);

function check() {
  const owners = tableOwners();
  const refusals = [];
  for (const file of readdirSync(migrations)
    .filter((each) => each.endsWith(".sql"))
    .sort()) {
    if (Number.parseInt(file, 10) <= LAST_UNCHECKED_MIGRATION) continue;
    refusals.push(...migrationRefusals(file, readFileSync(path.join(migrations, file), "utf8"), owners));
  }
  const names = optionalCapabilities();
  for (const host of hosts()) refusals.push(...hostRefusals(host, readFileSync(path.join(root, host), "utf8"), names));
  const webFeatures = path.join(root, "web/src/features");
  refusals.push(...studioAreaRefusals(foldersOf(path.join(webFeatures, "studio")), foldersOf(webFeatures), names));
  return refusals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const refusals = check();
  for (const refusal of refusals) console.error(refusal);
  if (refusals.length > 0) process.exit(1);
}
