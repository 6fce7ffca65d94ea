import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { serveArguments } from "../server/src/serve-command.ts";

// Starting and stopping the built server, and the admin CLI, for npm run bench and its soak.

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Server = { child: ChildProcess; url: string; output: () => string };

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024;
}

export async function startServer(environment: Record<string, string>, port: number): Promise<{ server: Server; startupMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, serveArguments(), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", NODE_ENV: "production", ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/reactapi/getcourses`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error(`the server did not start:\n${output}`);
    await sleep(10);
  }
  return { server: { child, url, output: () => output }, startupMs: performance.now() - started };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

export function admin(environment: Record<string, string>, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/cli/main.ts", ...args], {
      cwd: root,
      env: { ...process.env, ...environment },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`admin ${args.join(" ")} exited with ${code}`))));
  });
}

/** Runs work against a new PostgreSQL database beside the one named by postgresUrl, then drops it. */
export async function withScratchDatabase<T>(postgresUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${Date.now()}`;
  const adminClient = new pg.Client({ connectionString: postgresUrl });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}
