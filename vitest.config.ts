import { defineConfig } from "vitest/config";
import { endpointTable } from "./web/endpoint-table.ts";

export default defineConfig({
  test: {
    // Each server test file opens its own database. Three at a time on the two-core machines: the
    // files that start servers and wait for them leave a core idle at two (about 10 % of the run).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "server",
          // Every migration once per run, on one database of each backend; each test app starts from a
          // copy. The server and its CLI bundled once, for the tests that start them as processes.
          globalSetup: ["testing/database-templates.ts", "testing/server-bundle.ts"],
          include: ["server/**/*.test.ts", "contract/**/*.test.ts", "bench/**/*.test.ts", "scripts/**/*.test.ts", "web/*.test.ts"],
          environment: "node",
          // The server's files share each worker's modules instead of importing the whole server
          // again for every file (about 2 s of CPU each): each opens its own apps and databases
          // and mocks nothing, so what one leaves in a module's memory is another app's.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [endpointTable()],
        test: {
          name: "web",
          include: ["web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["web/src/test/setup.ts"],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
