import { timingSafeEqual } from "node:crypto";
import { route } from "../http/endpoint-route.ts";
import type { FastifyInstance } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { HttpError } from "../http/errors.ts";
import type { CacheStats } from "./cache-stats.ts";

export type PoolStats = { total: number; idle: number; waiting: number };

type MetricsOptions = { token: string | undefined; cacheStats: CacheStats; poolStats: (() => PoolStats) | undefined };

/**
 * Prometheus metrics at /metrics for whoever holds METRICS_TOKEN: request durations by route,
 * the PostgreSQL pool, in-memory cache hits and misses, and the process (memory, event loop).
 * Without a token the address does not exist.
 */
export function installMetrics(app: FastifyInstance, { token, cacheStats, poolStats }: MetricsOptions): void {
  if (!token) {
    // Answered here, or the address would fall through to the web app's pages.
    route(app, "metrics", async () => {
      throw new HttpError(404, "Not found. (Metrics are off: set METRICS_TOKEN to turn them on.)");
    });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request, by method, route and status",
    labelNames: ["method", "route", "status_code"],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  new Counter({
    name: "cache_lookups_total",
    help: "In-memory cache lookups, by cache and whether the value was there",
    labelNames: ["cache", "result"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, counts] of cacheStats.entries()) {
        this.inc({ cache, result: "hit" }, counts.hit);
        this.inc({ cache, result: "miss" }, counts.miss);
      }
    },
  });
  if (poolStats) {
    new Gauge({
      name: "db_pool_connections",
      help: "PostgreSQL connections of this server's pool: open, idle, and requests waiting for one",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }

  app.addHook("onResponse", async (request, reply) => {
    // Unmatched addresses share one label, so a scanner cannot grow the series without bound.
    durations.observe(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const expected = Buffer.from(`Bearer ${token}`);
  route(app, "metrics", async (_input, request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, "The metrics need the bearer token set in METRICS_TOKEN.", undefined, { "www-authenticate": "Bearer" });
    }
    return reply
      .header("content-type", registry.contentType)
      .header("cache-control", "no-store")
      .send(await registry.metrics());
  });
}
