import { t } from "./i18n.ts";
import firstTable from "virtual:endpoint-table";
import type { EndpointRoute, PackedRoute } from "../../endpoint-table.ts";
import type { AnswerOf, EndpointName, RequestOf } from "../../../contract/api.ts";

export type { AnswerOf, EndpointName } from "../../../contract/api.ts";

const endpointTable: Partial<Record<EndpointName, PackedRoute>> = { ...firstTable };

/** Adds endpoints loaded later: the studio's travel with its own chunks (features/studio/studio-parts.tsx). */
export function addEndpoints(more: Partial<Record<EndpointName, PackedRoute>>): void {
  Object.assign(endpointTable, more);
}

const unpackRoute = ([method, path, status = 200, invalidates]: PackedRoute): EndpointRoute => ({ method, path, status, invalidates });

function routeOf(name: EndpointName): EndpointRoute {
  const route = endpointTable[name];
  if (!route) throw new Error(`The endpoint ${name} is not loaded on this page`);
  return unpackRoute(route);
}

/** A failed call: the HTTP status (0 when the network failed) and the server's body, if any. */
export type ApiFailure = { status: number; error?: string; details?: Record<string, string> };

export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.error ?? `Request failed with status ${failure.status}`);
  }
}

export function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiError) return error.failure;
  return { status: 0, error: error instanceof Error ? error.message : undefined };
}

/** How a call to the server ended: its answer, or its status and text (docs/product.md, Error catalogue). */
export type Outcome<Value> = { ok: true; value: Value } | { ok: false; failure: ApiFailure };

export async function attempt<Value>(work: () => Promise<Value>): Promise<Outcome<Value>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

// A path's parameters are text in the address; a number is as good.
type PathParams<Params> = Params extends undefined ? undefined : { [Key in keyof Params]: Params[Key] | number };
type Parts<Name extends EndpointName> = Omit<RequestOf<Name>, "params"> & { params: PathParams<RequestOf<Name>["params"]> };
type NeededParts<Name extends EndpointName> = {
  [Part in keyof Parts<Name> as Parts<Name>[Part] extends undefined ? never : Part]: Parts<Name>[Part];
};
/** What a call of an endpoint sends: its path's parameters, query and body, each where the entry has one. */
export type CallArgs<Name extends EndpointName> = NeededParts<Name>;
/** The arguments after the endpoint's name: none for an endpoint that takes nothing. */
export type ArgsOf<Name extends EndpointName> = keyof NeededParts<Name> extends never ? [args?: CallArgs<Name>] : [args: CallArgs<Name>];

type LooseArgs = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

/** The address of a call: the entry's path with its parameters filled in, and the query. */
export function addressOf<Name extends EndpointName>(name: Name, ...[args]: ArgsOf<Name>): string {
  const { params, query } = (args ?? {}) as LooseArgs;
  const path = routeOf(name).path.replace(/:([A-Za-z]+)/g, (_match: string, key: string) =>
    encodeURIComponent(String(params?.[key] ?? "")),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const JSON_ONLY = { accept: "application/json" };

/**
 * Calls an endpoint of contract/api.ts by name, with the headers the product description names
 * (docs/product.md, "Calls"). Its answer's type is the entry's: no caller chooses it. Any status
 * but the entry's success, a network failure or an unreadable body rejects with an ApiError
 * carrying the status and the server's sentence.
 */
export async function call<Name extends EndpointName>(name: Name, ...args: ArgsOf<Name>): Promise<AnswerOf<Name>> {
  const { method, status } = routeOf(name);
  const url = addressOf(name, ...args);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: method === "POST" ? { ...JSON_ONLY, "content-type": "application/json" } : JSON_ONLY,
      body: method === "POST" ? JSON.stringify((args[0] as LooseArgs | undefined)?.body ?? {}) : undefined,
    });
  } catch {
    throw new ApiError({ status: 0, error: t("We could not reach the server. Please check your connection and try again.") });
  }
  const text = await response.text().catch(() => "");
  return readAnswer(response.status, text, response.status === status) as AnswerOf<Name>;
}

/** What a successful call of this endpoint makes stale (the entry's `invalidates`). */
export const invalidatedBy = (name: EndpointName): readonly string[] => routeOf(name).invalidates ?? [];

/**
 * An answer's JSON (undefined when empty or unreadable), or, when it is not the one expected, an
 * ApiError with the status and the server's sentence. For call and the studio's upload.
 */
export function readAnswer(status: number, text: string, ok: boolean): unknown {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!ok) throw new ApiError({ ...((body && typeof body === "object" ? body : {}) as Omit<ApiFailure, "status">), status });
  return body;
}
