import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { repositoryRoot } from "../server/src/paths.ts";
import { serveArguments } from "../server/src/serve-command.ts";

// The one way the server tests, the browser tests and the bench start the server and run the
// admin CLI: as real processes, exactly as `npm start` and `npm run admin` would.

export type RunningServer = {
  child: ChildProcess;
  url: string;
  /** From the start of the process until it listened (and, on a fixed port, answered /readyz). */
  startupMs: number;
  output: () => string;
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type ServerStart = {
  /** The TypeScript sources (the default), or the bundle `npm run build` writes, started as `npm run serve` starts it. */
  from?: "sources" | "build" | "kept-up";
  /** 0 (the default) listens on any free port, read from the log; another port is polled until /readyz answers. */
  port?: number;
};

/**
 * The server tests' processes live seconds: V8's optimising compiler, which works over PGlite's
 * WebAssembly as it starts, cost them more CPU than it saved (a start 2.8 CPU-seconds against 2.1,
 * a CLI run 1.4 against 1.0; docs/development.md). `npm run serve`, and the bench, keep both tiers.
 */
const BASELINE_COMPILER_ONLY = ["--liftoff-only"];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Processes started here that have not exited: stopped when this process exits however it ends (a
 * failed bench or test run too), so none is left holding its port and its data directory.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGTERM");
});

/** Stops this child when the process that started it exits, unless it has exited first. */
export function stopOnExit(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
}

/**
 * A data directory for a process a test starts without naming one (on PostgreSQL, say): what it
 * stores (the seeded demo's downloads, docs/storage.md) never lands in the checkout's data/.
 */
const scratchDataDir = () => mkdtempSync(path.join(tmpdir(), "doula-process-data-"));

/**
 * Starts the server on 127.0.0.1 with this environment over the test defaults (NODE_ENV test,
 * LOG_LEVEL info, and a registration limit high enough for suites that sign up many members from
 * one address), and resolves once it serves.
 */
export async function startServer(
  environment: Record<string, string>,
  { from = "sources", port = 0 }: ServerStart = {},
): Promise<RunningServer> {
  const started = performance.now();
  // The server tests' run bundles the sources once (testing/server-bundle.ts); elsewhere tsx runs them.
  const bundle = process.env.TEST_SERVER_BUNDLE;
  const sources = bundle ? [...BASELINE_COMPILER_ONLY, path.join(bundle, "main.js")] : ["--import", "tsx", "server/src/main.ts"];
  // "kept-up": the sources under `npm start`'s supervisor, which starts them again when they end.
  const args = from === "build" ? serveArguments() : from === "kept-up" ? ["scripts/keep-serving.mjs", ...sources] : sources;
  const ownDataDir = environment.DATA_DIR ? undefined : scratchDataDir();
  const child = spawn(process.execPath, args, {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      REGISTRATIONS_PER_HOUR: "100000",
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  stopOnExit(child);
  if (ownDataDir) child.once("exit", () => rmSync(ownDataDir, { recursive: true, force: true }));
  let output = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );

  const waitForOutput = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(match);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${pattern} in:\n${output}`));
      }, timeoutMs);
      listeners.add(check);
      void exited.then(() => {
        check();
        if (listeners.has(check)) {
          listeners.delete(check);
          clearTimeout(timer);
          reject(new Error(`the server exited before printing ${pattern}:\n${output}`));
        }
      });
      check();
    });

  let url: string;
  if (port === 0) {
    const [, listening] = await waitForOutput(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
    url = `http://127.0.0.1:${listening}`;
  } else {
    url = `http://127.0.0.1:${port}`;
    await untilReady(url, child, () => output, started);
  }
  return { child, url, startupMs: performance.now() - started, output: () => output, waitForOutput, exited };
}

async function untilReady(url: string, child: ChildProcess, output: () => string, started: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error(`the server did not start:\n${output()}`);
    await sleep(10);
  }
}

export async function stopServer(server: Pick<RunningServer, "child" | "exited">): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  await server.exited;
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run admin -- ...args` as a real process. */
export function runAdmin(args: string[], environment: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const bundle = process.env.TEST_SERVER_BUNDLE;
    const cli = bundle ? [...BASELINE_COMPILER_ONLY, path.join(bundle, "admin.js")] : ["--import", "tsx", "server/src/cli/main.ts"];
    const ownDataDir = environment.DATA_DIR ? undefined : scratchDataDir();
    const child = spawn(process.execPath, [...cli, ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}), ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (ownDataDir) child.once("exit", () => rmSync(ownDataDir, { recursive: true, force: true }));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** runAdmin for a step that must succeed: its failure is the caller's error, with what the CLI said. */
export async function admin(args: string[], environment: Record<string, string>): Promise<string> {
  const result = await runAdmin(args, environment);
  if (result.code !== 0) throw new Error(`admin ${args.join(" ")} exited with ${result.code}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

export async function postJson(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

export function sessionCookieFrom(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const match = header.match(/session=([^;]+)/);
  if (!match) throw new Error(`no session cookie (status ${response.status})`);
  return `session=${match[1]}`;
}
