import { describe, expect, it } from "vitest";
import { endpoints, successStatus } from "./api.ts";
import { apiPrefix } from "./constants.ts";

describe("the table of endpoints", () => {
  const entries = Object.entries(endpoints);

  it("gives every endpoint one method and path, and a success status", () => {
    const addresses = entries.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(addresses).size).toBe(addresses.length);
    // 204 only where a protocol of its own says so (tus's PATCH and DELETE of an upload).
    for (const [name, endpoint] of entries)
      expect(endpoint.method === "PATCH" || endpoint.method === "DELETE" ? [204] : [200, 201, 202], name).toContain(
        successStatus(endpoint),
      );
    // Under the API's prefix, but for the server's own checks (contract/operations.ts), which probes and scrapers call.
    const outside = entries.filter(([, endpoint]) => !endpoint.path.startsWith(`${apiPrefix}/`)).map(([name]) => name);
    expect(outside.sort()).toEqual(["healthz", "metrics", "readyz"]);
  });

  // The product description reads a course's modules and her access with POSTs; a gift's giver
  // reads her gift with one, so its token is not in an address that gets logged.
  const postsThatRead = ["getCourseModules", "getUserAccess", "giftForGiver"];

  it("names in `invalidates` only endpoints that read, so a change asks them again", () => {
    for (const [name, endpoint] of entries) {
      for (const stale of ("invalidates" in endpoint ? endpoint.invalidates : []) ?? []) {
        expect(endpoints, `${name} invalidates ${stale}`).toHaveProperty(stale);
        if (!postsThatRead.includes(stale))
          expect(endpoints[stale as keyof typeof endpoints].method, `${name} invalidates ${stale}`).toBe("GET");
      }
    }
  });
});
