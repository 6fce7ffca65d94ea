import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  type AnswerSentBy,
  type Endpoint,
  type EndpointName,
  endpoints,
  type ParsedRequestOf,
  successStatus,
} from "../../../contract/api.ts";
import { sentence } from "../../../contract/languages.ts";
import { HttpError, parseInput } from "./errors.ts";
import { requireDoula, requireInstructor, requireMember } from "./signed-in-member.ts";

/**
 * What a route may ask of the rules every request meets (same-origin-guard.ts), said where the
 * route is defined: a caller that proves itself with a signature instead (Stripe's webhook), or
 * the one multipart upload, which must still name its origin, or a resumable upload (tus), whose
 * own header no page of another site can send without our leave.
 */
export type SameOriginExemption = "signed-by-caller" | "multipart-upload" | "resumable-upload";

declare module "fastify" {
  interface FastifyContextConfig {
    sameOriginExemption?: SameOriginExemption;
  }
  interface FastifyInstance {
    /** The access levels capabilities add (her client's), each with its check: declared in their manifests. */
    accessLevels: ReadonlyMap<string, AccessCheck>;
  }
}

/** How a capability's access level admits a request: it throws the HttpError (401, 403) of a caller it does not admit. */
export type AccessCheck = (request: FastifyRequest) => Promise<void>;

const platformLevels = new Set<string>(["anyone", "member", "mother", "instructor", "doula", "stripe-signature", "metrics-token"]);

type Handler<Name extends EndpointName> = (
  input: ParsedRequestOf<Name>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<AnswerSentBy<Name> | FastifyReply>;

/** What a partner's account is told on a mother's entry that names no sentence of its own. */
const mothersOwn = sentence("This is for the mother's own account; a partner's account cannot do it.");

/**
 * The entry's `access`, asked of the session accounts/authentication.ts resolved: 401 to a
 * visitor, 403 to a member on the instructor's entries and to a partner's account on the mother's.
 */
async function refuseUnlessAllowed(endpoint: Endpoint, request: FastifyRequest): Promise<void> {
  if (endpoint.access === "member") requireMember(request);
  else if (endpoint.access === "mother") {
    if (requireMember(request).joinedAs === "partner") throw new HttpError(403, endpoint.partnerRefusal ?? mothersOwn);
  } else if (endpoint.access === "instructor") requireInstructor(request);
  else if (endpoint.access === "doula") requireDoula(request);
  else if (!platformLevels.has(endpoint.access)) await request.server.accessLevels.get(endpoint.access)!(request);
}

const parsePart = (schema: z.ZodType | undefined, value: unknown) => (schema ? parseInput(schema, value) : undefined);

/**
 * Registers the route of one entry of contract/api.ts: its method and path come from the entry,
 * its params, query and body are parsed with the entry's schemas (a 400 naming each bad field),
 * and its handler must return the entry's success answer, sent with the entry's status. A handler
 * that answers otherwise (a file, a shared compressed text) sends it itself and returns the reply.
 * In a plugin registered under a prefix, the entry's path must begin with that prefix.
 */
export function route<Name extends EndpointName>(
  app: FastifyInstance,
  name: Name,
  handler: Handler<Name>,
  options: { sameOriginExemption?: SameOriginExemption } = {},
): void {
  const endpoint: Endpoint = endpoints[name];
  if (!endpoint.path.startsWith(app.prefix)) throw new Error(`${name} (${endpoint.path}) is registered under ${app.prefix}`);
  const status = successStatus(endpoint);
  if (!platformLevels.has(endpoint.access) && !app.accessLevels?.has(endpoint.access))
    throw new Error(`${name} is for "${endpoint.access}", an access level no capability's manifest checks`);
  app.route({
    method: endpoint.method,
    url: endpoint.path.slice(app.prefix.length),
    config: { sameOriginExemption: options.sameOriginExemption },
    // Before the body is read or parsed: a caller who may not call the entry learns only that.
    onRequest: async (request) => refuseUnlessAllowed(endpoint, request),
    handler: async (request, reply) => {
      const input = {
        params: parsePart(endpoint.params, request.params),
        query: parsePart(endpoint.query, request.query),
        // An upload's file is the handler's to read; its JSON form (a transcript's pasted words) is parsed.
        body: endpoint.upload && request.isMultipart() ? undefined : parsePart(endpoint.body, request.body),
      } as ParsedRequestOf<Name>;
      const answer = await handler(input, request, reply);
      // A handler that sent the reply itself returns it; Fastify's reply is a thenable, so the
      // await above has already waited for it to be sent, and what comes back is not the reply.
      if (reply.sent || answer === reply) return reply;
      return reply.code(status).send(answer);
    },
  });
}
