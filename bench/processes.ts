import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/** The resident memory of a process, in megabytes. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024;
}

/** Stops a helper process of the bench (the bare baseline) and waits for it. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
}

/**
 * The environment the bench starts the built server with, over testing/server-process.ts's test
 * defaults: as in production, and without request logging, which costs throughput.
 */
export const benchEnvironment = { LOG_LEVEL: "warn", NODE_ENV: "production" };
