import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "web",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
  server: {
    // The API runs on port 5000 (SPEC §9); the dev server forwards its calls there.
    proxy: { "/reactapi": "http://localhost:5000" },
  },
});
