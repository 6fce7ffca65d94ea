import { type ChildProcess, spawn } from "node:child_process";
import { repositoryRoot } from "../paths.ts";

export type RunningServer = {
  child: ChildProcess;
  url: string;
  output: () => string;
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Starts `npm start`'s entry point as a real process on a free port and waits until it listens. */
export async function startServer(environment: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: repositoryRoot,
    // The registration limit per address has its own test; these sign up many members from one.
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      NODE_ENV: "test",
      REGISTRATIONS_PER_HOUR: "100000",
      ...environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
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

  const waitForOutput = (pattern: RegExp, timeoutMs = 30_000) =>
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

  const [, port] = await waitForOutput(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, waitForOutput, exited };
}

export async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  await server.exited;
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs `npm run admin -- ...args` as a real process. */
export function runAdmin(args: string[], environment: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/cli/main.ts", ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
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
