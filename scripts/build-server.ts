// `npm run build:server`: the server and its document worker bundled by esbuild into server/dist,
// which `npm run serve` starts. The server tests bundle the same way, with the admin CLI beside
// them (testing/server-bundle.ts), so what they start is built as production's is.
import path from "node:path";
import { build } from "esbuild";

const repository = path.resolve(import.meta.dirname, "..");

/**
 * Bundles the server's entries into `outdir`, two folders below the repository root as the server
 * expects (server/src/paths.ts); `main.js` and `document-worker.js` sit side by side, as
 * server/src/documents/render-document.ts looks for the worker beside the server.
 */
export async function bundleServer(outdir: string, more: Record<string, string> = {}): Promise<void> {
  await build({
    entryPoints: {
      main: path.join(repository, "server/src/main.ts"),
      "document-worker": path.join(repository, "server/src/document-worker.ts"),
      ...Object.fromEntries(Object.entries(more).map(([name, source]) => [name, path.join(repository, source)])),
    },
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    target: "node20",
    outdir,
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await bundleServer(path.join(repository, "server/dist"));
