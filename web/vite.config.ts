import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  plugins: [react()],
  // The manifest lets the bundle budget (bench/bundle-size.ts) follow each route's chunks.
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022", manifest: true },
  server: {
    // The API runs on port 5000 (SPEC §9); the dev server forwards its calls there.
    proxy: { "/reactapi": "http://localhost:5000" },
  },
});
