import type { MediaStorage } from "../storage/storage.ts";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { type AdminCommand, type AdminResult, executeCommand } from "./admin-commands.ts";

/**
 * The embedded database belongs to one process, so while the server runs the admin CLI hands its
 * commands to the server over a Unix socket in DATA_DIR. Only someone who can already read and
 * write DATA_DIR (and so the database files) can reach it: the socket is the owner's alone.
 */
export const adminSocketPath = (dataDir: string) => path.join(dataDir, "admin.sock");
const serverPidPath = (dataDir: string) => path.join(dataDir, "server.pid");

/** Records that a server owns this data directory, so the CLI never opens the database beside it. */
export function claimDataDir(dataDir: string): () => void {
  writeFileSync(serverPidPath(dataDir), String(process.pid));
  return () => rmSync(serverPidPath(dataDir), { force: true });
}

/** The pid of a live server on this data directory, if any (a pid file left by kill -9 is ignored). */
export function runningServerPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(serverPidPath(dataDir), "utf8"));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

const MAX_COMMAND_BYTES = 512 * 1024 * 1024;

type Reply = { ok: true; result: AdminResult } | { ok: false; status: number; error: string };

export async function startAdminSocket(
  dataDir: string,
  { db, storage }: { db: Database; storage: MediaStorage },
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  // A socket file left by a server that was killed would block listening; nothing listens on it.
  rmSync(socketPath, { force: true });
  const server = http.createServer(async (request, response) => {
    const send = (reply: Reply) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(reply));
    };
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of request) {
        size += (chunk as Buffer).length;
        if (size > MAX_COMMAND_BYTES) throw new HttpError(413, "The command is too large.");
        chunks.push(chunk as Buffer);
      }
      const command = JSON.parse(Buffer.concat(chunks).toString("utf8")) as AdminCommand;
      log.info({ command: command.name }, "admin command");
      send({ ok: true, result: await executeCommand(db, storage, command) });
    } catch (error) {
      if (error instanceof HttpError) return send({ ok: false, status: error.statusCode, error: error.message });
      log.error({ err: error }, "admin command failed");
      send({ ok: false, status: 500, error: "The command failed; the server log has the details." });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        rmSync(socketPath, { force: true });
        resolve();
      });
      server.closeAllConnections();
    });
}

/** Sends a command to a running server; undefined when no server is listening. */
export function sendToRunningServer(dataDir: string, command: AdminCommand): Promise<Reply | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: adminSocketPath(dataDir), method: "POST", path: "/", headers: { "content-type": "application/json" } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Reply);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ECONNREFUSED") resolve(undefined);
      else reject(error);
    });
    request.end(JSON.stringify(command));
  });
}
