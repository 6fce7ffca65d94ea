/// <reference types="vite/client" />

declare module "virtual:endpoint-table" {
  import type { PackedRoute } from "../endpoint-table.ts";
  import type { EndpointName } from "../../contract/api.ts";
  const table: Partial<Record<EndpointName, PackedRoute>>;
  export default table;
}

// The parts that travel with their screens' chunks, as the entries declare (`travels`, web/endpoint-table.ts).
declare module "virtual:endpoint-table/*" {
  import type { PackedRoute } from "../endpoint-table.ts";
  import type { EndpointName } from "../../contract/api.ts";
  const table: Partial<Record<EndpointName, PackedRoute>>;
  export default table;
}
