// Runs npm scripts at the same time and fails if any fails: `npm test` runs the typecheck, the lint
// and the build side by side, none needing another's result, so the machine's two cores share them
// (docs/development.md, "A fast test run"). Each one's output is printed whole when it ends, not interleaved.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/side-by-side.mjs <npm script> [<npm script> ...]");
  process.exit(2);
}

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const started = performance.now();
        const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("close", (code, signal) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(0);
          process.stdout.write(
            `\n> npm run ${script} (${code === 0 ? "passed" : `failed: ${signal ?? `exit code ${code}`}`}, ${seconds} s)\n${output}`,
          );
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
