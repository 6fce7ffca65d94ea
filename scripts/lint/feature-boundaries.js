// One ESLint rule for the layout of the repository (docs/architecture.md): a feature folder is a
// capability, and one capability does not reach into another. What features share lives in the
// shared folders of their side; what composes them (the web app's app/, the server's app and
// feature list, the admin CLI) may import anything.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Where a file sits: its side, and the feature folder it belongs to, if any. */
export function placeOf(file) {
  const relative = path.relative(root, file).split(path.sep).join("/");
  // A capability's studio pages live in its folder (features/<capability>/studio/) but belong to
  // the studio: they use its parts and MUI, and the capability's own screens never import them.
  // The lists of features (web/src/feature-*.ts) and what each feature declares to the frames in
  // them (its routes.ts, slots.ts, studio/slots.ts) are read by the shared route table and frames:
  // plain declarations, which any side of the web app may import.
  if (/^web\/src\/(feature-[a-z-]+\.ts|features\/[^/]+\/(routes|slots|studio\/slots)\.ts)$/.test(relative))
    return { side: "web", kind: "declarations", name: "declarations" };
  let match = relative.match(/^web\/src\/features\/[^/]+\/studio\//);
  if (match) return { side: "web", kind: "feature", name: "studio" };
  match = relative.match(/^web\/src\/features\/([^/]+)\//);
  if (match) return { side: "web", kind: "feature", name: match[1] };
  match = relative.match(/^web\/src\/(components|lib|studio-kit)\//);
  if (match) return { side: "web", kind: "shared", name: match[1] };
  if (relative.startsWith("web/src/")) return { side: "web", kind: "composition" };
  match = relative.match(/^server\/src\/([^/]+)\//);
  if (match) {
    const folder = match[1];
    if (serverShared.has(folder)) return { side: "server", kind: "shared", name: folder };
    if (serverComposition.has(folder)) return { side: "server", kind: "composition" };
    return { side: "server", kind: "feature", name: folder };
  }
  if (serverSharedFiles.has(relative)) return { side: "server", kind: "shared", name: relative };
  if (relative.startsWith("server/src/")) return { side: "server", kind: "composition" };
  if (relative.startsWith("contract/")) return { side: "contract", kind: "shared", name: "contract" };
  return { side: "other", kind: "composition" };
}

// The server's infrastructure: what every feature may use, and which imports no feature.
const serverShared = new Set([
  "db",
  "http",
  "language",
  "mail",
  "rate-limits",
  "metrics",
  "lib",
  "timed-work",
  "documents",
  "testing",
  "capabilities",
  "storage",
]);
// Read by every part of the server: the configuration and the paths of its files.
const serverSharedFiles = new Set(["server/src/config.ts", "server/src/paths.ts"]);
// What puts the server together: the admin CLI and the fuzzer reach every feature on purpose.
const serverComposition = new Set(["cli", "fuzz"]);

/** On the server, the one part of a feature another may call: its repositories, the data it owns. */
const isServerRepository = (file) => /-repository\.ts$/.test(file);
/** A feature's tables (`<feature>-schema.ts`): its own files query them, and other schema files reference them. */
const isServerSchema = (file) => /-schema\.ts$/.test(file);

/** A capability's studio screens (features/<capability>/studio/), which share the studio's widgets. */
const capabilityStudioScreen = /^web\/src\/features\/(?!studio\/)[^/]+\/studio\//;
const relativeToRoot = (file) => path.relative(root, file).split(path.sep).join("/");

export function refusal(from, to, targetFile, { typeOnly = false, sourceFile = "" } = {}) {
  if (from.kind === "composition" || from.kind === "declarations" || to.kind === "declarations") return undefined;
  // The studio's widgets are a kit that names no capability; the studio feature's own files are its own.
  if (
    sourceFile &&
    capabilityStudioScreen.test(relativeToRoot(sourceFile)) &&
    relativeToRoot(targetFile).startsWith("web/src/features/studio/")
  )
    return "a capability's studio screens use the studio's shared widgets from web/src/studio-kit/, never web/src/features/studio/";
  if (to.side === "other") return undefined;
  if (from.side === "contract" && to.side !== "contract") return "contract/ is shared by both sides and imports nothing from either";
  if (to.side === "contract") return undefined;
  if (from.side !== to.side) return `${from.side}/ does not import ${to.side}/: share it through contract/`;
  if (to.kind === "composition")
    return `only the composition (the app, its route list, the CLI) imports ${path.relative(root, targetFile)}`;
  if (to.side === "server" && isServerSchema(targetFile) && from.name !== to.name) {
    // A row's type describes a shape and reads nothing; a schema file may reference another's table (a foreign key).
    if (typeOnly || isServerSchema(sourceFile)) return undefined;
    return `${from.name}/ does not read ${to.name}/'s tables (${path.basename(targetFile)}): call ${to.name}/'s repository`;
  }
  if (from.kind === "shared" && to.kind === "feature") {
    // The capabilities' frame names the types of the services the app lends every capability (its sessions, its catalogue).
    if (from.side === "server" && from.name === "capabilities" && typeOnly) return undefined;
    return from.side === "web"
      ? `web/src/${from.name}/ is shared by every feature and imports none (features/${to.name}); pass it in from app/`
      : `server/src/${from.name}/ is infrastructure and imports no feature (${to.name}); let the feature register with it`;
  }
  if (from.kind === "feature" && to.kind === "feature" && from.name !== to.name) {
    if (from.side === "server" && isServerRepository(targetFile)) return undefined;
    return from.side === "web"
      ? `features/${from.name} does not import features/${to.name}: compose them in app/, or share through lib/ or components/`
      : `${from.name}/ uses another feature (${to.name}/) only through its *-repository.ts files`;
  }
  return undefined;
}

export default {
  meta: { type: "problem", docs: { description: "keeps features apart (docs/architecture.md)" }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = placeOf(file);
    const check = (node, specifier, typeOnly = false) => {
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = path.resolve(path.dirname(file), specifier);
      const reason = refusal(from, placeOf(target), target, { typeOnly, sourceFile: file });
      if (reason) context.report({ node, message: reason });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value, node.importKind === "type"),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};
