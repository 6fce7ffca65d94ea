import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { admin, postJson, type RunningServer, sessionCookieFrom, startServer, stopServer } from "../../../testing/server-process.ts";
import { benchEnvironment } from "../../../bench/processes.ts";
import type { BenchPart } from "../../../bench/part.ts";
import { median } from "../../../bench/scale.ts";
import { atMost } from "../../../bench/targets.ts";

// The community under load (docs/product.md, Community): a conversation of 500 replies read, replies
// written as fast as the server takes them, and one reply reaching 500 open conversations' streams
// spread over two app server processes that share PostgreSQL (the NOTIFY path between servers).

const PASSWORD = "bench-Password-1";
const STREAMS = 500;

async function account(server: RunningServer, environment: Record<string, string>, code: string, prefix: string, role?: "admin") {
  const email = `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  const registered = await postJson(`${server.url}/reactapi/users/register`, { email, password: PASSWORD, access_code: code });
  if (registered.status !== 201) throw new Error(`registration failed: ${await registered.text()}`);
  if (role) await admin(["user", "set-role", email, role], environment);
  return sessionCookieFrom(await postJson(`${server.url}/reactapi/users/login`, { email, password: PASSWORD }));
}

async function call(url: string, cookie: string, body: unknown): Promise<{ id: number }> {
  const answer = await postJson(url, body, cookie);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as { id: number };
}

/** Opens a conversation's stream and resolves, for each reply whose text is awaited, when it arrives. */
async function openStream(url: string, cookie: string, after: number) {
  const response = await fetch(`${url}?after=${after}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const waiting = new Map<string, (at: number) => void>();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value);
      for (const [marker, resolve] of waiting) {
        if (text.includes(marker)) {
          waiting.delete(marker);
          resolve(performance.now());
        }
      }
      if (text.length > 100_000) text = text.slice(-10_000);
    }
  })();
  return {
    arrival: (marker: string) => new Promise<number>((resolve) => waiting.set(marker, resolve)),
    close: () => reader.cancel(),
  };
}

/**
 * community.thread_p50_ms: reading a 500-reply conversation; community.post_rps: replies per second
 * from 10 connections; on PostgreSQL, community.fanout_p99_ms: one reply written through one of two
 * server processes, until each of 500 streams (half on each server) has it.
 */
export async function measureCommunity(databaseUrl: string | undefined, seconds: number) {
  const dataDirs = Array.from({ length: databaseUrl ? 2 : 1 }, () => mkdtempSync(path.join(tmpdir(), "doula-bench-community-")));
  const environments = dataDirs.map((dataDir) => ({ ...benchEnvironment, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" }));
  const servers: RunningServer[] = [];
  try {
    // At warn the server logs no "listening" line: fixed ports are polled until they answer.
    for (const [index, environment] of environments.entries())
      servers.push(await startServer(environment, { from: "build", port: 5330 + index }));
    const [first, second] = servers;
    const code = `BENCH-COMMUNITY-${Date.now()}`;
    await admin(["access-code", "create", code], environments[0]!);
    const doula = await account(first!, environments[0]!, code, "bench-doula", "admin");
    const reader = await account(first!, environments[0]!, code, "bench-reader");
    const topic = await call(`${first!.url}/reactapi/studio/community/topics`, doula, { title: "Bench topic" });
    const thread = await call(`${first!.url}/reactapi/community/topics/${topic.id}/threads`, doula, {
      title: "A long conversation",
      body: "Hello.",
    });
    const replies = `${first!.url}/reactapi/community/threads/${thread.id}/replies`;
    let last = 0;
    for (let index = 0; index < 500; index += 1) {
      last = (await call(replies, doula, { body: `Reply ${index}: **pillows** help, and *rest*.\n\n- one\n- two` })).id;
    }

    const reads: number[] = [];
    for (let index = 0; index < 30; index += 1) {
      const started = performance.now();
      const answer = await fetch(`${first!.url}/reactapi/community/threads/${thread.id}`, { headers: { cookie: reader } });
      await answer.arrayBuffer();
      reads.push(performance.now() - started);
    }
    const posting = await autocannon({
      url: replies,
      method: "POST",
      connections: 10,
      duration: seconds,
      headers: { "content-type": "application/json", cookie: doula },
      body: JSON.stringify({ body: "A reply under load." }),
    });

    let fanoutP99Ms: number | undefined;
    if (second) {
      const events = (server: RunningServer) => `${server.url}/reactapi/community/threads/${thread.id}/events`;
      const latest = (await (
        await fetch(`${first!.url}/reactapi/community/threads/${thread.id}`, { headers: { cookie: reader } })
      ).json()) as {
        posts: { id: number }[];
      };
      last = latest.posts.at(-1)!.id;
      const streams = await Promise.all(
        Array.from({ length: STREAMS }, (_, index) => openStream(events(index % 2 ? second : first!), reader, last)),
      );
      const delays: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        const marker = `Fan-out ${round} ${Date.now()}`;
        const arrivals = streams.map((stream) => stream.arrival(marker));
        const written = performance.now();
        await call(replies, doula, { body: marker });
        for (const at of await Promise.all(arrivals)) delays.push(at - written);
      }
      await Promise.all(streams.map((stream) => stream.close()));
      delays.sort((a, b) => a - b);
      fanoutP99Ms = delays[Math.floor(delays.length * 0.99)];
    }
    return { threadP50Ms: median(reads), postRps: posting.requests.average, postErrors: posting.non2xx + posting.errors, fanoutP99Ms };
  } finally {
    for (const server of servers) await stopServer(server);
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Its part of `npm run bench` (bench/part.ts): a topic with a conversation of a dozen replies, for its pages; the figures above. */
export default {
  seed: async ({ call }) => {
    const topic = await call("instructor", "/reactapi/studio/community/topics", { title: "Third trimester" });
    const thread = await call("instructor", `/reactapi/community/topics/${topic.id}/threads`, {
      title: "Sleeping on your side",
      body: "Which side, and what helps? Tell us what works for you.",
    });
    for (let index = 0; index < 12; index += 1) {
      await call("instructor", `/reactapi/community/threads/${thread.id}/replies`, {
        body: `A thought, number ${index + 1}: **pillows** help.`,
      });
    }
    return {
      addresses: { "/community/topic/:id": `/community/topic/${topic.id}`, "/community/thread/:id": `/community/thread/${thread.id}` },
    };
  },
  measure: async (databaseUrl, seconds) => {
    const suffix = databaseUrl ? "_postgres" : "";
    // On PostgreSQL, two server processes: the reply reaches the other's streams through NOTIFY.
    const measured = await measureCommunity(databaseUrl, Math.min(seconds, 5));
    return {
      [`community.thread_p50_ms${suffix}`]: measured.threadP50Ms,
      [`community.post_rps${suffix}`]: measured.postRps,
      [`community.post_errors${suffix}`]: measured.postErrors,
      ...(measured.fanoutP99Ms === undefined ? {} : { "community.fanout_p99_ms": measured.fanoutP99Ms }),
    };
  },
  // A 500-reply conversation read; one reply reaching 500 open streams on two servers.
  targets: {
    "community.thread_p50_ms": atMost(20),
    "community.thread_p50_ms_postgres": atMost(20),
    "community.fanout_p99_ms": atMost(1000),
    "community.post_errors": atMost(0),
    "community.post_errors_postgres": atMost(0),
  },
} satisfies BenchPart;
