import type { Plugin } from "vite";
import { type Endpoint, endpoints, successStatus } from "../contract/api.ts";

const MODULE = "virtual:endpoint-table";
const STUDIO_MODULE = "virtual:studio-endpoint-table";

/**
 * The studio's endpoints travel with the studio's own chunks (features/studio/studio-parts.tsx),
 * not in every member's and visitor's first visit. The unread count stays with the rest: the
 * member menu of an instructor shows it on every page.
 */
const isStudioOnly = (name: string, endpoint: Endpoint) => endpoint.path.startsWith("/reactapi/studio/") && name !== "studioUnread";

/** One endpoint as the browser needs it, no schema (so no zod in any page): method, path, success status, what it makes stale. */
export type EndpointRoute = { method: "GET" | "POST"; path: string; status: number; invalidates?: readonly string[] };
/** The same, as it travels to the browser (every page carries the table, so it is kept short): status 200 and no invalidates left out. */
export type PackedRoute = [method: "GET" | "POST", path: string, status?: number, invalidates?: readonly string[]];

const pack = ({ method, path, status, invalidates }: EndpointRoute): PackedRoute =>
  invalidates?.length ? [method, path, status, invalidates] : status !== 200 ? [method, path, status] : [method, path];

/** The table of contract/api.ts without its schemas: method, path, success status and what a call makes stale. */
export function endpointRoutes(part: "studio" | "rest", table: Record<string, Endpoint> = endpoints): Record<string, EndpointRoute> {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([name, endpoint]) => isStudioOnly(name, endpoint) === (part === "studio"))
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
    resolveId: (id) => (id === MODULE || id === STUDIO_MODULE ? `\0${id}` : null),
    load: (id) => {
      const packed = (part: "studio" | "rest") =>
        JSON.stringify(Object.fromEntries(Object.entries(endpointRoutes(part)).map(([name, route]) => [name, pack(route)])));
      if (id === `\0${MODULE}`) return `export default ${packed("rest")};`;
      if (id === `\0${STUDIO_MODULE}`) return `export default ${packed("studio")};`;
      return null;
    },
  };
}
