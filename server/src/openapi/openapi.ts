import type { FastifyInstance } from "fastify";
import { route } from "../http/endpoint-route.ts";
import { z } from "zod";
import { type Access, type Endpoint, endpoints } from "../../../contract/api.ts";
import { ApiError } from "../../../contract/errors.ts";

const jsonSchema = (schema: z.ZodType, io: "input" | "output") => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
};

const uploadForm = {
  type: "object",
  properties: { file: { type: "string", contentMediaType: "application/octet-stream" } },
  required: ["file"],
};

// A level a capability adds (her client's) is a member's session it checks further.
const security: Partial<Record<Access, Record<string, string[]>[]>> = {
  member: [{ session: [] }],
  // A member's session on her own account; a partner's account gets 403.
  mother: [{ session: [] }],
  // The session of a member whose role is admin; anyone else gets 401 or 403 from the studio guard.
  instructor: [{ session: [] }],
  // The session of the instructor or of a team doula (role team).
  doula: [{ session: [] }],
  "stripe-signature": [{ stripeSignature: [] }],
  "metrics-token": [{ metricsToken: [] }],
};

/** The OpenAPI 3.1 description of the API, from the contract's table of endpoints. */
export function openApiDocument(list: Endpoint[] = Object.values(endpoints)) {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { "application/json": { schema: jsonSchema(ApiError, "output") } };
  for (const endpoint of list) {
    const path = endpoint.path.replace(/:([A-Za-z]+)/g, "{$1}");
    const params = endpoint.params ? (jsonSchema(endpoint.params, "input") as { properties?: Record<string, unknown> }) : undefined;
    const query = endpoint.query ? (jsonSchema(endpoint.query, "input") as { properties?: Record<string, unknown> }) : undefined;
    const parameters = [
      ...Object.entries(params?.properties ?? {}).map(([name, schema]) => ({ name, in: "path", required: true, schema })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({ name, in: "query", required: false, schema })),
    ];
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = {
      summary: endpoint.summary,
      ...(endpoint.access === "anyone" ? {} : { security: security[endpoint.access] ?? [{ session: [] }] }),
      ...(parameters.length > 0 ? { parameters } : {}),
      // An upload that also takes JSON (a transcript's file, or its pasted words) describes both.
      ...(endpoint.body || endpoint.upload
        ? {
            requestBody: {
              required: true,
              content: {
                ...(endpoint.body ? { "application/json": { schema: jsonSchema(endpoint.body, "input") } } : {}),
                ...(endpoint.upload ? { "multipart/form-data": { schema: uploadForm } } : {}),
              },
            },
          }
        : {}),
      responses: {
        ...Object.fromEntries(
          Object.entries(endpoint.answers).map(([status, answer]) => [
            status,
            {
              description: answer.description,
              ...(answer.schema
                ? { content: { [answer.contentType ?? "application/json"]: { schema: jsonSchema(answer.schema, "output") } } }
                : answer.contentType
                  ? { content: { [answer.contentType]: {} } }
                  : {}),
            },
          ]),
        ),
        "4XX": { description: "Refused, with a sentence for a person (and per-field sentences on a 400).", content: error },
        "503": { description: "The database cannot be reached just now; Retry-After says when to try again.", content: error },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Calm Birth Circle API",
      version: "1",
      description: "State-changing requests are JSON and same-origin; the session is an HttpOnly cookie.",
    },
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "session" },
        stripeSignature: { type: "apiKey", in: "header", name: "Stripe-Signature" },
        metricsToken: { type: "http", scheme: "bearer" },
      },
    },
    paths,
  };
}

// Worked out once per process, when first asked: the contract does not change while the server
// runs, and every app a process builds (the tests build hundreds) describes the same one.
let document: string | undefined;

export async function openApiRoutes(app: FastifyInstance) {
  route(app, "openApi", async (_input, _request, reply) =>
    reply
      .header("content-type", "application/json; charset=utf-8")
      .header("cache-control", "public, max-age=300")
      .send((document ??= JSON.stringify(openApiDocument()))),
  );
}
