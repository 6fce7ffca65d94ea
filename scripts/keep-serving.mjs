// `npm start`'s supervisor (docs/operations.md, "How the server stays up"): it runs the built
// server as `npm run serve` does and, when that process ends without being asked to, starts it
// again within seconds and says why. SIGTERM and SIGINT are passed on, and then it ends with it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const serve = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))
  .scripts.serve.trim()
  .split(/\s+/);
if (serve[0] !== "node") throw new Error(`package.json's serve script must start with node, not ${serve[0]}`);

// A server that keeps failing at start (a bad setting, a database that is down) is started again
// less and less often, up to every 30 s, so the log stays readable; one that ran a while starts at once.
const FIRST_DELAY_MS = 1000;
const LONGEST_DELAY_MS = 30_000;
const RAN_LONG_ENOUGH_MS = 60_000;

let delay = FIRST_DELAY_MS;
let stopping = false;
let server;

const say = (message) => console.error(`[keep-serving] ${new Date().toISOString()} ${message}`);

function start() {
  const startedAt = Date.now();
  server = spawn(process.execPath, serve.slice(1), { cwd: root, stdio: "inherit" });
  say(`started the server (pid ${server.pid})`);
  server.on("exit", (code, signal) => {
    if (stopping) process.exit(code ?? 1);
    const why = signal ? `was ended by ${signal}` : `exited with code ${code}`;
    if (code === 0 && !signal) {
      say("the server stopped by itself with code 0: not starting it again");
      process.exit(0);
    }
    delay = Date.now() - startedAt > RAN_LONG_ENOUGH_MS ? FIRST_DELAY_MS : Math.min(delay * 2, LONGEST_DELAY_MS);
    say(`the server (pid ${server.pid}) ${why} without being asked to stop; starting it again in ${delay / 1000} s`);
    setTimeout(start, delay);
  });
}

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    stopping = true;
    if (server && server.exitCode === null && server.signalCode === null) server.kill(signal);
    else process.exit(0);
  });
}

start();
