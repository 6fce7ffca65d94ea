import type { Plugin } from "vite";
import { type Endpoint, endpoints, successStatus } from "../contract/api.ts";

const MODULE = "virtual:endpoint-table";
const PART_MODULE = /^virtual:endpoint-table\/([a-z-]+)$/;

/**
 * The part of the table an endpoint travels in, as its entry declares (`travels`, in its
 * capability's contract part): a screen that calls it imports `virtual:endpoint-table/<part>`
 * first, so the first visit of every other page does not carry it. "rest" is every page's part;
 * "none" is no page's (what only servers, Stripe or a monitor call).
 */
export const partOf = (endpoint: Endpoint): string => endpoint.travels ?? "rest";

/** One endpoint as the browser needs it, no schema (so no zod in any page): method, path, success status, what it makes stale. */
export type EndpointRoute = { method: Endpoint["method"]; path: string; status: number; invalidates?: readonly string[] };
/** The same, as it travels to the browser (every page carries the table, so it is kept short): status 200 and no invalidates left out. */
export type PackedRoute = [method: Endpoint["method"], path: string, status?: number, invalidates?: readonly string[]];

const pack = ({ method, path, status, invalidates }: EndpointRoute): PackedRoute =>
  invalidates?.length ? [method, path, status, invalidates] : status !== 200 ? [method, path, status] : [method, path];

/** The table of contract/api.ts without its schemas: method, path, success status and what a call makes stale. */
export function endpointRoutes(part: string, table: Record<string, Endpoint> = endpoints): Record<string, EndpointRoute> {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([, endpoint]) => partOf(endpoint) === part)
      .map(([name, endpoint]) => [
        name,
        {
          method: endpoint.method,
          path: endpoint.path,
          status: successStatus(endpoint),
          ...(endpoint.invalidates ? { invalidates: endpoint.invalidates } : {}),
        },
      ]),
  );
}

/**
 * Serves `virtual:endpoint-table` to the web app (and its tests): the contract's one table of
 * endpoints, read at build time, so a page calls an endpoint by name without downloading the
 * zod schemas the server validates with. web/src/lib/api.ts takes its types from the same table.
 */
export function endpointTable(): Plugin {
  return {
    name: "endpoint-table",
    resolveId: (id) => (id === MODULE || PART_MODULE.test(id) ? `\0${id}` : null),
    load: (id) => {
      const packed = (part: string) =>
        JSON.stringify(Object.fromEntries(Object.entries(endpointRoutes(part)).map(([name, route]) => [name, pack(route)])));
      if (id === `\0${MODULE}`) return `export default ${packed("rest")};`;
      const part = id.startsWith("\0") ? PART_MODULE.exec(id.slice(1))?.[1] : undefined;
      if (part === undefined) return null;
      if (part === "none") throw new Error('"none" is the part of the endpoints no page calls: no page may load it');
      // A misspelt part would load an empty table and leave its screens' calls unknown.
      if (Object.keys(endpointRoutes(part)).length === 0) throw new Error(`no endpoint of contract/api.ts travels in "${part}"`);
      return `export default ${packed(part)};`;
    },
  };
}
