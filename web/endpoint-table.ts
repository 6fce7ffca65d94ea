import type { Plugin } from "vite";
import { type Endpoint, endpoints, successStatus } from "../contract/api.ts";

const MODULE = "virtual:endpoint-table";
const PART_MODULE = /^virtual:endpoint-table\/(studio|calendar|bookings|messages|community|birth|account)$/;

/** The parts of the table that travel with the chunks of the screens that call them, not in every first visit. */
export type TablePart = "rest" | "studio" | "calendar" | "bookings" | "messages" | "community" | "birth" | "account";

// Answers asked beside the session check, before any screen's chunk is here (web/src/lib/first-answers.ts).
const askedFirst = new Set(["studioUnread", "bookingServices", "manageBooking", "myBookings", "communityTopics", "communityProfile"]);

/** The calls only her account page makes (features/account/account-endpoints.ts, whose test keeps it so). */
export const accountPageCalls = new Set([
  "changeName",
  "changeEmail",
  "sendEmailProof",
  "changePassword",
  "endOtherSessions",
  "saveMailChoices",
  "exportMyData",
  "deleteMyAccount",
  "saveContentNoteChoices",
]);

/**
 * Where an endpoint travels: the studio's with the studio's own chunks (features/studio/studio-parts.tsx),
 * her calendar's with the calendar screen, a booking's with the booking pages (features/bookings/),
 * her replies' and announcements' with the inbox and announcements screens, the community's with its
 * screens and the conversations under lessons (components/community-endpoints.ts), the birth
 * tools' and the partner seat's writes with their screens (components/birth-endpoints.ts), her
 * account page's own with that page, the rest in every page. An endpoint a page asks first stays
 * with the rest: the unread count (the member menu of an instructor shows it on every page), the
 * services, a booking, her bookings.
 */
export function partOf(name: string, endpoint: Endpoint): TablePart {
  if (askedFirst.has(name)) return "rest";
  if (accountPageCalls.has(name)) return "account";
  if (endpoint.path.startsWith("/reactapi/studio/calendar/") || endpoint.path.startsWith("/reactapi/studio/classes")) return "calendar";
  if (endpoint.path.startsWith("/reactapi/studio/announcements") || endpoint.path.endsWith("/reply")) return "messages";
  if (endpoint.path.startsWith("/reactapi/community/") || name === "markAnswer") return "community";
  if (
    endpoint.path.startsWith("/reactapi/birth-plan") ||
    endpoint.path.startsWith("/reactapi/studio/birth-plan") ||
    endpoint.path.startsWith("/reactapi/timer") ||
    endpoint.path.startsWith("/reactapi/account/partner/")
  )
    return "birth";
  if (endpoint.path.startsWith("/reactapi/studio/")) return "studio";
  if (endpoint.path.startsWith("/reactapi/bookings")) return "bookings";
  return "rest";
}

/** One endpoint as the browser needs it, no schema (so no zod in any page): method, path, success status, what it makes stale. */
export type EndpointRoute = { method: "GET" | "POST"; path: string; status: number; invalidates?: readonly string[] };
/** The same, as it travels to the browser (every page carries the table, so it is kept short): status 200 and no invalidates left out. */
export type PackedRoute = [method: "GET" | "POST", path: string, status?: number, invalidates?: readonly string[]];

const pack = ({ method, path, status, invalidates }: EndpointRoute): PackedRoute =>
  invalidates?.length ? [method, path, status, invalidates] : status !== 200 ? [method, path, status] : [method, path];

/** The table of contract/api.ts without its schemas: method, path, success status and what a call makes stale. */
export function endpointRoutes(part: TablePart, table: Record<string, Endpoint> = endpoints): Record<string, EndpointRoute> {
  return Object.fromEntries(
    Object.entries(table)
      .filter(([name, endpoint]) => partOf(name, endpoint) === part)
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
      const packed = (part: TablePart) =>
        JSON.stringify(Object.fromEntries(Object.entries(endpointRoutes(part)).map(([name, route]) => [name, pack(route)])));
      if (id === `\0${MODULE}`) return `export default ${packed("rest")};`;
      const part = id.startsWith("\0") ? PART_MODULE.exec(id.slice(1))?.[1] : undefined;
      return part ? `export default ${packed(part as TablePart)};` : null;
    },
  };
}
