import { ApiError } from "./errors.ts";
import { z } from "zod";
import { type Endpoint, ok } from "./endpoint.ts";

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const operationsEndpoints = {
  openApi: {
    method: "GET",
    path: "/reactapi/openapi.json",
    summary: "This description",
    access: "anyone",
    travels: "none",
    answers: { 200: { description: "OpenAPI 3.1.", contentType: "application/json" } },
  },
  healthz: {
    method: "GET",
    path: "/healthz",
    summary: "The process answers",
    access: "anyone",
    travels: "none",
    answers: ok(z.object({ status: z.literal("ok") })),
  },
  readyz: {
    method: "GET",
    path: "/readyz",
    summary: "The database answers within a second",
    access: "anyone",
    travels: "none",
    answers: ok(z.object({ status: z.literal("ready") })),
  },
  metrics: {
    method: "GET",
    path: "/metrics",
    summary: "Prometheus metrics (404 without METRICS_TOKEN)",
    access: "metrics-token",
    travels: "none",
    answers: {
      200: { description: "Prometheus text format.", contentType: "text/plain" },
      404: { description: "Metrics are off.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
