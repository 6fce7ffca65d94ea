import { rm } from "node:fs/promises";
import path from "node:path";
import { bundleServer } from "../scripts/build-server.ts";
import { repositoryRoot } from "../server/src/paths.ts";

// The server tests' global setup (vitest.config.ts): the server, its document worker and the admin
// CLI bundled once per run by `npm run build:server`'s own bundler (scripts/build-server.ts), so
// that each server process and each CLI run a test starts loads one file instead of transpiling
// every module under tsx (about 2 s less per process; docs/development.md, "A fast test run"). startServer and runAdmin
// (testing/server-process.ts) use it while TEST_SERVER_BUNDLE names it, the sources otherwise.

/** Two folders below the repository root, as server/dist is: the server finds its files from there (server/src/paths.ts). */
export const serverTestBundle = path.join(repositoryRoot, "server/test-build");

export default async function setup() {
  await bundleServer(serverTestBundle, { admin: "server/src/cli/main.ts" });
  // Workers are started after the global setup and inherit its environment.
  process.env.TEST_SERVER_BUNDLE = serverTestBundle;
  return async () => {
    delete process.env.TEST_SERVER_BUNDLE;
    await rm(serverTestBundle, { recursive: true, force: true });
  };
}
