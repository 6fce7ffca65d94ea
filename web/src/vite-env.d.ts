/// <reference types="vite/client" />

declare module "virtual:endpoint-table" {
  import type { PackedRoute } from "../endpoint-table.ts";
  import type { EndpointName } from "../../contract/api.ts";
  const table: Partial<Record<EndpointName, PackedRoute>>;
  export default table;
}

declare module "virtual:studio-endpoint-table" {
  import type { PackedRoute } from "../endpoint-table.ts";
  import type { EndpointName } from "../../contract/api.ts";
  const table: Partial<Record<EndpointName, PackedRoute>>;
  export default table;
}
