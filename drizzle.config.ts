import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  // Each feature's tables, in its own folder (docs/architecture.md, "Tables").
  schema: "./server/src/**/*-schema.ts",
  out: "./server/src/db/migrations",
});
