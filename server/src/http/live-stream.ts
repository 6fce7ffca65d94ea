import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { dataChanges } from "../db/data-changes.ts";
import { EVERY_STREAM, liveEvents } from "../db/live-events.ts";
import { HttpError } from "./errors.ts";

const HEARTBEAT_MS = 20_000;

/**
 * Server-Sent Events for a page that follows something live (a community conversation, a shared
 * contraction timer). Changes arrive from any app server through the change listener
 * (db/live-events.ts). On a stream it `hears`, `refresh` runs (one at a time, once more if another
 * change came meanwhile) and writes what the page needs; on one it is `staleOn`, the page is told
 * "changed" and reads again; `first` writes what to send at once (by default, a refresh). After a
 * lost listener every stream refreshes and is told "changed". The app's closing ends them all first.
 */
export function liveStreams(app: FastifyInstance) {
  const open = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const close of open) close();
  });
  return function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    {
      hears,
      refresh,
      staleOn = () => false,
      first,
    }: {
      hears: (stream: string) => boolean;
      refresh: (write: (text: string) => void) => Promise<void>;
      staleOn?: (stream: string) => boolean;
      first?: (write: (text: string) => void) => void;
    },
  ): FastifyReply {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "private, no-store",
      "x-accel-buffering": "no",
      connection: "keep-alive",
    });
    let ended = false;
    const write = (text: string) => {
      if (!ended) raw.write(text);
    };
    write("retry: 2000\n\n");
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) return void (again = true);
      reading = true;
      try {
        do {
          again = false;
          await refresh(write);
        } while (again && !ended);
      } catch (error) {
        // A refusal (she lost access) is the page's to hear; anything else is also the log's.
        if (!(error instanceof HttpError)) request.log.warn({ err: error }, "a live stream could not read what changed");
        write("event: changed\ndata: {}\n\n");
      } finally {
        reading = false;
      }
    };
    const listener = (stream: string) => {
      if (stream === EVERY_STREAM || hears(stream)) void read();
      if (stream === EVERY_STREAM || staleOn(stream)) write("event: changed\ndata: {}\n\n");
    };
    const heartbeat = setInterval(() => write(": still here\n\n"), HEARTBEAT_MS);
    const follower = request.member;
    const recheckSession = () => {
      void request
        .memberNow()
        .then((now) => {
          if (now?.id !== follower?.id) close();
        })
        .catch((error: unknown) => request.log.warn({ err: error }, "a live stream could not check its session"));
    };
    const close = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      liveEvents.off("changed", listener);
      if (follower) dataChanges.off("access", recheckSession);
      open.delete(close);
      raw.end();
    };
    liveEvents.on("changed", listener);
    if (follower) dataChanges.on("access", recheckSession);
    open.add(close);
    raw.on("close", close);
    if (first) first(write);
    else void read();
    return reply;
  };
}
